import type { Insight, Notebook, State } from '../state';
import { findUser } from '../state';
import type { Flavor } from '../types';
import { userSummary } from './users';

export interface ObjectView {
  state: State;
  flavor: Flavor;
  userId: number;
}

/** `UserAccessControl.access_level_for_object`: the creator gets `manager`, anyone else `editor`. */
const accessLevel = (createdBy: number | null, view: ObjectView) =>
  createdBy === view.userId ? 'manager' : 'editor';

/**
 * `InsightBasicSerializer` (`products/product_analytics/backend/api/insight.py`), `?basic=true`. No tiles
 * (the seeded insights sit on no dashboard), never viewed, no `search`.
 */
export function insightBasic(insight: Insight, view: ObjectView): Record<string, unknown> {
  return {
    id: insight.id,
    short_id: insight.shortId,
    name: insight.name,
    derived_name: insight.derivedName,
    // `to_representation`: `filters` is {} once the insight has a query.
    filters: {},
    query: insight.query,
    dashboards: [],
    dashboard_tiles: [],
    description: insight.description,
    last_refresh: null,
    refreshing: false,
    saved: insight.saved,
    tags: [...insight.tags],
    updated_at: insight.lastModifiedAt,
    created_by: userSummary(findUser(view.state, insight.createdBy), view.flavor),
    created_at: insight.createdAt,
    last_modified_at: insight.lastModifiedAt,
    favorited: insight.favorited,
    user_access_level: accessLevel(insight.createdBy, view),
    last_viewed_at: null,
    search_match_type: null,
  };
}

/**
 * `InsightSerializer` without its calculation fields (`result`, `hasMore`, `columns`, `is_cached`,
 * `query_status`, `hogql`, `types`, `resolved_date_range`, cache timings): the stand-in runs no query.
 */
export function insightFull(insight: Insight, view: ObjectView): Record<string, unknown> {
  const { refreshing: _refreshing, ...basic } = insightBasic(insight, view);
  return {
    ...basic,
    order: null,
    deleted: insight.deleted,
    last_modified_by: userSummary(findUser(view.state, insight.lastModifiedBy), view.flavor),
    is_sample: false,
    effective_restriction_level: 21,
    effective_privilege_level: 37,
    timezone: 'UTC',
    alerts: [],
  };
}

/** `NotebookMinimalSerializer` (the list item). */
export function notebookMinimal(notebook: Notebook, view: ObjectView): Record<string, unknown> {
  return {
    id: notebook.id,
    short_id: notebook.shortId,
    title: notebook.title,
    deleted: notebook.deleted,
    created_at: notebook.createdAt,
    created_by: userSummary(findUser(view.state, notebook.createdBy), view.flavor),
    last_modified_at: notebook.lastModifiedAt,
    last_modified_by: userSummary(findUser(view.state, notebook.lastModifiedBy), view.flavor),
    user_access_level: accessLevel(notebook.createdBy, view),
  };
}

/** `NotebookSerializer` (retrieve). */
export function notebookFull(notebook: Notebook, view: ObjectView): Record<string, unknown> {
  return {
    ...notebookMinimal(notebook, view),
    content: notebook.content,
    text_content: notebook.textContent,
    version: notebook.version,
  };
}
