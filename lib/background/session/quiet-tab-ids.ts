import { z } from 'zod/mini';
import { lazily } from '../../platform/lazy';
import { createItemStore, type StorageAreaLike, type StoredItem } from '../../platform/storage';

/** The quiet tabs open now (`storage.session`): a worker that stops with one open closes it on start. */
interface QuietTabIds {
  version: 1;
  tabIds: number[];
}

export const quietTabsItem: StoredItem<QuietTabIds> = {
  key: 'quietTabs',
  version: 1,
  schema: lazily(() => z.object({ version: z.literal(1), tabIds: z.array(z.int()).check(z.maxLength(50)) })),
  fallback: () => ({ version: 1, tabIds: [] }),
  migrations: {},
};

/**
 * Which tabs are Hogmark's quiet tabs, kept while they are open so that they outlive a stopped
 * worker (and are closed on its start, never taken for the user's own). Without `storage.session`
 * nothing is kept. Writes run one after another, so an add and a removal never undo each other.
 */
export function createQuietTabIds(session: StorageAreaLike | undefined) {
  const store = session ? createItemStore(session, quietTabsItem) : null;
  let writes: Promise<unknown> = Promise.resolve();
  const change = (next: (tabIds: number[]) => number[]): Promise<unknown> => {
    if (!store) return writes;
    writes = writes
      .then(() => store.update((current) => ({ version: 1, tabIds: next(current.tabIds).slice(-50) })))
      .catch(() => undefined);
    return writes;
  };
  return {
    add: (tabId: number) => void change((tabIds) => [...tabIds.filter((id) => id !== tabId), tabId]),
    remove: async (gone: readonly number[]): Promise<void> => {
      await change((tabIds) => tabIds.filter((id) => !gone.includes(id)));
    },
    /** The ids kept (none when they cannot be read). */
    list: async (): Promise<number[]> => {
      await writes;
      return store ? (await store.get().catch(() => ({ tabIds: [] as number[] }))).tabIds : [];
    },
  };
}
