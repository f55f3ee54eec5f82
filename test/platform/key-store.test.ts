import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import {
  createApiKeyStore,
  createIndexedDbArea,
  createIndexedDbKeyValueStore,
  createMemoryKeyValueStore,
  type KeyValueStore,
  readStoredSnapshot,
} from '../../lib/platform/key-store';

const KEY = 'phx_abcdefghijklmnopqrstuvwxyz';
const ORIGIN = 'https://eu.posthog.com';

/** Settles when `request` does: a raw IndexedDB request, for what the stores never do themselves. */
function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Writes `value` under `key` in `store` of the database, bypassing the stores (a value they never write). */
async function plant(factory: IDBFactory, store: string, key: string, value: unknown): Promise<void> {
  const db = await settled(factory.open('hogmark'));
  await new Promise<void>((resolve, reject) => {
    const transaction = db.transaction(store, 'readwrite');
    transaction.objectStore(store).put(value, key);
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
  });
  db.close();
}

/** While it is on, each transaction that reads is aborted by the browser before it completes. */
function abortEveryRead() {
  const get = IDBObjectStore.prototype.get;
  const aborted = new WeakSet<IDBTransaction>();
  return vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementation(function (this: IDBObjectStore, key) {
    const request = get.call(this, key);
    // Once every read of the transaction is asked (as a disk failing under it would).
    const transaction = this.transaction;
    if (!aborted.has(transaction)) {
      aborted.add(transaction);
      queueMicrotask(() => transaction.abort());
    }
    return request;
  });
}

/** Whether `promise` settles within a few turns of the event loop, and how. */
async function outcome(promise: Promise<unknown>): Promise<'resolved' | 'rejected' | 'pending'> {
  const timeout = new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), 50));
  return Promise.race([
    promise.then(
      () => 'resolved' as const,
      () => 'rejected' as const,
    ),
    timeout,
  ]);
}

