import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIndexedDbKeyStore, OPEN_TIMEOUT_MS } from '../../src/authProvider/keyStore';

/** An IDBFactory whose open request never answers, or answers `blocked`. */
function stalledFactory(outcome: 'silent' | 'blocked') {
  const request = {} as IDBOpenDBRequest;
  const factory = {
    open: () => {
      if (outcome === 'blocked') queueMicrotask(() => request.onblocked?.({} as IDBVersionChangeEvent));
      return request;
    },
  } as unknown as IDBFactory;
  return factory;
}

const key = { type: 'secret' } as CryptoKey;

describe('the session key store when IndexedDB does not open', () => {
  afterEach(() => vi.useRealTimers());

  it('falls back to memory after OPEN_TIMEOUT_MS instead of holding the boot for ever', async () => {
    vi.useFakeTimers();
    const store = createIndexedDbKeyStore(stalledFactory('silent'));
    const loaded = store.load();
    await vi.advanceTimersByTimeAsync(OPEN_TIMEOUT_MS);
    await expect(loaded).resolves.toBeNull();
    // The session still works for this page: the key is kept in memory.
    await store.save(key);
    await expect(store.load()).resolves.toBe(key);
  });

  it('falls back to memory at once when the open is blocked', async () => {
    const store = createIndexedDbKeyStore(stalledFactory('blocked'));
    await expect(store.load()).resolves.toBeNull();
    await store.save(key);
    await expect(store.load()).resolves.toBe(key);
  });
});
