import type { Collaborator } from '../../api/schema/collaborator';
import type { Dashboard, DashboardListItem } from '../../api/schema/dashboard';
import type { SharingConfiguration } from '../../api/schema/sharing';
import type {
  CollaboratorSummary,
  DashboardList,
  DashboardSummary,
  MessageInput,
  MessageOutput,
} from '../../messaging/messages';
import { isAppError } from '../../platform/errors';
import { settleWrite } from '../../platform/write-outcome';
import type { Connection } from '../settings/settings';
import type { DashboardCache } from './dashboard-cache';

const pinWriteKey = (projectId: number, dashboardId: number) => `${projectId}|${dashboardId}`;

/** The part of the client's `project(id).dashboards` this service uses (so tests pass a small fake). */
export interface DashboardsApi {
  allPages(options: { concurrency?: number; limit?: number }): Promise<DashboardListItem[]>;
  get(id: number): Promise<Dashboard>;
  setPinned(id: number, pinned: boolean): Promise<Dashboard>;
  sharing(id: number): Promise<SharingConfiguration>;
  collaborators: { list(id: number): Promise<Collaborator[]> };
}

export interface DashboardsServiceDeps {
  connection: () => Promise<Connection>;
  /** `signal`: the user's Cancel of a pin they stopped waiting for. */
  api: (connection: Connection, projectId: number, signal?: AbortSignal) => DashboardsApi;
  cache: DashboardCache;
  now?: () => number;
  /** How long a list counts as fresh (default 10 minutes): within it, opening sends nothing. */
  ttlMs?: number;
  /** Pages fetched at once (default 4): fast on 10,000 dashboards without a burst PostHog throttles. */
  concurrency?: number;
  /** Dashboards per page asked for (default 250; PostHog sets no maximum for this list). */
  pageSize?: number;
}

export const DASHBOARD_LIST_TTL_MS = 10 * 60_000;

/** PostHog's levels (reference §7): 37 can edit, 21 can view. */
const CAN_EDIT = 37;
const VIEW_ONLY_ACCESS: ReadonlySet<string> = new Set(['viewer', 'none']);

/** Servers that send no privilege (older PostHog) are trusted to refuse the PATCH themselves. */
export function canEditDashboard(item: DashboardListItem): boolean {
  if (typeof item.effective_privilege_level === 'number' && item.effective_privilege_level < CAN_EDIT) {
    return false;
  }
  return !(item.user_access_level && VIEW_ONLY_ACCESS.has(item.user_access_level));
}

export function summariseDashboard(item: DashboardListItem): DashboardSummary {
  const restriction = item.effective_restriction_level ?? item.restriction_level ?? 21;
  return {
    id: item.id,
    name: item.name?.trim() ? item.name : null,
    pinned: item.pinned,
    shared: typeof item.is_shared === 'boolean' ? item.is_shared : null,
    canEdit: canEditDashboard(item),
    restricted: restriction >= CAN_EDIT,
    tags: (item.tags ?? []).filter((tag): tag is string => typeof tag === 'string'),
  };
}

function summariseCollaborator(collaborator: Collaborator): CollaboratorSummary {
  const user = collaborator.user;
  const fullName = [user?.first_name, user?.last_name].filter(Boolean).join(' ').trim();
  const email = user?.email ?? '';
  return { name: fullName || email || collaborator.user_uuid || '', email, level: collaborator.level };
}

/**
 * Dashboards of a project: the list cached per (origin, project) and revalidated after its TTL, a
 * single dashboard, pinning, sharing and collaborators. Every request uses the saved connection.
 */
