/**
 * Where the session's AES-GCM key lives. In the browser: IndexedDB, which stores a CryptoKey as a
 * structured clone, so the key stays non-extractable (its bytes are never visible to script).
 * Tests pass the in-memory store.
 */
export interface KeyStore {
  load(): Promise<CryptoKey | null>;
  save(key: CryptoKey): Promise<void>;
}

export function createMemoryKeyStore(): KeyStore {
  let stored: CryptoKey | null = null;
  return {
    load: async () => stored,
    save: async (key) => {
      stored = key;
    },
  };
}

const DB_NAME = 'app-session-key';
const STORE = 'keys';
const KEY_ID = 'session';

/**
 * How long IndexedDB may take to open before the session uses memory instead. An open can stay
 * pending (a blocked upgrade, a browser profile busy elsewhere): without a bound, the boot waits on it
 * for ever behind its overlay.
 */
export const OPEN_TIMEOUT_MS = 3000;

function openDb(factory: IDBFactory, timeoutMs: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('IndexedDB did not open in time')), timeoutMs);
    const settle = (done: () => void) => () => {
      clearTimeout(timer);
      done();
    };
    const request = factory.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = settle(() => resolve(request.result));
    request.onerror = settle(() => reject(request.error));
    request.onblocked = settle(() => reject(new Error('IndexedDB is blocked')));
  });
}

function run<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = action(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result as T);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/**
 * IndexedDB key store; falls back to memory when IndexedDB is unavailable, blocked or does not open
 * within OPEN_TIMEOUT_MS (then a reload loses the session, which is the safe direction).
 */
export function createIndexedDbKeyStore(
  factory: IDBFactory | undefined = globalThis.indexedDB,
  timeoutMs = OPEN_TIMEOUT_MS,
): KeyStore {
  if (!factory) return createMemoryKeyStore();
  const fallback = createMemoryKeyStore();
  let dbPromise: Promise<IDBDatabase> | null = null;
  const db = () => (dbPromise ??= openDb(factory, timeoutMs));
  return {
    async load() {
      try {
        const key = await run<unknown>(await db(), 'readonly', (s) => s.get(KEY_ID));
        return key instanceof CryptoKey ? key : await fallback.load();
      } catch {
        return fallback.load();
      }
    },
    async save(key) {
      try {
        await run(await db(), 'readwrite', (s) => s.put(key, KEY_ID));
      } catch {
        await fallback.save(key);
      }
    },
  };
}
