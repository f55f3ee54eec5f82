import { fail, serverError } from '../errors';
import type { Recording } from '../state';

/**
 * The recordings list's filters Hogmark sends, evaluated as PostHog's HogQL does
 * (`posthog/hogql/property.py` `property_to_expr` / `_expr_to_compare_op`):
 * - `properties`: a `recording` property `visited_page` is `arrayExists(v -> <op>, all_urls)`; a
 *   `recording` `active_seconds` / `duration` compares the recording's number.
 * - `events`: an `EventsNode` `$pageview` whose `$current_url` property matches (the form PostHog's
 *   frontend sent before `visited_page` became a recording property, PostHog/posthog#45216), true
 *   when any `$pageview` of the session matches.
 * - `having_predicates`: the same recording comparisons on the aggregate.
 * A filter of a kind not listed here is refused with a 500, so a test never passes over it unread.
 */

interface Filter {
  type?: unknown;
  key?: unknown;
  operator?: unknown;
  value?: unknown;
}

/** ClickHouse `ILIKE '%x%'`: `%` and `_` in x stay wildcards, case ignored. */
function ilike(haystack: string, needle: string): boolean {
  const pattern = needle
    .split('')
    .map((char) => (char === '%' ? '.*' : char === '_' ? '.' : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^.*${pattern}.*$`, 'is').test(haystack);
}

/** ClickHouse `match` is RE2: look-around and back-references make the query fail. */
function re2(pattern: string): RegExp {
  if (/\(\?<?[=!]|\\[1-9]/.test(pattern)) fail(serverError());
  try {
    return new RegExp(pattern);
  } catch {
    return fail(serverError());
  }
}

/** One string against one filter's operator and value (`_expr_to_compare_op`), with list values. */
function stringMatches(text: string, operator: unknown, value: unknown): boolean {
  const values = Array.isArray(value) ? value.map(String) : [String(value)];
  switch (operator ?? 'exact') {
    case 'exact':
      return values.includes(text);
    case 'is_not':
      return !values.includes(text);
    case 'icontains':
      return values.some((needle) => ilike(text, needle));
    case 'not_icontains':
      return values.every((needle) => !ilike(text, needle));
    case 'regex':
      return values.some((pattern) => re2(pattern).test(text));
    case 'not_regex':
      return values.every((pattern) => !re2(pattern).test(text));
    default:
      return fail(serverError());
  }
}

/** A recording's `all_urls`, a path read on the origin the request reached (the demo customer site). */
export function allUrlsOf(recording: Recording, origin: string): string[] {
  const urls = recording.allUrls ?? [recording.startUrl];
  return urls.map((url) => (url.startsWith('/') ? `${origin}${url}` : url));
}

function pageviewUrlsOf(recording: Recording, origin: string): string[] {
  if (!recording.pageviewUrls) return allUrlsOf(recording, origin);
  return recording.pageviewUrls.map((url) => (url.startsWith('/') ? `${origin}${url}` : url));
}

const NUMBERS: Record<string, (recording: Recording) => number> = {
  active_seconds: (recording) => recording.activeSeconds ?? Math.round(recording.durationSeconds * 0.4),
  duration: (recording) => recording.durationSeconds,
};

function numberMatches(actual: number, operator: unknown, value: unknown): boolean {
  const wanted = Number(value);
  if (operator === 'gt') return actual > wanted;
  if (operator === 'lt') return actual < wanted;
  if (operator === 'exact') return actual === wanted;
  return fail(serverError());
}

function recordingFilter(filter: Filter, recording: Recording, origin: string): boolean {
  if (filter.type !== 'recording') return fail(serverError());
  if (filter.key === 'visited_page') {
    const urls = allUrlsOf(recording, origin);
    if (filter.operator === 'is_set') return urls.length > 0;
    if (filter.operator === 'is_not_set') return urls.length === 0;
    // The negated operators are negated per URL, then `arrayExists`, as PostHog builds them.
    return urls.some((url) => stringMatches(url, filter.operator, filter.value));
  }
  const read = typeof filter.key === 'string' ? NUMBERS[filter.key] : undefined;
  if (!read) return fail(serverError());
  return numberMatches(read(recording), filter.operator, filter.value);
}

function eventFilter(entity: unknown, recording: Recording, origin: string): boolean {
  const node = entity as { id?: unknown; properties?: unknown };
  if (node.id !== '$pageview') return fail(serverError());
  const properties = Array.isArray(node.properties) ? (node.properties as Filter[]) : [];
  return pageviewUrlsOf(recording, origin).some((url) =>
    properties.every((property) => {
      if (property.type !== 'event' || property.key !== '$current_url') return fail(serverError());
      return stringMatches(url, property.operator, property.value);
    }),
  );
}

export interface RecordingFilters {
  properties: unknown;
  events: unknown;
  havingPredicates: unknown;
  /** False on a server from before `visited_page` was a recording property. */
  knowsVisitedPage: boolean;
}

/**
 * Whether the recording passes every filter. On an older server a `visited_page` recording property
 * names a column that does not exist (`Unable to resolve field: visited_page`, an unhandled
 * `QueryError`), answered as drf-exceptions-hog answers an unhandled error: 500.
 */
export function passesFilters(recording: Recording, filters: RecordingFilters, origin: string): boolean {
  const properties = Array.isArray(filters.properties) ? (filters.properties as Filter[]) : [];
  if (!filters.knowsVisitedPage && properties.some((filter) => filter.key === 'visited_page')) {
    fail(serverError());
  }
  const events = Array.isArray(filters.events) ? filters.events : [];
  const having = Array.isArray(filters.havingPredicates) ? (filters.havingPredicates as Filter[]) : [];
  return (
    properties.every((filter) => recordingFilter(filter, recording, origin)) &&
    events.every((entity) => eventFilter(entity, recording, origin)) &&
    having.every((filter) => recordingFilter(filter, recording, origin))
  );
}
