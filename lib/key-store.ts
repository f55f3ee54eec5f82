/**
 * Where the personal API key lives: the extension origin's IndexedDB. `storage.local` is readable by
 * content scripts (and so by a compromised PostHog tab's renderer); the extension's IndexedDB is not,
 * and unlike `storage.session` it survives a browser restart.
 */

/** A minimal async key-value store, so the settings service can be tested with the in-memory one. */
export interface KeyValueStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

export function createMemoryKeyValueStore(initial: Record<string, string> = {}): KeyValueStore & {
  entries(): Record<string, string>;
} {
  const data = new Map(Object.entries(initial));
  return {
    get: async (key) => data.get(key),
    set: async (key, value) => void data.set(key, value),
    delete: async (key) => void data.delete(key),
    entries: () => Object.fromEntries(data),
  };
}

const STORE_NAME = 'secrets';

export function createIndexedDbKeyValueStore(factory: IDBFactory, databaseName = 'hogmark'): KeyValueStore {
  let opening: Promise<IDBDatabase> | undefined;

  function open(): Promise<IDBDatabase> {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(databaseName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE_NAME);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    }).catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  }

  async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest): Promise<T> {
    const db = await open();
    return new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE_NAME, mode);
      const request = act(transaction.objectStore(STORE_NAME));
      transaction.oncomplete = () => resolve(request.result as T);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  }

  return {
    async get(key) {
      const value = await run<unknown>('readonly', (store) => store.get(key));
      return typeof value === 'string' ? value : undefined;
    },
    set: (key, value) => run<void>('readwrite', (store) => store.put(value, key)).then(() => undefined),
    delete: (key) => run<void>('readwrite', (store) => store.delete(key)).then(() => undefined),
  };
}

const API_KEY = 'personalApiKey';

/**
 * The API key on top of a KeyValueStore: the only place the background reads or writes it. Every
 * message that calls PostHog (and the popup's status) needs it, so after the first read it is kept in
 * the background's memory, where it is used anyway; writes go through here and keep it current.
 */
export function createApiKeyStore(store: KeyValueStore) {
  let memory: Promise<string | null> | null = null;
  return {
    read(): Promise<string | null> {
      if (memory) return memory;
      const read = store.get(API_KEY).then((value) => value ?? null);
      memory = read;
      read.catch(() => {
        if (memory === read) memory = null;
      });
      return read;
    },
    async write(key: string): Promise<void> {
      memory = null;
      await store.set(API_KEY, key);
      memory = Promise.resolve(key);
    },
    async clear(): Promise<void> {
      memory = null;
      await store.delete(API_KEY);
      memory = Promise.resolve(null);
    },
  };
}
export type ApiKeyStore = ReturnType<typeof createApiKeyStore>;
