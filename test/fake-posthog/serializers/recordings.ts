import { createHash } from 'node:crypto';
import type { Person, Recording, State } from '../state';

/** `PERSON_DEFAULT_DISPLAY_NAME_PROPERTIES` (`posthog/api/person.py`; the project sets none). */
export const PERSON_DISPLAY_NAME_PROPERTIES = [
  'email',
  'Email',
  '$email',
  'name',
  'Name',
  'username',
  'Username',
  'UserName',
] as const;

/** `posthog.utils.is_anonymous_id`: posthog-js's anonymous ids look like five dash-joined runs. */
const isAnonymousId = (id: string): boolean => /^([a-z0-9]+-){4}([a-z0-9]+)$/.test(id);

/** `uuid5(PERSON_UUIDV5_NAMESPACE, f"{team_id}:{distinct_id}")` (`models/person/missing_person.py`). */
export function missingPersonUuid(projectId: number, distinctId: string): string {
  const namespace = Buffer.from('932979b465c3442484670b66ec27bc22', 'hex');
  const digest = createHash('sha1')
    .update(Buffer.concat([namespace, Buffer.from(`${projectId}:${distinctId}`, 'utf8')]))
    .digest();
  const bytes = digest.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const truthy = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== '' && value !== false && value !== 0;

/** `get_person_name_helper`: the first display-name property set, else a non-anonymous distinct id, else the pk. */
export function personName(person: Person, distinctIds: readonly string[]): unknown {
  for (const property of PERSON_DISPLAY_NAME_PROPERTIES) {
    if (truthy(person.properties[property])) return person.properties[property];
  }
  const sorted = [...distinctIds].sort((a, b) => Number(isAnonymousId(a)) - Number(isAnonymousId(b)));
  return sorted[0] ?? String(person.id);
}

export const findPerson = (state: State, recording: Recording): Person | undefined =>
  state.persons.find(
    (p) => p.projectId === recording.projectId && p.distinctIds.includes(recording.distinctId),
  );

/**
 * A recording's `person`: `MinimalPersonSerializer` (`posthog/api/person.py`). PostHog loads the person by
 * the recording's distinct id and keeps only that id (`_fetch_person_by_distinct_id_via_personhog` in
 * `session_recordings/models/session_recording.py`); with no person it serializes a `MissingPerson`
 * (`PersonSerializer.to_representation`): never null.
 */
export function recordingPerson(state: State, recording: Recording): Record<string, unknown> {
  const person = findPerson(state, recording);
  if (!person) {
    return {
      id: null,
      name: null,
      distinct_ids: [recording.distinctId],
      properties: {},
      created_at: null,
      uuid: missingPersonUuid(recording.projectId, recording.distinctId),
    };
  }
  const distinctIds = [recording.distinctId];
  return {
    id: person.id,
    name: personName(person, distinctIds),
    distinct_ids: distinctIds.slice(0, 10),
    properties: { ...person.properties },
    created_at: person.createdAt,
    uuid: person.uuid,
  };
}

/**
 * The frontend's `asDisplay` (`scenes/persons/person-utils.ts`) of a serialized person: the first
 * display-name property, else the best-scored distinct id, else "Anonymous"; cut to 40 with `midEllipsis`.
 */
export function personDisplay(person: Record<string, unknown> | null): string {
  if (!person) return 'Unknown';
  const properties = (person.properties ?? {}) as Record<string, unknown>;
  const key = PERSON_DISPLAY_NAME_PROPERTIES.find((name) => truthy(properties[name]));
  const value = key ? properties[key] : undefined;
  const custom = value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value);
  const score = (id: string) =>
    /.+@.+\..+/i.test(id) ? 2 : /^(?:[a-fA-F0-9]+-){4}[a-fA-F0-9]+$/i.test(id) && id.length > 36 ? 0 : 1;
  const ids = Array.isArray(person.distinct_ids) ? (person.distinct_ids as string[]) : undefined;
  const best = ids ? [...ids].sort((a, b) => score(b) - score(a))[0] : undefined;
  const display = (custom || best)?.trim();
  if (!display) return 'Anonymous';
  if (display.length <= 40) return display;
  const half = Math.floor(40 / 2);
  return `${display.slice(0, half)}…${display.slice(-half)}`;
}

/** The email `PersonIcon` hands `ProfilePicture` (a string `properties.email`, or the first of an array). */
export function personEmail(person: Record<string, unknown> | null): string | undefined {
  const email = ((person?.properties ?? {}) as Record<string, unknown>).email;
  const first = Array.isArray(email) ? email[0] : email;
  return typeof first === 'string' ? first : undefined;
}

/**
 * `SessionRecordingSerializer` (`posthog/session_recordings/session_recording_api.py`), its 28 fields in
 * order. `retrieve` differs from a list item where PostHog's code does: no activity score (only the list
 * query sets it). No view history, retention data, summaries or linked issues are modelled.
 */
export function recordingJson(
  state: State,
  recording: Recording,
  action: 'list' | 'retrieve',
  userId?: number,
): Record<string, unknown> {
  const start = Date.parse(recording.startTime);
  const active = recording.activeSeconds ?? Math.round(recording.durationSeconds * 0.4);
  const viewedBy = recording.viewedBy ?? [];
  return {
    id: recording.id,
    distinct_id: recording.distinctId,
    // `current_user_viewed` and `_other_users_viewed` (emails of the others who watched it).
    viewed: userId !== undefined && viewedBy.includes(userId),
    viewers: viewedBy
      .filter((id) => id !== userId)
      .flatMap((id) => state.users.find((user) => user.id === id)?.email ?? []),
    recording_duration: recording.durationSeconds,
    active_seconds: active,
    inactive_seconds: recording.durationSeconds - active,
    start_time: recording.startTime,
    end_time: new Date(start + recording.durationSeconds * 1000).toISOString(),
    click_count: 14,
    keypress_count: 3,
    mouse_activity_count: 80,
    console_log_count: 0,
    console_warn_count: 1,
    console_error_count: recording.consoleErrorCount ?? 0,
    start_url: recording.startUrl,
    person: recordingPerson(state, recording),
    retention_period_days: null,
    expiry_time: null,
    recording_ttl: null,
    snapshot_source: 'web',
    snapshot_library: 'web',
    ongoing: false,
    activity_score: action === 'list' ? 4.2 : null,
    has_summary: false,
    summary_outcome: null,
    external_references: [],
    matches_filters: true,
  };
}