describe("the key store's IndexedDB layer", () => {
  it('creates both object stores, and reads back what it wrote, one key or several at once', async () => {
    const factory = new IDBFactory();
    const secrets = createIndexedDbKeyValueStore(factory);
    await expect(secrets.get('a')).resolves.toBeUndefined();
    await secrets.set('a', '1');
    await secrets.setAll({ b: '2', c: '3' });
    await expect(Promise.all(['a', 'b', 'c'].map((key) => secrets.get(key)))).resolves.toEqual([
      '1',
      '2',
      '3',
    ]);
    await secrets.delete('a');
    await secrets.deleteAll(['b', 'c']);
    await expect(Promise.all(['a', 'b', 'c'].map((key) => secrets.get(key)))).resolves.toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const db = await settled(factory.open('hogmark'));
    expect(db.version).toBe(2);
    expect([...db.objectStoreNames].sort()).toEqual(['items', 'secrets']);
    db.close();
  });

  it('keeps nothing between databases of another name or another browser profile', async () => {
    const factory = new IDBFactory();
    await createIndexedDbKeyValueStore(factory).set('a', '1');
    await expect(createIndexedDbKeyValueStore(factory, 'other').get('a')).resolves.toBeUndefined();
    await expect(createIndexedDbKeyValueStore(new IDBFactory()).get('a')).resolves.toBeUndefined();
    await expect(createIndexedDbKeyValueStore(factory).get('a')).resolves.toBe('1');
  });

  it('reads a value that is not text as none', async () => {
    const factory = new IDBFactory();
    await createIndexedDbKeyValueStore(factory).set('warm', 'up');
    await plant(factory, 'secrets', 'personalApiKey', { key: KEY });
    await expect(createIndexedDbKeyValueStore(factory).get('personalApiKey')).resolves.toBeUndefined();
  });

  it('writes several keys all or none: one that cannot be stored leaves the others unwritten', async () => {
    const factory = new IDBFactory();
    const secrets = createIndexedDbKeyValueStore(factory);
    const unstorable = (() => undefined) as unknown as string;
    await expect(secrets.setAll({ a: '1', b: unstorable })).rejects.toThrow();
    await expect(secrets.get('a')).resolves.toBeUndefined();
  });

  it('adds the second object store to a database of the first version, keeping the key', async () => {
    const factory = new IDBFactory();
    const open = factory.open('hogmark', 1);
    open.onupgradeneeded = () => {
      open.result.createObjectStore('secrets').put(KEY, 'personalApiKey');
    };
    (await settled(open)).close();
    await expect(createIndexedDbKeyValueStore(factory).get('personalApiKey')).resolves.toBe(KEY);
    await createIndexedDbArea(factory).set({ settings: 1 });
    await expect(createIndexedDbArea(factory).get('settings')).resolves.toEqual({ settings: 1 });
  });

  it('lets a newer build replace the database, then opens it again', async () => {
    const factory = new IDBFactory();
    const secrets = createIndexedDbKeyValueStore(factory);
    await secrets.set('a', '1');
    const blocked = vi.fn();
    const removal = factory.deleteDatabase('hogmark');
    removal.onblocked = blocked;
    await settled(removal);
    expect(blocked).not.toHaveBeenCalled();
    await expect(secrets.get('a')).resolves.toBeUndefined();
    await secrets.set('a', '2');
    await expect(secrets.get('a')).resolves.toBe('2');
  });

  it('fails a write the database refuses with the database\u2019s own error', async () => {
    const factory = new IDBFactory();
    const secrets = createIndexedDbKeyValueStore(factory);
    await secrets.set('a', '1');
    // A request that fails once made (here: an insert of a key already there, in place of the put).
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value,
      key,
    ) {
      return this.add(value, key);
    });
    try {
      await expect(secrets.set('a', '2')).rejects.toMatchObject({ name: 'ConstraintError' });
    } finally {
      put.mockRestore();
    }
    await expect(secrets.get('a')).resolves.toBe('1');
  });

  it('fails a read the browser aborts, rather than waiting for it forever', async () => {
    const factory = new IDBFactory();
    const secrets = createIndexedDbKeyValueStore(factory);
    const area = createIndexedDbArea(factory);
    await secrets.set('warm', 'up');
    const aborting = abortEveryRead();
    try {
      expect(await outcome(secrets.get('a'))).toBe('rejected');
      expect(await outcome(area.get('a'))).toBe('rejected');
      expect(await outcome(readStoredSnapshot(factory, ['a']))).toBe('rejected');
    } finally {
      aborting.mockRestore();
    }
  });

  it('opens one connection for the key store and the trusted area of a database', async () => {
    const factory = new IDBFactory();
    const open = vi.spyOn(factory, 'open');
    await createIndexedDbKeyValueStore(factory).set('a', '1');
    await createIndexedDbArea(factory).set({ b: 2 });
    await createIndexedDbKeyValueStore(factory).get('a');
    await readStoredSnapshot(factory, ['b']);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('tries to open the database again after a failed open, instead of failing until the worker restarts', async () => {
    const factory = new IDBFactory();
    // A database of a newer version than this build knows: opening it fails.
    (await settled(factory.open('hogmark', 9))).close();
    const secrets = createIndexedDbKeyValueStore(factory);
    await expect(secrets.get('a')).rejects.toMatchObject({ name: 'VersionError' });
    await settled(factory.deleteDatabase('hogmark'));
    await expect(secrets.get('a')).resolves.toBeUndefined();
  });
});

