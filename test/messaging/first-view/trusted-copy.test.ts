import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  FIRST_VIEW_TRUSTED_KEYS,
  STORED,
  TRUSTED_COPY,
} from '../../../lib/messaging/first-view/stored-names';
import {
  areaKeepingCopy,
  createTrustedCopy,
  readTrustedCopy,
  storeKeepingCopy,
  type TrustedCopyDeps,
} from '../../../lib/messaging/first-view/trusted-copy';
import {
  createApiKeyStore,
  createIndexedDbArea,
  createIndexedDbKeyValueStore,
  readStoredSnapshot,
  type StoredSnapshot,
} from '../../../lib/platform/key-store';
import { deferred } from '../../support/deferred';

const KEY = 'phx_abcdefghijklmnopqrstuvwxyz';
const US = 'https://us.posthog.com';
const SETTINGS = { version: 2, origin: US, projectId: 1, projectName: 'Main', inPageButton: true };
const session = fakeBrowser.storage.session;

/** The background's trusted area and key store over one IndexedDB, with the popup's copy kept. */
function background(overrides: Partial<TrustedCopyDeps> = {}) {
  const factory = new IDBFactory();
  const errors: unknown[] = [];
  const reads: string[][] = [];
  const keeper = createTrustedCopy({
    session,
    read: (keys) => {
      reads.push([...keys]);
      return readStoredSnapshot(factory, keys);
    },
    keys: FIRST_VIEW_TRUSTED_KEYS,
    onError: (error) => errors.push(error),
    ...overrides,
  });
  const trusted = areaKeepingCopy(createIndexedDbArea(factory), keeper);
  const keyStore = createApiKeyStore(storeKeepingCopy(createIndexedDbKeyValueStore(factory), keeper));
  /** What the popup reads from IndexedDB itself. */
  const fromIndexedDb = () => readStoredSnapshot(factory, FIRST_VIEW_TRUSTED_KEYS);
  const copy = () => readTrustedCopy(session, FIRST_VIEW_TRUSTED_KEYS);
  return { factory, keeper, trusted, keyStore, fromIndexedDb, copy, errors, reads };
}

beforeEach(() => fakeBrowser.reset());

