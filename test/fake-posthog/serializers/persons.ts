import type { Person } from '../state';
import { personName } from './recordings';

/** `posthog.utils.is_anonymous_id` (as in ./recordings.ts): posthog-js's anonymous ids. */
const isAnonymousId = (id: string): boolean => /^([a-z0-9]+-){4}([a-z0-9]+)$/.test(id);

/**
 * A datetime as DRF's encoder and `DateTimeField` write it: Python's `isoformat()` (no fraction when
 * the microseconds are 0, else six digits) with `+00:00` written `Z`.
 */
export function drfDateTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  const millis = date.getUTCMilliseconds();
  const base = date.toISOString().slice(0, 19);
  return millis === 0 ? `${base}Z` : `${base}.${String(millis).padStart(3, '0')}000Z`;
}

/**
 * One item of the persons list: `SerializedPerson` as `get_serialized_people`
 * (`posthog/queries/actor_base_query.py`) builds it: the UUID in `id` and `uuid`, the name by
 * `get_person_name_helper`, up to 1000 distinct ids.
 */
export function serializedPersonJson(person: Person): Record<string, unknown> {
  return {
    type: 'person',
    id: person.uuid,
    uuid: person.uuid,
    created_at: drfDateTime(person.createdAt),
    last_seen_at: drfDateTime(person.lastSeenAt),
    properties: { ...person.properties },
    is_identified: person.isIdentified ?? false,
    name: personName(person, person.distinctIds),
    distinct_ids: person.distinctIds.slice(0, 1000),
    matched_recordings: [],
    value_at_data_point: null,
  };
}

/**
 * `PersonSerializer` (`posthog/api/person.py`), the retrieve answer: the integer pk in `id`, the distinct
 * ids with anonymous ones last (`to_representation`).
 */
export function personJson(person: Person): Record<string, unknown> {
  const distinctIds = [...person.distinctIds].sort(
    (a, b) => Number(isAnonymousId(a)) - Number(isAnonymousId(b)),
  );
  return {
    id: person.id,
    name: personName(person, person.distinctIds),
    distinct_ids: distinctIds,
    properties: { ...person.properties },
    created_at: drfDateTime(person.createdAt),
    uuid: person.uuid,
  };
}
