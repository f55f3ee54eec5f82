/**
 * Recordings that visited a page: PostHog's `visited_page` recording property, which it evaluates
 * over each recording's `all_urls` (`posthog/hogql/property.py` `property_to_expr`:
 * `arrayExists(v -> match(toString(v), value), all_urls)` for `regex`). `all_urls` holds each visited
 * `location.href` with its query and often its hash (posthog-js `lazy-loaded-session-recorder.ts`), so
 * the page is matched by a pattern over scheme, host, port and path: the tab's query and fragment
 * are never sent, whatever they hold.
 */

/** "This page": this address with any query. "Below": this path and every path under it. */
export type PageRange = 'page' | 'below';
export const PAGE_RANGES: readonly PageRange[] = ['page', 'below'];

/** The windows offered: the last 7 days by default, 30 one click away. */
export type RecordedWithin = 7 | 30;

/** ClickHouse's `match` is RE2: every metacharacter escaped, nothing RE2 lacks (look-around) used. */
export function re2Escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The `regex` value for a page of the tab, or null for an address no posthog-js page has (not http).
 * The origin is as the browser writes `location.href` (an IDN in punycode, the port when not the
 * scheme's), the path as the browser encodes it; a trailing slash matches with or without. The
 * fragment is never part of it, not even a hash-routed app's route (`#/callback?token=…` holds
 * anything a query can): such an app's pages are one page here.
 */
export function visitedPagePattern(tabUrl: string, range: PageRange): string | null {
  let url: URL;
  try {
    url = new URL(tabUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const base = re2Escape(url.origin + url.pathname.replace(/\/+$/, ''));
  if (range === 'below') return `^${base}(/[^?#]*)?([?#].*)?$`;
  return `^${base}/?([?#].*)?$`;
}

/** What the list is asked with: the page's pattern and the window. */
export interface VisitedPageQuery {
  pattern: string;
  days: RecordedWithin;
}

/**
 * How the server is asked. `recording-property`: the `visited_page` recording property (PostHog
 * after PostHog/posthog#45216). `pageview-event`: the form PostHog's own frontend and
 * `playlist_filters.py` sent before it, a `$pageview` whose `$current_url` matches.
 */
export type FilterForm = 'recording-property' | 'pageview-event';

/** PostHog's default duration filter (`sessionRecordingsPlaylistLogic.ts` `defaultRecordingDurationFilter`). */
const ACTIVE_OVER_5S = { type: 'recording', key: 'active_seconds', operator: 'gt', value: 5 } as const;

export function visitedPageProperty(pattern: string) {
  return { type: 'recording', key: 'visited_page', operator: 'regex', value: pattern } as const;
}

/** The `$pageview` form of older servers (recordingsQueryConversions.ts before #45216). */
export function pageviewEvent(pattern: string) {
  return {
    id: '$pageview',
    name: '$pageview',
    type: 'events',
    properties: [{ type: 'event', key: '$current_url', operator: 'regex', value: pattern }],
  } as const;
}

/**
 * The query of `GET session_recordings/` (`RecordingsQuery`), each value JSON as PostHog reads it
 * (`query_as_params_to_dict`), newest first.
 */
export function visitedPageSearch(
  form: FilterForm,
  query: VisitedPageQuery,
  limit: number,
): Record<string, string | number> {
  const filter: [string, string] =
    form === 'recording-property'
      ? ['properties', JSON.stringify([visitedPageProperty(query.pattern)])]
      : ['events', JSON.stringify([pageviewEvent(query.pattern)])];
  return {
    [filter[0]]: filter[1],
    having_predicates: JSON.stringify([ACTIVE_OVER_5S]),
    date_from: `-${query.days}d`,
    order: 'start_time',
    order_direction: 'DESC',
    limit,
    filter_test_accounts: 'false',
  };
}

/**
 * "Open all in PostHog": the replay list with the same filter, as PostHog's own URL carries it
 * (`urls.replay` → `combineUrl('/replay/home', {filters})`, kea-router's `encodeParams`:
 * `encodeURIComponent(JSON.stringify(filters))`). Every key the app checks is sent
 * (`isValidRecordingFilters`), and `date_from` always: left out it becomes the app's `-3d`.
 */
export function openAllUrl(origin: string, projectId: number, query: VisitedPageQuery): string {
  const filters = {
    date_from: `-${query.days}d`,
    date_to: null,
    filter_test_accounts: false,
    duration: [ACTIVE_OVER_5S],
    filter_group: {
      type: 'AND',
      values: [{ type: 'AND', values: [visitedPageProperty(query.pattern)] }],
    },
    order: 'start_time',
    order_direction: 'DESC',
  };
  return `${origin}/project/${projectId}/replay/home?filters=${encodeURIComponent(JSON.stringify(filters))}`;
}

/** Seconds before now a "now" link starts, as posthog-js's own `get_session_replay_url` looks back. */
export const LOOK_BACK_SECONDS = 10;

/**
 * The replay of the user's own session at a few seconds before now: posthog-js's formula
 * (`posthog-core.ts` `get_session_replay_url`, `withTimestamp`) with the numeric project id and the
 * connected origin, not the token and the site's (perhaps proxied) host.
 */
export function sessionNowUrl(
  origin: string,
  projectId: number,
  session: { id: string; startMs: number },
  now: number,
): { url: string; second: number } {
  const second = Math.max(Math.floor((now - session.startMs) / 1000) - LOOK_BACK_SECONDS, 0);
  return {
    url: `${origin}/project/${projectId}/replay/${encodeURIComponent(session.id)}?t=${second}`,
    second,
  };
}
