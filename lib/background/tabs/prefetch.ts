import type { PageContext } from '../../posthog/context';

/** Pages whose popup acts on one item; list and public pages need nothing ahead of time. */
const ACTIONABLE: ReadonlySet<PageContext['kind']> = new Set(['recording', 'dashboard', 'playlist']);

type ItemContext = Extract<PageContext, { kind: 'recording' | 'dashboard' | 'playlist' }>;

export interface PrefetchDeps {
  /**
   * Reads what the popup asks for first: on a service worker that just woke up this opens the key's
   * IndexedDB and reads the settings, so the popup's first answer comes from warm caches.
   */
  warmStatus: () => Promise<unknown>;
  /**
   * Loads the list the popup will show on this page (collections on a recording or collection, the
   * dashboards on a dashboard) when none is cached for its project yet. A cached list is left alone:
   * the popup paints it and revalidates it itself, so browsing PostHog costs no request per page.
   */
  warmList?: (context: ItemContext) => Promise<unknown>;
  onError?: (error: unknown) => void;
}

/** The tab-context service's `onContextChange`: get ready for the popup of the page just opened. */
export function createPrefetcher(deps: PrefetchDeps) {
  return async function prefetchFor(_tabId: number, context: PageContext | null): Promise<void> {
    if (!context || !ACTIONABLE.has(context.kind)) return;
    try {
      await deps.warmStatus();
      await deps.warmList?.(context as ItemContext);
    } catch (error) {
      deps.onError?.(error);
    }
  };
}

export interface ListWarmerDeps {
  /** The configured PostHog and project, or null before setup. */
  connection: () => Promise<{ origin: string; projectId: number } | null>;
  warmPlaylists: (projectId: number) => Promise<unknown>;
  hasDashboards: (projectId: number) => Promise<boolean>;
  fetchDashboards: (projectId: number) => Promise<unknown>;
}

/** `warmList` for the prefetcher: only the key's own PostHog, only what is not cached yet. */
export function createListWarmer(deps: ListWarmerDeps) {
  return async function warmList(context: ItemContext): Promise<void> {
    const connection = await deps.connection();
    // Another PostHog's page: its lists are not this key's to fetch.
    if (!connection || context.origin !== connection.origin) return;
    const projectId = context.projectId ?? connection.projectId;
    if (context.kind !== 'dashboard') {
      await deps.warmPlaylists(projectId);
      return;
    }
    if (!(await deps.hasDashboards(projectId))) await deps.fetchDashboards(projectId);
  };
}
