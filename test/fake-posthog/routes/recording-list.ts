import { fail, throttled } from '../errors';
import type { Reply } from '../http';
import type { ProjectCtx } from '../router';
import { recordingJson } from '../serializers/recordings';
import type { Recording } from '../state';
import { createListingThrottle, type ListingRates } from '../throttle';
import { passesFilters } from './recording-filters';

const DEFAULT_LIMIT = 50;
const DEFAULT_DATE_FROM = '-3d';
const UNIT_MS: Record<string, number> = { h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `query_as_params_to_dict`: every value through `json.loads` when it parses, else kept as text. */
function param(url: URL, name: string): unknown {
  const raw = url.searchParams.get(name);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * A `date_from` / `date_to`: relative (`-30d`, `-12h`, `-2w`, counted back from now) or absolute. PostHog
 * rounds a relative date to the start of its unit in the project's time zone; the seeds keep recordings
 * away from those edges.
 */
function dateOf(value: unknown): number | null {
  if (typeof value === 'number') return null;
  if (typeof value !== 'string' || value === '') return null;
  const relative = /^-(\d+)([hdw])$/.exec(value);
  if (relative) return Date.now() - Number(relative[1]) * (UNIT_MS[relative[2] ?? 'd'] ?? 0);
  const absolute = Date.parse(value);
  return Number.isNaN(absolute) ? null : absolute;
}

const ORDER_KEYS: Record<string, (recording: Recording) => number> = {
  start_time: (recording) => Date.parse(recording.startTime),
  duration: (recording) => recording.durationSeconds,
  recording_duration: (recording) => recording.durationSeconds,
  active_seconds: (recording) => recording.activeSeconds ?? Math.round(recording.durationSeconds * 0.4),
  console_error_count: (recording) => recording.consoleErrorCount ?? 0,
};

/** The person's distinct ids behind `person_uuid` (`person_ids_subquery.py`), unless `distinct_ids` names them. */
function distinctIdsOf(ctx: ProjectCtx): string[] | null {
  const named = param(ctx.url, 'distinct_ids');
  if (Array.isArray(named)) return named.map(String);
  const personUuid = param(ctx.url, 'person_uuid');
  if (typeof personUuid !== 'string' || personUuid === '') return null;
  const person = ctx.state.persons.find(
    (candidate) => candidate.projectId === ctx.project.id && candidate.uuid === personUuid,
  );
  return person ? person.distinctIds : [];
}

/**
 * `SessionRecordingViewSet.list` (`posthog/session_recordings/session_recording_api.py`) for the
 * parameters Hogmark sends (`RecordingsQuery`: `person_uuid`, `distinct_ids`, `date_from` (default
 * `-3d`), `date_to`, `order`, `order_direction`, `limit` (default 50), `offset`, and the filters of
 * `recording-filters.ts`: `properties`, `events`, `having_predicates`), answered by
 * `list_recordings_response`: `{results, has_next, version: 4}`, never the usual paginated shape.
 * Personal API keys are held to the tier's listing rates (`SessionRecordingViewSet.get_throttles`).
 */
export function createRecordingList(rates: ListingRates | null, knowsVisitedPage = true) {
  const throttle = rates ? createListingThrottle(rates) : null;

  return function listRecordings(ctx: ProjectCtx): Reply {
    if (throttle && ctx.caller.kind === 'key') {
      // PersonalApiKeyRateThrottle: one bucket per key.
      const wait = throttle(ctx.caller.key.value);
      if (wait !== null) fail(throttled(wait, false));
    }
    const from = dateOf(param(ctx.url, 'date_from') ?? DEFAULT_DATE_FROM);
    const to = dateOf(param(ctx.url, 'date_to'));
    const distinctIds = distinctIdsOf(ctx);
    const orderKey = ORDER_KEYS[String(param(ctx.url, 'order') ?? 'start_time')] ?? ORDER_KEYS.start_time;
    const ascending = param(ctx.url, 'order_direction') === 'ASC';
    const limitParam = param(ctx.url, 'limit');
    const limit = typeof limitParam === 'number' && limitParam > 0 ? Math.floor(limitParam) : DEFAULT_LIMIT;
    const offsetParam = param(ctx.url, 'offset');
    const offset = typeof offsetParam === 'number' && offsetParam > 0 ? Math.floor(offsetParam) : 0;
    const byOrder = orderKey ?? ((recording: Recording) => Date.parse(recording.startTime));
    const filters = {
      properties: param(ctx.url, 'properties'),
      events: param(ctx.url, 'events'),
      havingPredicates: param(ctx.url, 'having_predicates'),
      knowsVisitedPage,
    };
    const found = ctx.state.recordings
      .filter((recording) => {
        if (recording.projectId !== ctx.project.id) return false;
        const start = Date.parse(recording.startTime);
        if (from !== null && start < from) return false;
        if (to !== null && start > to) return false;
        if (distinctIds !== null && !distinctIds.includes(recording.distinctId)) return false;
        return passesFilters(recording, filters, ctx.url.origin);
      })
      .sort((a, b) => (ascending ? byOrder(a) - byOrder(b) : byOrder(b) - byOrder(a)));
    return {
      status: 200,
      json: {
        results: found
          .slice(offset, offset + limit)
          .map((recording) => recordingJson(ctx.state, recording, 'list', ctx.user.id)),
        has_next: found.length > offset + limit,
        version: 4,
      },
    };
  };
}
