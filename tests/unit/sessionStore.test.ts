import { describe, expect, it } from 'vitest';
import { createMemoryKeyStore } from '../../src/authProvider/keyStore';
import { createSessionStore, SESSION_STORAGE_KEY } from '../../src/authProvider/sessionStore';
import { sampleSession } from './helpers/fakeApi';

function decodeAll(stored: string): string {
  // every base64 part decoded, so a plaintext token could not hide in an encoding either
  return stored
    .split('.')
    .map((part) => {
      try {
        return atob(part);
      } catch {
        return part;
      }
    })
    .join('|');
}

describe('sessionStore (AES-GCM in sessionStorage, key in a KeyStore)', () => {
  it('round-trips the session through one sessionStorage key', async () => {
    const store = createSessionStore({ keyStore: createMemoryKeyStore() });
    const session = sampleSession();
    await store.save(session);
    expect(Object.keys(sessionStorage)).toEqual([SESSION_STORAGE_KEY]);
    expect(await store.load()).toEqual(session);
  });

  it('the ciphertext contains neither the token nor the email', async () => {
    const store = createSessionStore({ keyStore: createMemoryKeyStore() });
    await store.save(sampleSession({ token: 'tok-secret-123', email: 'admin@example.com' }));
    const stored = sessionStorage.getItem(SESSION_STORAGE_KEY)!;
    for (const text of [stored, decodeAll(stored)]) {
      expect(text).not.toContain('tok-secret-123');
      expect(text).not.toContain('admin@example.com');
      expect(text).not.toContain('Aurora');
    }
  });

  it('uses a fresh IV per write', async () => {
    const store = createSessionStore({ keyStore: createMemoryKeyStore() });
    await store.save(sampleSession());
    const first = sessionStorage.getItem(SESSION_STORAGE_KEY)!;
    await store.save(sampleSession());
    const second = sessionStorage.getItem(SESSION_STORAGE_KEY)!;
    expect(first.split('.')[1]).not.toBe(second.split('.')[1]);
    expect(atob(first.split('.')[1])).toHaveLength(12);
  });

  it('the generated key is not extractable', async () => {
    const keyStore = createMemoryKeyStore();
    await createSessionStore({ keyStore }).save(sampleSession());
    const key = await keyStore.load();
    expect(key?.extractable).toBe(false);
    expect(key?.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
  });

  it('a tampered ciphertext loads as null and is cleared', async () => {
    const store = createSessionStore({ keyStore: createMemoryKeyStore() });
    await store.save(sampleSession());
    const [version, iv, data] = sessionStorage.getItem(SESSION_STORAGE_KEY)!.split('.');
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    bytes[0] ^= 0x01;
    sessionStorage.setItem(SESSION_STORAGE_KEY, `${version}.${iv}.${btoa(String.fromCharCode(...bytes))}`);
    expect(await store.load()).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('a value encrypted with another key (key lost) loads as null', async () => {
    await createSessionStore({ keyStore: createMemoryKeyStore() }).save(sampleSession());
    expect(await createSessionStore({ keyStore: createMemoryKeyStore() }).load()).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it.each(['garbage', 'v1.AAAA.BBBB', '{"token":"x"}'])('a corrupt value %j loads as null', async (value) => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, value);
    expect(await createSessionStore({ keyStore: createMemoryKeyStore() }).load()).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('missing value → null; clear() removes it', async () => {
    const store = createSessionStore({ keyStore: createMemoryKeyStore() });
    expect(await store.load()).toBeNull();
    await store.save(sampleSession());
    store.clear();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('a clear() during a save wins (no session resurrected after logout)', async () => {
    const store = createSessionStore({ keyStore: createMemoryKeyStore() });
    const saving = store.save(sampleSession());
    store.clear();
    await saving;
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