describe('the trusted area', () => {
  it('reads one key or several, leaving out those not stored, and removes one or several', async () => {
    const factory = new IDBFactory();
    const area = createIndexedDbArea(factory);
    await area.set({ a: { n: 1 }, b: [2], c: 'three' });
    await expect(area.get('a')).resolves.toEqual({ a: { n: 1 } });
    await expect(area.get(['b', 'c', 'missing'])).resolves.toStrictEqual({ b: [2], c: 'three' });
    await expect(area.keys()).resolves.toEqual(['a', 'b', 'c']);
    await area.remove('a');
    await expect(area.keys()).resolves.toEqual(['b', 'c']);
    await area.remove(['b', 'c']);
    await expect(area.get(['a', 'b', 'c'])).resolves.toEqual({});
  });

  it('is apart from the key: neither reads what the other wrote', async () => {
    const factory = new IDBFactory();
    await createIndexedDbArea(factory).set({ personalApiKey: 'not the key' });
    await createIndexedDbKeyValueStore(factory).set('settings', 'not an item');
    await expect(createIndexedDbKeyValueStore(factory).get('personalApiKey')).resolves.toBeUndefined();
    await expect(createIndexedDbArea(factory).get('settings')).resolves.toEqual({});
  });

  it('refuses a value it cannot store, and writes none of the others asked with it', async () => {
    const area = createIndexedDbArea(new IDBFactory());
    await expect(area.set({ b: 2, a: () => undefined })).rejects.toThrow();
    await expect(area.keys()).resolves.toEqual([]);
  });
});

describe("the popup's snapshot of both stores", () => {
  it('says whether a key is saved, its masked form and origin, and the items asked for, never the key', async () => {
    const factory = new IDBFactory();
    const keys = createApiKeyStore(createIndexedDbKeyValueStore(factory));
    await createIndexedDbArea(factory).set({ a: 1, b: 2 });
    await expect(readStoredSnapshot(factory, ['a', 'missing'])).resolves.toStrictEqual({
      key: { saved: false, masked: null, origin: null },
      items: { a: 1 },
    });
    await keys.write(KEY, ORIGIN);
    const snapshot = await readStoredSnapshot(factory, []);
    expect(snapshot).toEqual({ key: { saved: true, masked: 'phx_…wxyz', origin: ORIGIN }, items: {} });
    expect(JSON.stringify(snapshot)).not.toContain(KEY);
    await keys.clear();
    await expect(readStoredSnapshot(factory, [])).resolves.toEqual({
      key: { saved: false, masked: null, origin: null },
      items: {},
    });
  });

  it('reads a mask or an origin that is not text as none', async () => {
    const factory = new IDBFactory();
    await createIndexedDbKeyValueStore(factory).set('warm', 'up');
    await plant(factory, 'secrets', 'personalApiKeyMask', 7);
    await plant(factory, 'secrets', 'personalApiKeyOrigin', { origin: ORIGIN });
    await expect(readStoredSnapshot(factory, [])).resolves.toEqual({
      key: { saved: false, masked: null, origin: null },
      items: {},
    });
  });
});

