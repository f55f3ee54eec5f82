import { createItemStore, memoizeItemStore, type StorageAreaLike } from '../../platform/storage';
import { keyRefusalsItem } from '../collections/collection-store';

/** Origins kept at most; more PostHogs than this in one browser session is not a real case. */
const ORIGINS_KEPT = 20;

/**
 * Which PostHog origins refused the personal API key for adding or removing a recording. PostHog
 * refuses those actions to every personal key (DESIGN.md, the session fallback), so once an origin
 * has said so, asking with the key again only costs a request: later adds and removes there go
 * straight through the signed-in tab. Kept in `storage.session` (a restarted service worker still
 * knows; a restarted browser tries the key again, in case PostHog changed) and forgotten when the
 * settings change. Kept in memory too (this service alone writes it): an add reads it with the
 * collection and membership, and the write that asks it next costs no second read.
 */
export function createKeyRefusals(session: StorageAreaLike) {
  const store = memoizeItemStore(createItemStore(session, keyRefusalsItem));
  return {
    async refuses(origin: string): Promise<boolean> {
      return (await store.get()).origins.includes(origin);
    },
    async remember(origin: string): Promise<void> {
      await store.update((current) =>
        current.origins.includes(origin)
          ? current
          : { version: 1, origins: [origin, ...current.origins].slice(0, ORIGINS_KEPT) },
      );
    },
    clear: () => store.remove(),
  };
}
export type KeyRefusals = ReturnType<typeof createKeyRefusals>;
