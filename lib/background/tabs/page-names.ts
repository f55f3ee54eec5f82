import type { PageContext } from '../../posthog/context';

export interface PageNamesDeps {
  /** The configured PostHog and project; throws (or null) before setup. */
  connection: () => Promise<{ origin: string; projectId: number } | null>;
  /** The cached collections of a project (never a request); undefined when none is cached. */
  playlistName: (projectId: number, shortId: string) => Promise<string | undefined>;
  /** The cached dashboards of a project (never a request); undefined when none is cached. */
  dashboardName: (projectId: number, dashboardId: number) => Promise<string | undefined>;
}

/**
 * A collection's or dashboard's name from the lists Hogmark already holds, for the toolbar title and
 * the popup header until (or unless) the page's title names it. Only the connected PostHog's lists
 * name its pages: another PostHog's dashboard 3 is another dashboard.
 */
export function createPageNames(deps: PageNamesDeps) {
  return async function nameOf(context: PageContext): Promise<string | undefined> {
    if (context.kind !== 'playlist' && context.kind !== 'dashboard') return undefined;
    const connection = await deps.connection().catch(() => null);
    if (!connection || connection.origin !== context.origin) return undefined;
    const projectId = context.projectId ?? connection.projectId;
    const name =
      context.kind === 'playlist'
        ? await deps.playlistName(projectId, context.shortId)
        : await deps.dashboardName(projectId, context.dashboardId);
    return name?.trim() || undefined;
  };
}
