/**
 * The one place the session touches browser storage (docs/architecture.md#authentication-session-and-access): AES-GCM-encrypted in
 * sessionStorage under a single key, with a 12-byte random IV per write. The CryptoKey is generated
 * non-extractable and kept by a KeyStore (IndexedDB in the browser). Nothing else of the user's is
 * written to browser storage.
 */
import type { Session } from './types';
import { createIndexedDbKeyStore, type KeyStore } from './keyStore';

export const SESSION_STORAGE_KEY = 'app.session';
const IV_BYTES = 12;
const VERSION = 1;

export interface SessionStore {
  /** The stored session, or null when missing, corrupt or undecryptable (the value is then cleared). */
  load(): Promise<Session | null>;
  save(session: Session): Promise<void>;
  clear(): void;
}

export interface SessionStoreOptions {
  keyStore?: KeyStore;
  storage?: Storage;
  storageKey?: string;
  crypto?: Crypto;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function isSession(value: unknown): value is Session {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.token === 'string' &&
    typeof v.email === 'string' &&
    typeof v.sessionId === 'string' &&
    typeof v.organisationId === 'number' &&
    Array.isArray(v.permissions) &&
    Array.isArray(v.organisationList) &&
    typeof v.hasChosenOrganisation === 'boolean'
  );
}

export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const keyStore = options.keyStore ?? createIndexedDbKeyStore();
  const storageKey = options.storageKey ?? SESSION_STORAGE_KEY;
  const webCrypto = options.crypto ?? globalThis.crypto;
  const storage = () => options.storage ?? globalThis.sessionStorage;
  // The additional data binds a ciphertext to its slot and format version.
  const aad = new TextEncoder().encode(`${storageKey}:v${VERSION}`);

  let keyPromise: Promise<CryptoKey> | null = null;
  const key = () =>
    (keyPromise ??= (async () => {
      const existing = await keyStore.load();
      if (existing) return existing;
      const created = await webCrypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
        'encrypt',
        'decrypt',
      ]);
      await keyStore.save(created);
      return created;
    })().catch((error: unknown) => {
      keyPromise = null;
      throw error;
    }));

  // A clear() while a save() is encrypting wins: the late save is dropped.
  let generation = 0;
  const clear = () => {
    generation++;
    try {
      storage().removeItem(storageKey);
    } catch {
      // storage unavailable: nothing stored either
    }
  };

  return {
    async load() {
      let raw: string | null;
      try {
        raw = storage().getItem(storageKey);
      } catch {
        return null;
      }
      if (!raw) return null;
      try {
        const [version, ivText, dataText] = raw.split('.');
        if (version !== `v${VERSION}` || !ivText || !dataText) throw new Error('bad format');
        const iv = fromBase64(ivText);
        if (iv.length !== IV_BYTES) throw new Error('bad iv');
        const plain = await webCrypto.subtle.decrypt(
          { name: 'AES-GCM', iv, additionalData: aad },
          await key(),
          fromBase64(dataText),
        );
        const session: unknown = JSON.parse(new TextDecoder().decode(plain));
        if (!isSession(session)) throw new Error('bad session');
        return session;
      } catch {
        clear();
        return null;
      }
    },
    async save(session) {
      const started = ++generation;
      const iv = webCrypto.getRandomValues(new Uint8Array(IV_BYTES));
      const data = new TextEncoder().encode(JSON.stringify(session));
      const cipher = await webCrypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: aad },
        await key(),
        data,
      );
      if (started !== generation) return;
      storage().setItem(storageKey, `v${VERSION}.${toBase64(iv)}.${toBase64(new Uint8Array(cipher))}`);
    },
    clear,
  };
}
