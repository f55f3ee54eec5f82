/**
 * Where the personal API key lives: the extension origin's IndexedDB. `storage.local` is readable by
 * content scripts (and so by a compromised PostHog tab's renderer); the extension's IndexedDB is not,
 * and unlike `storage.session` it survives a browser restart.
 */

import { maskKey } from './storage';

/** A minimal async key-value store, so the settings service can be tested with the in-memory one. */
export interface KeyValueStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Several at once, all or none (one transaction): a reader never sees half of them. */
  setAll(entries: Record<string, string>): Promise<void>;
  deleteAll(keys: readonly string[]): Promise<void>;
}

export function createMemoryKeyValueStore(initial: Record<string, string> = {}): KeyValueStore & {
  entries(): Record<string, string>;
} {
  const data = new Map(Object.entries(initial));
  return {
    get: async (key) => data.get(key),
    set: async (key, value) => void data.set(key, value),
    delete: async (key) => void data.delete(key),
    setAll: async (entries) => {
      for (const [key, value] of Object.entries(entries)) data.set(key, value);
    },
    deleteAll: async (keys) => {
      for (const key of keys) data.delete(key);
    },
    entries: () => Object.fromEntries(data),
  };
}

const SECRETS = 'secrets';
const ITEMS = 'items';
/** 1: the key (`secrets`); 2: every other stored item content scripts need not see (`items`). */
const DB_VERSION = 2;

/** One connection to the extension origin's database, shared by the key store and the trusted area. */
function databaseOpener(factory: IDBFactory, databaseName: string) {
  let opening: Promise<IDBDatabase> | undefined;
  return function open(): Promise<IDBDatabase> {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(databaseName, DB_VERSION);
      request.onupgradeneeded = () => {
        const db = request.result;
        for (const name of [SECRETS, ITEMS]) {
          if (!db.objectStoreNames.contains(name)) db.createObjectStore(name);
        }
      };
      request.onsuccess = () => {
        const db = request.result;
        // A newer build upgrading the database is never held up by a page still open.
        db.onversionchange = () => {
          db.close();
          opening = undefined;
        };
        resolve(db);
      };
      request.onerror = () => reject(request.error);
    }).catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  };
}

const openers = new WeakMap<IDBFactory, Map<string, () => Promise<IDBDatabase>>>();
function openerFor(factory: IDBFactory, databaseName: string): () => Promise<IDBDatabase> {
  const byName = openers.get(factory) ?? new Map<string, () => Promise<IDBDatabase>>();
  openers.set(factory, byName);
  const known = byName.get(databaseName);
  if (known) return known;
  const open = databaseOpener(factory, databaseName);
  byName.set(databaseName, open);
  return open;
}

/** Runs one request in its own transaction and resolves when the transaction is committed. */
async function run<T>(
  open: () => Promise<IDBDatabase>,
  storeName: string,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest | undefined,
): Promise<T> {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(storeName, mode);
    let request: IDBRequest | undefined;
    try {
      request = act(transaction.objectStore(storeName));
    } catch (error) {
      // A value that cannot be stored: what the same call wrote before it is undone (all or none).
      transaction.abort();
      throw error;
    }
    transaction.oncomplete = () => resolve(request?.result as T);
    // Not `onerror`: a failed request aborts its transaction, whose error is set only then.
    transaction.onabort = () => reject(transaction.error);
  });
}

export function createIndexedDbKeyValueStore(factory: IDBFactory, databaseName = 'hogmark'): KeyValueStore {
  const open = openerFor(factory, databaseName);
  return {
    async get(key) {
      const value = await run<unknown>(open, SECRETS, 'readonly', (store) => store.get(key));
      return typeof value === 'string' ? value : undefined;
    },
    set: (key, value) =>
      run<void>(open, SECRETS, 'readwrite', (store) => store.put(value, key)).then(() => undefined),
    delete: (key) =>
      run<void>(open, SECRETS, 'readwrite', (store) => store.delete(key)).then(() => undefined),
    setAll: (entries) =>
      run<void>(open, SECRETS, 'readwrite', (store) => {
        let last: IDBRequest | undefined;
        for (const [key, value] of Object.entries(entries)) last = store.put(value, key);
        return last;
      }).then(() => undefined),
    deleteAll: (keys) =>
      run<void>(open, SECRETS, 'readwrite', (store) => {
        let last: IDBRequest | undefined;
        for (const key of keys) last = store.delete(key);
        return last;
      }).then(() => undefined),
  };
}

/**
 * A `storage.local`-shaped area in the extension origin's IndexedDB: for what only the extension's
 * own pages and background may read or write (settings with the address the key goes to, what the
 * key check learnt, cached names). Content scripts, and so a compromised PostHog tab, reach
 * `storage.local`; they cannot reach this.
 */
export function createIndexedDbArea(factory: IDBFactory, databaseName = 'hogmark') {
  const open = openerFor(factory, databaseName);
  const list = (keys: string | string[]) => (Array.isArray(keys) ? keys : [keys]);
  return {
    async get(keys: string | string[]): Promise<Record<string, unknown>> {
      const wanted = list(keys);
      const db = await open();
      return new Promise((resolve, reject) => {
        const transaction = db.transaction(ITEMS, 'readonly');
        const store = transaction.objectStore(ITEMS);
        const found: Record<string, unknown> = {};
        for (const key of wanted) {
          const request = store.get(key);
          request.onsuccess = () => {
            if (request.result !== undefined) found[key] = request.result;
          };
        }
        transaction.oncomplete = () => resolve(found);
        transaction.onabort = () => reject(transaction.error);
      });
    },
    async set(items: Record<string, unknown>): Promise<void> {
      await run<void>(open, ITEMS, 'readwrite', (store) => {
        let last: IDBRequest | undefined;
        for (const [key, value] of Object.entries(items)) last = store.put(value, key);
        return last;
      });
    },
    async remove(keys: string | string[]): Promise<void> {
      await run<void>(open, ITEMS, 'readwrite', (store) => {
        let last: IDBRequest | undefined;
        for (const key of list(keys)) last = store.delete(key);
        return last;
      });
    },
    /** Every key stored (for the move from storage.local and for tests). */
    keys: () =>
      run<IDBValidKey[]>(open, ITEMS, 'readonly', (store) => store.getAllKeys()).then((keys) =>
        keys.map(String),
      ),
  };
}

