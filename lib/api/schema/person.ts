import { z } from 'zod/mini';
import { lazily } from '../../platform/lazy';
import { RecordingMetaSchema } from './insight';

const PersonName = lazily(() => z.nullish(z.union([z.string(), z.number()])));

/** `GET persons/{uuid}/` (`PersonSerializer`): the integer pk in `id`, the UUID in `uuid`. */
export const PersonSchema = lazily(() =>
  z.looseObject({
    uuid: z.string().check(z.minLength(1), z.maxLength(64)),
    name: PersonName,
    distinct_ids: z.nullish(z.array(z.string())),
    properties: z.nullish(z.record(z.string(), z.unknown())),
    created_at: z.nullish(z.string()),
  }),
);

/**
 * An item of `GET persons/` (`get_serialized_people`, reference §3): the person's fields and when it
 * was last seen. The UUID is in `uuid` (and, on the newest PostHog, in `id`, which PostHog's generated
 * docs call an integer: so `id` is not read).
 */
export const PersonListItemSchema = lazily(() =>
  z.extend(PersonSchema, {
    last_seen_at: z.nullish(z.string()),
  }),
);
export type PersonListItem = z.infer<typeof PersonListItemSchema>;

/** `GET persons/` answers a page of its own making: no `count` unless asked for. */
export const PersonPageSchema = lazily(() =>
  z.looseObject({
    results: z.array(PersonListItemSchema),
    next: z.nullish(z.string()),
  }),
);

/** A recording of the list (reference §2): its metadata plus what a person's page shows of it. */
export const ListedRecordingSchema = lazily(() =>
  z.extend(RecordingMetaSchema, {
    active_seconds: z.nullish(z.number()),
    console_error_count: z.nullish(z.number()),
    viewed: z.nullish(z.boolean()),
  }),
);
export type ListedRecording = z.infer<typeof ListedRecordingSchema>;

/** `GET session_recordings/`: `{results, has_next, version}`, and `next_cursor` on the newest PostHog. */
export const RecordingListSchema = lazily(() =>
  z.looseObject({
    results: z.array(ListedRecordingSchema),
    has_next: z.nullish(z.boolean()),
    next_cursor: z.nullish(z.string()),
  }),
);
export type RecordingList = z.infer<typeof RecordingListSchema>;
