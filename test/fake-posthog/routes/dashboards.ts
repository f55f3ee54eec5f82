import { fail, permissionDenied, validationError } from '../errors';
import type { Reply } from '../http';
import { paginate } from '../pagination';
import type { ProjectCtx } from '../router';
import { dashboardFull, dashboardListItem } from '../serializers/dashboards';
import type { Dashboard } from '../state';
import { now } from '../state';
import { asBody } from '../validate';
import { applyDashboardInput, readDashboardInput, startingTiles } from './dashboard-fields';
import { findDashboard, insertDashboard, requireEdit, viewOf } from './dashboard-store';

function byPinnedThenName(a: Dashboard, b: Dashboard): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  const left = a.name ?? '';
  const right = b.name ?? '';
  if (left !== right) return left < right ? -1 : 1;
  return a.id - b.id;
}

/** Endpoint 1: ordered `-pinned, name`; soft-deleted and unlisted dashboards left out. */
export function listDashboards(ctx: ProjectCtx): Reply {
  const query = ctx.url.searchParams;
  const creationMode = ctx.flavor === 'posthog' ? query.get('creation_mode') : null;
  const search = ctx.flavor === 'posthog' ? (query.get('search') ?? '').trim().toLowerCase() : '';
  if (search.length > 200) fail(validationError('Search query must be 200 characters or fewer.', 'search'));
  const rows: Dashboard[] = [];
  for (const dashboard of ctx.state.dashboards.values()) {
    if (dashboard.projectId !== ctx.project.id || dashboard.deleted) continue;
    if (creationMode ? dashboard.creationMode !== creationMode : dashboard.creationMode === 'unlisted')
      continue;
    if (search && !matchesSearch(dashboard, search)) continue;
    rows.push(dashboard);
  }
  rows.sort(byPinnedThenName);
  const page = paginate(rows, ctx.url);
  const view = viewOf(ctx);
  return { status: 200, json: { ...page, results: page.results.map((d) => dashboardListItem(d, view)) } };
}

function matchesSearch(dashboard: Dashboard, search: string): boolean {
  const haystack = [dashboard.name ?? '', dashboard.description, ...dashboard.tags].join(' ').toLowerCase();
  return haystack.includes(search);
}

/** Endpoint 2. */
export function createDashboard(ctx: ProjectCtx): Reply {
  const input = readDashboardInput(asBody(ctx.body));
  const start = startingTiles(ctx.state, ctx.project.id, input);
  const dashboard = insertDashboard(ctx, {
    creationMode: start.mode,
    tiles: start.tiles,
    useTemplate: input.useTemplate ?? '',
    useDashboard: input.useDashboard ?? null,
  });
  applyDashboardInput(dashboard, input);
  return { status: 201, json: dashboardFull(dashboard, viewOf(ctx)) };
}

/** Endpoint 7. */
export function retrieveDashboard(ctx: ProjectCtx): Reply {
  const dashboard = findDashboard(ctx, ctx.params.id);
  dashboard.lastAccessedAt = now();
  return { status: 200, json: dashboardFull(dashboard, viewOf(ctx)) };
}

/** Python falsiness of `deleted` in the body opens the soft-deleted rows (the restore path). */
function asksForRestore(body: Record<string, unknown>): boolean {
  if (!('deleted' in body)) return false;
  const value = body.deleted;
  return value === false || value === null || value === 0 || value === '';
}

/** Endpoint 8 (and PUT). */
export function updateDashboard(ctx: ProjectCtx): Reply {
  const body = asBody(ctx.body);
  const dashboard = findDashboard(ctx, ctx.params.id, { includeDeleted: asksForRestore(body) });
  requireEdit(ctx, dashboard);
  const input = readDashboardInput(body);
  const changesRestriction =
    input.restrictionLevel !== undefined && input.restrictionLevel !== dashboard.restrictionLevel;
  if (changesRestriction && dashboard.createdBy !== ctx.user.id) {
    fail(
      permissionDenied(
        "Only the dashboard owner and project admins have the restriction rights required to change the dashboard's restriction level.",
      ),
    );
  }
  applyDashboardInput(dashboard, input);
  return { status: 200, json: dashboardFull(dashboard, viewOf(ctx)) };
}

/** Endpoint 9: ForbidDestroyModel. No lookup, no body. */
export const refuseDashboardDelete = (): Reply => ({ status: 405 });
