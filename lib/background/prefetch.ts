import type { PageContext } from '../context';

/** Pages whose popup acts on one item; list and public pages need nothing ahead of time. */
const ACTIONABLE: ReadonlySet<PageContext['kind']> = new Set(['recording', 'dashboard', 'playlist']);

export interface PrefetchDeps {
  /**
   * Reads the status, which the popup's `popup/open` starts with: on a service worker that just woke
   * up this opens the key's IndexedDB and reads the settings (kept in memory from then on), so the
   * popup's first answer comes from warm caches. Playlist and dashboard lists join here once cached.
   */
  warmStatus: () => Promise<unknown>;
  onError?: (error: unknown) => void;
}

/** The tab-context service's `onContextChange`: get ready for the popup of the page just opened. */
export function createPrefetcher(deps: PrefetchDeps) {
  return async function prefetchFor(_tabId: number, context: PageContext | null): Promise<void> {
    if (!context || !ACTIONABLE.has(context.kind)) return;
    try {
      await deps.warmStatus();
    } catch (error) {
      deps.onError?.(error);
    }
  };
}
