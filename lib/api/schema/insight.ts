import { z } from 'zod/mini';
import { lazily } from '../../platform/lazy';

/**
 * What Hogmark reads of `InsightBasicSerializer` (`?basic=true`, reference §6): the numeric id the
 * sharing route needs, and the name PostHog shows (`name || derived_name`). Other fields are kept.
 */
export const InsightBasicSchema = lazily(() =>
  z.looseObject({
    id: z.int().check(z.positive()),
    short_id: z.string(),
    name: z.nullish(z.string()),
    derived_name: z.nullish(z.string()),
  }),
);
export type InsightBasic = z.infer<typeof InsightBasicSchema>;

/** `NotebookSerializer` (reference §7): its title may be null. */
export const NotebookSchema = lazily(() =>
  z.looseObject({
    short_id: z.string(),
    title: z.nullish(z.string()),
  }),
);

/**
 * What Hogmark reads of `SessionRecordingSerializer` (reference §1): when it started, how long it
 * lasted, where it started, and the person as PostHog names them (`MinimalPersonSerializer.name`,
 * by the project's display-name properties); `person` is null when no person matches.
 */
export const RecordingMetaSchema = lazily(() =>
  z.looseObject({
    id: z.string(),
    distinct_id: z.nullish(z.string()),
    start_time: z.nullish(z.string()),
    recording_duration: z.nullish(z.number()),
    start_url: z.nullish(z.string()),
    // PostHog sends a placeholder person (`id` null, `name` null) when none matches (MissingPerson).
    person: z.nullish(
      z.looseObject({ id: z.nullish(z.unknown()), name: z.nullish(z.union([z.string(), z.number()])) }),
    ),
  }),
);
export type RecordingMeta = z.infer<typeof RecordingMetaSchema>;
