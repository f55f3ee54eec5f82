import { fail, notFound, permissionDenied } from '../errors';
import type { ProjectCtx } from '../router';
import type { ViewContext } from '../serializers/dashboards';
import type { Dashboard } from '../state';
import { now, privilegeLevel } from '../state';

export const EDIT_DENIED = "You don't have edit permissions for this dashboard.";

/** A dashboard of the URL's project; soft-deleted ones only when asked for (PostHog's restore path). */
export function findDashboard(
  ctx: ProjectCtx,
  rawId: string | undefined,
  { includeDeleted = false, detail = 'Not found.' } = {},
): Dashboard {
  const id = /^\d+$/.test(rawId ?? '') ? Number(rawId) : Number.NaN;
  const dashboard = ctx.state.dashboards.get(id);
  if (!dashboard || dashboard.projectId !== ctx.project.id || (dashboard.deleted && !includeDeleted)) {
    return fail(notFound(detail));
  }
  return dashboard;
}

export function requireEdit(ctx: ProjectCtx, dashboard: Dashboard, detail = EDIT_DENIED): void {
  if (privilegeLevel(ctx.state, dashboard, ctx.user.id) < 37) fail(permissionDenied(detail));
}

export const viewOf = (ctx: ProjectCtx): ViewContext => ({
  state: ctx.state,
  flavor: ctx.flavor,
  userId: ctx.user.id,
});

/** A new dashboard of the URL's project, created by the caller, stored. */
export function insertDashboard(ctx: ProjectCtx, fields: Partial<Dashboard>): Dashboard {
  const dashboard: Dashboard = {
    id: ctx.state.nextId.dashboard++,
    projectId: ctx.project.id,
    name: null,
    description: '',
    pinned: false,
    createdAt: now(),
    createdBy: ctx.user.id,
    lastAccessedAt: null,
    deleted: false,
    creationMode: 'default',
    tags: [],
    restrictionLevel: 21,
    filters: {},
    tiles: [],
    useTemplate: '',
    useDashboard: null,
    ...fields,
  };
  ctx.state.dashboards.set(dashboard.id, dashboard);
  return dashboard;
}