describe('the trusted area’s copy in storage.session', () => {
  it('is put back at a start where there is none, and is then what IndexedDB holds', async () => {
    const { keeper, trusted, copy, fromIndexedDb } = background();
    await trusted.set({ movedFromLocal: 1, [STORED.settings.key]: SETTINGS });
    await session.clear(); // a new browser session
    await expect(copy()).resolves.toBeNull();
    await keeper.start(Promise.resolve());
    await expect(copy()).resolves.toEqual(await fromIndexedDb());
    await expect(copy()).resolves.toMatchObject({ items: { settings: SETTINGS } });
  });

  it('is not read again at a start where it is there', async () => {
    const { keeper, reads } = background();
    await keeper.start(Promise.resolve());
    expect(reads).toHaveLength(1);
    await keeper.start(Promise.resolve());
    expect(reads).toHaveLength(1);
  });

  it('waits for what older versions kept to move before it is read', async () => {
    const { keeper, reads } = background();
    const moved = deferred();
    const started = keeper.start(moved.promise);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toEqual([]);
    moved.resolve();
    await started;
    expect(reads).toHaveLength(1);
  });

  it('is away while a write is under way, and back, read afresh, once it ended', async () => {
    const { keeper, trusted, copy, fromIndexedDb } = background();
    await keeper.start(Promise.resolve());
    await expect(copy()).resolves.not.toBeNull();
    // The write sees the copy already gone when it begins.
    const seenDuring: Array<StoredSnapshot | null> = [];
    const write = createIndexedDbArea(new IDBFactory()).set;
    await areaKeepingCopy(
      {
        get: trusted.get,
        remove: trusted.remove,
        set: async (items) => {
          seenDuring.push(await copy());
          await write(items);
        },
      },
      keeper,
    ).set({ [STORED.settings.key]: SETTINGS });
    expect(seenDuring).toEqual([null]);
    await trusted.set({ [STORED.settings.key]: SETTINGS });
    await keeper.settled();
    await expect(copy()).resolves.toEqual(await fromIndexedDb());
    await expect(copy()).resolves.toMatchObject({ items: { settings: SETTINGS } });
  });

  it('stays away until the last of overlapping writes ended', async () => {
    const { keeper, trusted, copy } = background();
    await keeper.start(Promise.resolve());
    const held = deferred();
    const long = keeper.around(() => held.promise);
    await trusted.set({ [STORED.settings.key]: SETTINGS });
    await keeper.settled();
    await expect(copy()).resolves.toBeNull();
    held.resolve();
    await long;
    await keeper.settled();
    await expect(copy()).resolves.toMatchObject({ items: { settings: SETTINGS } });
  });

  it('is not put back from a read that a write began during', async () => {
    const factory = new IDBFactory();
    const release = deferred();
    let hold = false;
    const sets: unknown[] = [];
    const { keeper, copy } = background({
      read: async (keys) => {
        const held = hold;
        const snapshot = await readStoredSnapshot(factory, keys);
        if (held) await release.promise;
        return snapshot;
      },
      session: {
        get: (keys) => session.get(keys),
        remove: (keys) => session.remove(keys),
        set: (items) => {
          sets.push(items);
          return session.set(items);
        },
      },
    });
    const own = areaKeepingCopy(createIndexedDbArea(factory), keeper);
    await own.set({ [STORED.settings.key]: { ...SETTINGS, projectName: 'Old' } });
    await keeper.settled();
    expect(sets).toHaveLength(1);
    // The next put-back reads the old settings, and is held there while a new write begins and ends.
    hold = true;
    const first = own.set({ movedFromLocal: 1 });
    await first;
    await new Promise((resolve) => setTimeout(resolve, 0));
    hold = false;
    await own.set({ [STORED.settings.key]: SETTINGS });
    release.resolve();
    await keeper.settled();
    await expect(copy()).resolves.toMatchObject({ items: { movedFromLocal: 1, settings: SETTINGS } });
    // The held read's snapshot (settings "Old") was never written.
    expect(sets).toHaveLength(2);
  });

  it('copies whether a key is saved, its mask and its origin, never the key', async () => {
    const { keeper, keyStore, copy } = background();
    await keeper.start(Promise.resolve());
    await keyStore.write(KEY, US);
    await keeper.settled();
    await expect(copy()).resolves.toMatchObject({ key: { saved: true, masked: 'phx_…wxyz', origin: US } });
    expect(JSON.stringify(await session.get(null))).not.toContain(KEY);
    await keyStore.clear();
    await keeper.settled();
    await expect(copy()).resolves.toMatchObject({ key: { saved: false, masked: null, origin: null } });
  });

  it('is left out, and the failure reported, when storage.session cannot take it', async () => {
    const { keeper, trusted, copy, errors } = background({
      session: {
        get: (keys) => session.get(keys),
        remove: (keys) => session.remove(keys),
        set: async () => {
          throw new Error('QUOTA_BYTES quota exceeded');
        },
      },
    });
    await trusted.set({ [STORED.settings.key]: SETTINGS });
    await keeper.settled();
    await expect(copy()).resolves.toBeNull();
    expect(errors).toHaveLength(1);
    // The write itself was made.
    await expect(trusted.get(STORED.settings.key)).resolves.toEqual({ settings: SETTINGS });
  });
});

describe('the popup’s read of the copy', () => {
  const snapshot: StoredSnapshot = {
    key: { saved: true, masked: 'phx_…a1B2', origin: US },
    items: { movedFromLocal: 1, settings: SETTINGS, other: 1 },
  };

  it('gives the items asked for, and the key’s state', async () => {
    await session.set({ [TRUSTED_COPY.key]: { version: TRUSTED_COPY.version, snapshot } });
    await expect(readTrustedCopy(session, ['settings', 'keyCheck'])).resolves.toEqual({
      key: snapshot.key,
      items: { settings: SETTINGS },
    });
  });

  it.each<[string, unknown]>([
    ['none', undefined],
    ['another version', { version: TRUSTED_COPY.version + 1, snapshot }],
    [
      'a key state without its mask',
      { version: TRUSTED_COPY.version, snapshot: { ...snapshot, key: { saved: true } } },
    ],
    ['items that are a list', { version: TRUSTED_COPY.version, snapshot: { ...snapshot, items: [] } }],
    ['no snapshot', { version: TRUSTED_COPY.version }],
  ])('is null for %s, so the popup reads IndexedDB', async (_, value) => {
    if (value !== undefined) await session.set({ [TRUSTED_COPY.key]: value });
    await expect(readTrustedCopy(session, ['settings'])).resolves.toBeNull();
  });
});