const API_KEY = 'personalApiKey';
/** The origin the key was saved for: it is only ever sent there (settings.ts checks both agree). */
const API_KEY_ORIGIN = 'personalApiKeyOrigin';
/**
 * The key's masked form (`phx_…a1B2`), written and deleted in the same transaction as the key: the
 * popup reads whether a key is saved, and this, without ever reading the key (readStoredSnapshot).
 */
const API_KEY_MASK = 'personalApiKeyMask';
/** A sign-in's access token is kept as the key; its grant and refresh mark (grant-store.ts) go with it. */
export const SIGN_IN_GRANT = 'signInGrant';
export const SIGN_IN_REFRESHING = 'signInRefreshing';

/**
 * The API key on top of a KeyValueStore: the only place the background reads or writes it. Every
 * message that calls PostHog (and the popup's status) needs it, so after the first read it is kept in
 * the background's memory, where it is used anyway; writes go through here and keep it current.
 * The key is stored with the origin it was saved for, where content scripts cannot write either.
 */
export function createApiKeyStore(store: KeyValueStore) {
  let memory: Promise<{ key: string | null; origin: string | null }> | null = null;
  const readBoth = () => {
    if (memory) return memory;
    const read = Promise.all([store.get(API_KEY), store.get(API_KEY_ORIGIN), store.get(API_KEY_MASK)]).then(
      async ([key, origin, mask]) => {
        // A key saved before its mask was kept gets one on its first read (until then the popup
        // cannot tell its key state from the stores, and asks the background).
        if (key && mask !== maskKey(key)) await store.set(API_KEY_MASK, maskKey(key));
        return { key: key ?? null, origin: origin ?? null };
      },
    );
    memory = read;
    read.catch(() => {
      if (memory === read) memory = null;
    });
    return read;
  };
  return {
    read: (): Promise<string | null> => readBoth().then((value) => value.key),
    /** Read from storage again: a sign-in's token may have been refreshed by another worker. */
    reread(): Promise<string | null> {
      memory = null;
      return readBoth().then((value) => value.key);
    },
    /** The origin the key belongs to; null for a key saved before keys were bound (see migration). */
    origin: (): Promise<string | null> => readBoth().then((value) => value.origin),
    /** `withEntries`: a sign-in's grant, written with its access token; a key comes without one. */
    async write(key: string, origin: string, withEntries: Record<string, string> = {}): Promise<void> {
      memory = null;
      if (!(SIGN_IN_GRANT in withEntries)) await store.deleteAll([SIGN_IN_GRANT, SIGN_IN_REFRESHING]);
      await store.setAll({
        ...withEntries,
        [API_KEY_ORIGIN]: origin,
        [API_KEY]: key,
        [API_KEY_MASK]: maskKey(key),
      });
      memory = Promise.resolve({ key, origin });
    },
    /** Binds a key saved before keys were bound to the origin it was used with. */
    async bind(origin: string): Promise<void> {
      memory = null;
      await store.set(API_KEY_ORIGIN, origin);
    },
    async clear(): Promise<void> {
      memory = null;
      await store.deleteAll([API_KEY, API_KEY_MASK, API_KEY_ORIGIN, SIGN_IN_GRANT, SIGN_IN_REFRESHING]);
      memory = Promise.resolve({ key: null, origin: null });
    },
  };
}
export type ApiKeyStore = ReturnType<typeof createApiKeyStore>;

/** What readStoredSnapshot gives: the key's state (never the key) and stored items, as one moment saw them. */
export interface StoredSnapshot {
  key: {
    saved: boolean;
    /** `phx_…a1B2`; null when none is kept (no key, or one saved before masks were kept). */
    masked: string | null;
    origin: string | null;
  };
  /** The trusted area's items asked for that exist, raw (their readers check version and shape). */
  items: Record<string, unknown>;
}

/**
 * For the popup's first paint: whether a key is saved (counted, never read), its masked form and
 * origin, and some of the trusted area's items, in one read-only transaction over both stores, so
 * nothing written between two reads (a key forgotten, a key saved) mixes two states.
 */
export async function readStoredSnapshot(
  factory: IDBFactory,
  itemKeys: readonly string[],
  databaseName = 'hogmark',
): Promise<StoredSnapshot> {
  const db = await openerFor(factory, databaseName)();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction([SECRETS, ITEMS], 'readonly');
    const secrets = transaction.objectStore(SECRETS);
    const saved = secrets.count(API_KEY);
    const masked = secrets.get(API_KEY_MASK);
    const origin = secrets.get(API_KEY_ORIGIN);
    const items: Record<string, unknown> = {};
    const store = transaction.objectStore(ITEMS);
    for (const key of itemKeys) {
      const request = store.get(key);
      request.onsuccess = () => {
        if (request.result !== undefined) items[key] = request.result;
      };
    }
    const text = (request: IDBRequest) => (typeof request.result === 'string' ? request.result : null);
    transaction.oncomplete = () =>
      resolve({ key: { saved: saved.result > 0, masked: text(masked), origin: text(origin) }, items });
    transaction.onabort = () => reject(transaction.error);
  });
}