describe('the API key in memory', () => {
  /** A key store whose reads fail while `failing` says so. */
  function flaky(inner: KeyValueStore) {
    const state = { failing: true, reads: 0 };
    const store: KeyValueStore = {
      ...inner,
      get: (key) => {
        state.reads++;
        return state.failing ? Promise.reject(new Error('storage hiccup')) : inner.get(key);
      },
    };
    return { store, state };
  }

  it('is not a failed read kept forever: the next read asks the database again', async () => {
    const { store, state } = flaky(
      createMemoryKeyValueStore({ personalApiKey: KEY, personalApiKeyOrigin: ORIGIN }),
    );
    const keys = createApiKeyStore(store);
    await expect(keys.read()).rejects.toThrow('storage hiccup');
    state.failing = false;
    await expect(keys.read()).resolves.toBe(KEY);
    await expect(keys.origin()).resolves.toBe(ORIGIN);
  });

  it('keeps the key written while a read was failing: the failed read does not forget it', async () => {
    const failure = Promise.withResolvers<string | undefined>();
    let reads = 0;
    const inner = createMemoryKeyValueStore();
    const keys = createApiKeyStore({
      ...inner,
      get: (key) => {
        reads++;
        return reads <= 3 ? failure.promise : inner.get(key);
      },
    });
    const failed = keys.read();
    await keys.write(KEY, ORIGIN);
    failure.reject(new Error('storage hiccup'));
    await expect(failed).rejects.toThrow('storage hiccup');
    await expect(keys.read()).resolves.toBe(KEY);
    expect(reads).toBe(3);
  });

  it('is read again after a failed mask write, then kept', async () => {
    const memory = createMemoryKeyValueStore({ personalApiKey: KEY, personalApiKeyOrigin: ORIGIN });
    let failWrite = true;
    let reads = 0;
    const keys = createApiKeyStore({
      ...memory,
      get: (key) => {
        reads++;
        return memory.get(key);
      },
      set: (key, value) => (failWrite ? Promise.reject(new Error('quota')) : memory.set(key, value)),
    });
    await expect(keys.read()).rejects.toThrow('quota');
    failWrite = false;
    await expect(keys.read()).resolves.toBe(KEY);
    await expect(keys.read()).resolves.toBe(KEY);
    expect(reads).toBe(6);
    expect(memory.entries().personalApiKeyMask).toBe('phx_…wxyz');
  });

  it('forgets a sign-in\u2019s grant and refresh mark when a key is written in its place, keeps them with a token', async () => {
    const memory = createMemoryKeyValueStore();
    const keys = createApiKeyStore(memory);
    await keys.write('pha_token', ORIGIN, { signInGrant: '{"refresh":"phr_x"}', signInRefreshing: '1' });
    expect(memory.entries()).toMatchObject({ signInGrant: '{"refresh":"phr_x"}', signInRefreshing: '1' });
    await keys.write(KEY, ORIGIN);
    expect(Object.keys(memory.entries()).sort()).toEqual([
      'personalApiKey',
      'personalApiKeyMask',
      'personalApiKeyOrigin',
    ]);
  });

  it('keeps the sign-in\u2019s grant when writing its refreshed token fails', async () => {
    const memory = createMemoryKeyValueStore({ personalApiKey: 'pha_old', signInGrant: 'old grant' });
    const keys = createApiKeyStore({ ...memory, setAll: () => Promise.reject(new Error('quota')) });
    await expect(keys.write('pha_new', ORIGIN, { signInGrant: 'new grant' })).rejects.toThrow('quota');
    expect(memory.entries()).toEqual({ personalApiKey: 'pha_old', signInGrant: 'old grant' });
  });

  it('writes no mask when the stored one is already right', async () => {
    const memory = createMemoryKeyValueStore({ personalApiKey: KEY, personalApiKeyMask: 'phx_…wxyz' });
    const set = vi.fn(memory.set);
    await expect(createApiKeyStore({ ...memory, set }).read()).resolves.toBe(KEY);
    expect(set).not.toHaveBeenCalled();
  });

  it('forgets the key it held when another key is bound or written, and reads what is stored', async () => {
    const memory = createMemoryKeyValueStore({ personalApiKey: KEY });
    const keys = createApiKeyStore(memory);
    await expect(keys.origin()).resolves.toBeNull();
    await keys.bind(ORIGIN);
    await expect(keys.origin()).resolves.toBe(ORIGIN);
    expect(memory.entries().personalApiKeyOrigin).toBe(ORIGIN);
  });

  it('is not left half-written when a write fails: the next read asks the database', async () => {
    const memory = createMemoryKeyValueStore({ personalApiKey: KEY, personalApiKeyOrigin: ORIGIN });
    const keys = createApiKeyStore({ ...memory, setAll: () => Promise.reject(new Error('quota')) });
    await keys.read();
    await expect(keys.write('phx_zyxwvutsrqponmlkjihgfedcba', 'https://us.posthog.com')).rejects.toThrow();
    await expect(keys.read()).resolves.toBe(KEY);
    await expect(keys.origin()).resolves.toBe(ORIGIN);
  });

  it('is none after a clear that failed half-way is not trusted: the database is read again', async () => {
    const memory = createMemoryKeyValueStore({ personalApiKey: KEY, personalApiKeyOrigin: ORIGIN });
    const keys = createApiKeyStore({ ...memory, deleteAll: () => Promise.reject(new Error('quota')) });
    await keys.read();
    await expect(keys.clear()).rejects.toThrow();
    await expect(keys.read()).resolves.toBe(KEY);
  });
});
