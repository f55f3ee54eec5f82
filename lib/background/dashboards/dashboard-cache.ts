import type { DashboardList, DashboardSummary } from '../../messaging/messages';
import { createItemStore, type StorageAreaLike } from '../../platform/storage';
import { dashboardCacheIndexItem, dashboardListItem } from '../storage/stored-items';

export interface DashboardCacheDeps {
  /**
   * The trusted area (the extension's IndexedDB, see trusted-storage.ts): the lists outlive the
   * service worker, so a cold popup paints at once.
   */
  storage: StorageAreaLike;
  /** Projects kept at most; the least recently written list goes first (default 5). */
  maxProjects?: number;
  /** A write to storage that failed (the list stays in memory). */
  onError?: (error: unknown) => void;
}

/**
 * The dashboard lists per (origin, project). Reads come from memory after the first one: parsing a
 * 10,000-dashboard list out of storage on every popup would cost more than the popup itself.
 */
export function createDashboardCache(deps: DashboardCacheDeps) {
  const maxProjects = Math.max(1, deps.maxProjects ?? 5);
  const memory = new Map<string, DashboardList | null>();
  const index = createItemStore(deps.storage, dashboardCacheIndexItem);
  const storeOf = (origin: string, projectId: number) =>
    createItemStore(deps.storage, dashboardListItem(origin, projectId));
  const keyOf = (origin: string, projectId: number) => dashboardListItem(origin, projectId).key;
  // Writes go one at a time, so two lists finishing together cannot lose each other's index entry.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  async function read(origin: string, projectId: number): Promise<DashboardList | null> {
    const key = keyOf(origin, projectId);
    if (memory.has(key)) return memory.get(key) ?? null;
    const { list } = await storeOf(origin, projectId).get();
    // A list filed under another key (edited storage) is not this project's.
    const valid = list && list.origin === origin && list.projectId === projectId ? list : null;
    // A write that landed while storage was read is newer than what storage held.
    if (!memory.has(key)) memory.set(key, valid);
    return memory.get(key) ?? null;
  }

  // Lists waiting to be written; a burst of pins writes the newest list once, not once per pin
  // (a 10,000-dashboard list is about a megabyte).
  const dirty = new Set<string>();

  function persist(key: string): Promise<void> {
    dirty.add(key);
    return serially(async () => {
      if (!dirty.delete(key)) return;
      const list = memory.get(key);
      if (!list) return;
      await storeOf(list.origin, list.projectId).set({ version: 1, list });
      const { keys } = await index.get();
      const kept = [key, ...keys.filter((other) => other !== key)];
      const evicted = kept.slice(maxProjects);
      for (const old of evicted) memory.delete(old);
      if (evicted.length > 0) await deps.storage.remove(evicted);
      await index.set({ version: 1, keys: kept.slice(0, maxProjects) });
    });
  }

  /** Readers see the list at once; the promise settles once it is in storage. */
  function write(list: DashboardList): Promise<void> {
    const key = keyOf(list.origin, list.projectId);
    memory.set(key, list);
    return persist(key);
  }

  /** For changes of one dashboard: the answer to the user need not wait for storage. */
  function writeSoon(list: DashboardList): void {
    write(list).catch((error: unknown) => deps.onError?.(error));
  }

  return {
    read,
    write,
    writeSoon,
    /** Settles once every write so far is in storage. */
    flushed: (): Promise<void> => serially(async () => undefined),

    /** Replaces (or adds) one dashboard in a cached list; nothing happens when none is cached. */
    async upsert(origin: string, projectId: number, dashboard: DashboardSummary): Promise<void> {
      const list = await read(origin, projectId);
      if (!list) return;
      const found = list.dashboards.some((entry) => entry.id === dashboard.id);
      const dashboards = found
        ? list.dashboards.map((entry) => (entry.id === dashboard.id ? dashboard : entry))
        : [...list.dashboards, dashboard];
      writeSoon({ ...list, dashboards });
    },

    /** Drops a dashboard PostHog no longer has (deleted, or no longer visible to the user). */
    async remove(origin: string, projectId: number, dashboardId: number): Promise<void> {
      const list = await read(origin, projectId);
      if (!list?.dashboards.some((entry) => entry.id === dashboardId)) return;
      writeSoon({ ...list, dashboards: list.dashboards.filter((entry) => entry.id !== dashboardId) });
    },

    /** Forgets every list: another key may see other dashboards. */
    async clear(): Promise<void> {
      await serially(async () => {
        const { keys } = await index.get();
        await deps.storage.remove([...keys, dashboardCacheIndexItem.key]);
        memory.clear();
        dirty.clear();
      });
    },
  };
}
export type DashboardCache = ReturnType<typeof createDashboardCache>;
