import type { KeyValueStore, StoredSnapshot } from '../../platform/key-store';
import type { StorageAreaLike } from '../../platform/storage';
import { TRUSTED_COPY } from './stored-names';

/**
 * A copy, in `storage.session`, of what the popup's first view reads from the trusted area: its
 * items and the key's state (whether one is saved, its mask and origin; never the key). A popup
 * opened in a new process reads it in one round trip, where opening the extension's IndexedDB takes
 * several. The background alone writes it, and only this module: the copy is taken away before
 * anything the trusted area holds is written, and put back, read afresh from IndexedDB, once no
 * write is left. A copy that is there is therefore never older than IndexedDB; where there is none
 * (a write under way, a worker stopped mid-write, a new browser session, a copy too large to keep),
 * the popup reads IndexedDB as before. Besides the popup's first paint, only the worker's wake script
 * reads it (lib/wake/), to send an add before the rest of the background has loaded; the
 * background then decides that add again from IndexedDB and takes the answer only where it would
 * have sent the very same request. Every other decision, and every answer of the background, is
 * made from IndexedDB.
 */

interface StoredCopy {
  version: typeof TRUSTED_COPY.version;
  snapshot: StoredSnapshot;
}

const isText = (value: unknown): value is string | null => value === null || typeof value === 'string';

function isSnapshot(value: unknown): value is StoredSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const { key, items } = value as Partial<StoredSnapshot>;
  return (
    typeof key === 'object' &&
    key !== null &&
    typeof key.saved === 'boolean' &&
    isText(key.masked) &&
    isText(key.origin) &&
    typeof items === 'object' &&
    items !== null &&
    !Array.isArray(items)
  );
}

/** The whole copy, as `storage.session` gave it under `TRUSTED_COPY.key`; null when it is not one. */
export function trustedCopyOf(value: unknown): StoredSnapshot | null {
  const copy = value as Partial<StoredCopy> | undefined;
  return copy?.version === TRUSTED_COPY.version && isSnapshot(copy.snapshot) ? copy.snapshot : null;
}

/** The popup's read: the copy's items among `keys`, or null when there is no whole copy to read. */
export async function readTrustedCopy(
  session: { get(keys: string): Promise<Record<string, unknown>> },
  keys: readonly string[],
): Promise<StoredSnapshot | null> {
  const snapshot = trustedCopyOf((await session.get(TRUSTED_COPY.key))[TRUSTED_COPY.key]);
  if (!snapshot) return null;
  const { key, items } = snapshot;
  return {
    key,
    items: Object.fromEntries(keys.filter((name) => name in items).map((name) => [name, items[name]])),
  };
}

export interface TrustedCopyDeps {
  /** `storage.session`, restricted to the extension's own pages and background. */
  session: Pick<StorageAreaLike, 'set' | 'remove'> & { get(keys: string): Promise<Record<string, unknown>> };
  /** One read of the trusted area and the key's state, in one transaction (readStoredSnapshot). */
  read: (keys: readonly string[]) => Promise<StoredSnapshot>;
  /** The trusted area's items the popup's first view reads. */
  keys: readonly string[];
  onError?: (error: unknown) => void;
}

export function createTrustedCopy(deps: TrustedCopyDeps) {
  /** Writes to the trusted area or the key store that have begun and not ended. */
  let writing = 0;
  /** Counts the writes begun: a read of the trusted area that one began during is not put back. */
  let begun = 0;
  /** A write ended since the copy was last put back. */
  let stale = false;
  /** Taking the copy away, while a write is under way: each write waits for it before it begins. */
  let takenAway: Promise<void> = Promise.resolve();
  let putting: Promise<void> = Promise.resolve();
  const fail = (error: unknown) => deps.onError?.(error);
  const takeAway = () => deps.session.remove([TRUSTED_COPY.key, TRUSTED_COPY.mark]);

  async function putBack(): Promise<void> {
    if (writing > 0 || !stale) return;
    stale = false;
    const before = begun;
    const snapshot = await deps.read(deps.keys);
    // A write that began meanwhile took the copy away: it puts it back once it ends. Checked just
    // before the call, so that a removal asked for later is ordered after this set.
    if (writing > 0 || begun !== before) {
      stale = true;
      return;
    }
    const copy: StoredCopy = { version: TRUSTED_COPY.version, snapshot };
    await deps.session.set({ [TRUSTED_COPY.key]: copy, [TRUSTED_COPY.mark]: 1 });
  }

  /** Puts the copy back once no write is left; one at a time, in order. */
  function refresh(): Promise<void> {
    putting = putting.then(putBack).catch((error: unknown) => {
      // A copy that could not be written (too large for storage.session) is left out, and the popup
      // reads IndexedDB; so is one that may be half written.
      fail(error);
      return takeAway().catch(fail);
    });
    return putting;
  }

  /** Runs one write of the trusted area or the key store with the copy out of the popup's reach. */
  async function around<T>(write: () => Promise<T>): Promise<T> {
    writing += 1;
    begun += 1;
    if (writing === 1) takenAway = takeAway().catch(fail);
    try {
      await takenAway;
      return await write();
    } finally {
      writing -= 1;
      stale = true;
      void refresh();
    }
  }

  return {
    around,
    /**
     * At a worker's start, once what older versions kept has moved: puts the copy back when there is
     * none (a new browser session, or a worker stopped in the middle of a write).
     */
    async start(moved: Promise<unknown>): Promise<void> {
      await moved;
      if ((await deps.session.get(TRUSTED_COPY.mark))[TRUSTED_COPY.mark] === 1) return;
      stale = true;
      await refresh();
    },
    /** Resolves once every copy asked for so far is written (or left out). */
    settled: () => putting,
  };
}
export type TrustedCopy = ReturnType<typeof createTrustedCopy>;

/** The trusted area, each write kept from the popup's copy until it is put back. */
export function areaKeepingCopy<A extends StorageAreaLike>(area: A, keeper: TrustedCopy): A {
  return {
    ...area,
    set: (items) => keeper.around(() => area.set(items)),
    remove: (keys) => keeper.around(() => area.remove(keys)),
  };
}

/** The key store's IndexedDB, the same way: whether a key is saved, its mask and origin are copied. */
export function storeKeepingCopy(store: KeyValueStore, keeper: TrustedCopy): KeyValueStore {
  return {
    ...store,
    set: (key, value) => keeper.around(() => store.set(key, value)),
    delete: (key) => keeper.around(() => store.delete(key)),
    setAll: (entries) => keeper.around(() => store.setAll(entries)),
    deleteAll: (keys) => keeper.around(() => store.deleteAll(keys)),
  };
}