export function createDashboardsService(deps: DashboardsServiceDeps) {
  const now = deps.now ?? Date.now;
  const ttlMs = deps.ttlMs ?? DASHBOARD_LIST_TTL_MS;
  const inflight = new Map<string, Promise<DashboardList>>();
  const pinning = new Map<string, AbortController>();
  // Bumped when the caches are cleared (another key or origin): a fetch started before must not
  // file what the old key saw.
  let generation = 0;

  function fetchList(connection: Connection, projectId: number): Promise<DashboardList> {
    const key = `${connection.origin}|${projectId}`;
    const running = inflight.get(key);
    if (running) return running;
    const started = generation;
    const task = (async () => {
      const items = await deps
        .api(connection, projectId)
        .allPages({ concurrency: deps.concurrency ?? 4, limit: deps.pageSize ?? 250 });
      const list: DashboardList = {
        origin: connection.origin,
        projectId,
        fetchedAt: now(),
        dashboards: items.filter((item) => !item.deleted).map(summariseDashboard),
      };
      // The list is answered at once; storing a megabyte need not hold up the first paint.
      if (started === generation) deps.cache.writeSoon(list);
      return list;
    })().finally(() => inflight.delete(key));
    inflight.set(key, task);
    return task;
  }

  /** Keeps the cached list in step with a dashboard just read or changed. */
  async function remember(connection: Connection, projectId: number, dashboard: DashboardSummary) {
    await deps.cache.upsert(connection.origin, projectId, dashboard);
  }

  return {
    async list({
      projectId,
      source,
    }: MessageInput<'dashboards/list'>): Promise<MessageOutput<'dashboards/list'>> {
      const connection = await deps.connection();
      const cached = await deps.cache.read(connection.origin, projectId);
      const age = cached ? now() - cached.fetchedAt : Number.POSITIVE_INFINITY;
      // A list from the future (the clock went back) is not trusted as fresh.
      const stale = !(age >= 0 && age < ttlMs);
      if (source === 'cache' || (source === 'fresh' && !stale)) return { list: cached, stale };
      return { list: await fetchList(connection, projectId), stale: false };
    },

    async get({
      projectId,
      dashboardId,
      source,
    }: MessageInput<'dashboards/get'>): Promise<MessageOutput<'dashboards/get'>> {
      const connection = await deps.connection();
      if (source === 'cache') {
        const cached = await deps.cache.read(connection.origin, projectId);
        return { dashboard: cached?.dashboards.find((entry) => entry.id === dashboardId) ?? null };
      }
      try {
        const dashboard = summariseDashboard(await deps.api(connection, projectId).get(dashboardId));
        await remember(connection, projectId, dashboard);
        return { dashboard };
      } catch (error) {
        if (isAppError(error) && error.kind === 'not-found') {
          await deps.cache.remove(connection.origin, projectId, dashboardId);
        }
        throw error;
      }
    },

    /** Sends `{"pinned": …}` and nothing else: pins are shared by the whole project. */
    async pin({
      projectId,
      dashboardId,
      pinned,
    }: MessageInput<'dashboards/pin'>): Promise<MessageOutput<'dashboards/pin'>> {
      const connection = await deps.connection();
      const key = pinWriteKey(projectId, dashboardId);
      const controller = new AbortController();
      pinning.set(key, controller);
      let read: DashboardSummary | undefined;
      try {
        const dashboard = await settleWrite({
          write: async () =>
            summariseDashboard(
              await deps.api(connection, projectId, controller.signal).setPinned(dashboardId, pinned),
            ),
          // The answer was lost or unreadable: the dashboard itself says whether the pin changed.
          readBack: async () => {
            read = summariseDashboard(await deps.api(connection, projectId).get(dashboardId));
            return read.pinned === pinned ? 'applied' : 'not-applied';
          },
          applied: async () => read as DashboardSummary,
          cancelled: () => controller.signal.aborted,
          onReadBack: () => remember(connection, projectId, read as DashboardSummary),
        });
        await remember(connection, projectId, dashboard);
        return { dashboard };
      } finally {
        if (pinning.get(key) === controller) pinning.delete(key);
      }
    },

    /** The user stopped waiting for a pin: PostHog is then asked what it did. */
    cancelPin({ projectId, dashboardId }: { projectId: number; dashboardId: number }): boolean {
      const controller = pinning.get(pinWriteKey(projectId, dashboardId));
      if (!controller || controller.signal.aborted) return false;
      controller.abort();
      return true;
    },

    /** The raw sharing configuration; `share-links.ts` turns it into links. */
    async sharing(
      projectId: number,
      dashboardId: number,
    ): Promise<{ origin: string; config: SharingConfiguration }> {
      const connection = await deps.connection();
      return {
        origin: connection.origin,
        config: await deps.api(connection, projectId).sharing(dashboardId),
      };
    },

    async collaborators({
      projectId,
      dashboardId,
    }: MessageInput<'dashboards/collaborators'>): Promise<MessageOutput<'dashboards/collaborators'>> {
      const connection = await deps.connection();
      try {
        const collaborators = await deps.api(connection, projectId).collaborators.list(dashboardId);
        return { available: true, collaborators: collaborators.map(summariseCollaborator) };
      } catch (error) {
        // Collaborators are an Enterprise feature: PostHog without it answers 404 for a dashboard
        // that exists (the popup asks only after reading the dashboard itself).
        if (isAppError(error) && error.kind === 'not-found') return { available: false, collaborators: [] };
        throw error;
      }
    },

    /** For the settings service: another key, origin or project may see other dashboards. */
    async clearCache(): Promise<void> {
      generation++;
      inflight.clear();
      await deps.cache.clear();
    },
  };
}
export type DashboardsService = ReturnType<typeof createDashboardsService>;
