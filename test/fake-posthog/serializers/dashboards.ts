import type { Dashboard, State, Tile } from '../state';
import { dashboardSharing, findUser, privilegeLevel } from '../state';
import type { Flavor } from '../types';
import { userSummary } from './users';

export interface ViewContext {
  state: State;
  flavor: Flavor;
  userId: number;
}

/** DashboardBasicSerializer: the list item. The contract's 13 fields; PostHog adds a few more. */
export function dashboardListItem(dashboard: Dashboard, view: ViewContext): Record<string, unknown> {
  const { state, flavor } = view;
  const privilege = privilegeLevel(state, dashboard, view.userId);
  const item: Record<string, unknown> = {
    id: dashboard.id,
    name: dashboard.name,
    description: dashboard.description,
    pinned: dashboard.pinned,
    created_at: dashboard.createdAt,
    created_by: userSummary(findUser(state, dashboard.createdBy), flavor),
    is_shared: dashboardSharing(state, dashboard.id)?.enabled ?? false,
    deleted: dashboard.deleted,
    creation_mode: dashboard.creationMode,
    tags: [...dashboard.tags],
    restriction_level: dashboard.restrictionLevel,
    effective_restriction_level: dashboard.restrictionLevel,
    effective_privilege_level: privilege,
  };
  if (flavor === 'posthog') {
    Object.assign(item, {
      last_accessed_at: dashboard.lastAccessedAt,
      last_viewed_at: null,
      // RBAC's `access_level_for_object` (posthog/rbac/user_access_control.py): the creator (and an org
      // admin, which no seeded user is) gets the highest level; anyone else the default, `editor`, as
      // no access controls are modelled. The legacy privilege does not enter into it.
      user_access_level: dashboard.createdBy === view.userId ? 'manager' : 'editor',
      access_control_version: dashboard.restrictionLevel > 21 ? 'v1' : 'v2',
      last_refresh: null,
      team_id: dashboard.projectId,
    });
  }
  return item;
}

/** DashboardSerializer: GET/POST/PATCH answers. A soft-deleted dashboard shows no tiles. */
export function dashboardFull(dashboard: Dashboard, view: ViewContext): Record<string, unknown> {
  const full: Record<string, unknown> = {
    ...dashboardListItem(dashboard, view),
    filters: dashboard.filters,
    tiles: dashboard.deleted ? [] : dashboard.tiles.map((tile) => tileJson(tile, dashboard)),
    use_template: dashboard.useTemplate,
    use_dashboard: dashboard.useDashboard,
    delete_insights: false,
  };
  if (view.flavor === 'posthog') {
    Object.assign(full, {
      variables: {},
      breakdown_colors: [],
      data_color_theme_id: null,
      persisted_filters: dashboard.filters,
      persisted_variables: {},
      quick_filter_ids: [],
    });
  }
  return full;
}

function tileJson(tile: Tile, dashboard: Dashboard): Record<string, unknown> {
  return {
    id: tile.id,
    dashboard_id: dashboard.id,
    layouts: {},
    color: tile.color,
    deleted: false,
    insight: tile.insight && {
      id: tile.insight.id,
      short_id: tile.insight.shortId,
      name: tile.insight.name,
      description: tile.insight.description,
    },
    text: tile.text,
  };
}
