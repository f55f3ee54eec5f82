import { createPostHogClient } from '../../api/client';
import type { StorageAreaLike } from '../../platform/storage';
import type { Handlers } from '../messages/dispatcher';
import type { SettingsService } from '../settings/settings';
import { createDashboardCache } from './dashboard-cache';
import { createDashboardsService } from './dashboards';

export interface DashboardsFeatureDeps {
  settings: Pick<SettingsService, 'connection'>;
  /** The trusted area (IndexedDB), where each project's list is cached. */
  trusted: StorageAreaLike;
}

/** Dashboards of the connected project: the cached list, one dashboard, pinning, collaborators. */
export function createDashboardsFeature(deps: DashboardsFeatureDeps) {
  const dashboards = createDashboardsService({
    connection: deps.settings.connection,
    api: (connection, projectId, signal) =>
      createPostHogClient({ ...connection, signal }).project(projectId).dashboards,
    cache: createDashboardCache({ storage: deps.trusted }),
  });
  const handlers = {
    'dashboards/list': dashboards.list,
    'dashboards/get': dashboards.get,
    'dashboards/pin': dashboards.pin,
    'dashboards/cancel-pin': async (input) => ({ cancelled: dashboards.cancelPin(input) }),
    'dashboards/collaborators': dashboards.collaborators,
  } satisfies Handlers;
  return {
    dashboards,
    handlers,
    /** A dashboard's name from the cached list (never a request), to name its page. */
    cachedName: async (projectId: number, dashboardId: number): Promise<string | undefined> =>
      (await dashboards.get({ projectId, dashboardId, source: 'cache' })).dashboard?.name ?? undefined,
    /** For the prefetcher: whether the project's list is cached, and fetching it. */
    hasCachedList: async (projectId: number): Promise<boolean> =>
      (await dashboards.list({ projectId, source: 'cache' })).list !== null,
    fetchList: (projectId: number) => dashboards.list({ projectId, source: 'fresh' }),
  };
}
export type DashboardsFeature = ReturnType<typeof createDashboardsFeature>;
