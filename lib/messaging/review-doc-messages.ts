import { z } from 'zod/mini';
import { SerializedErrorSchema } from '../platform/serialized-error';
import { RecordingIdSchema, ShortIdSchema } from './collection-messages';
import { RecordingFaceSchema } from './message-schemas';
import {
  MAX_NOTE_LENGTH,
  MAX_RECORDING_NOTES,
  MAX_REVIEW_RECORDINGS,
  NOTES_BATCH,
} from './review-doc-limits';

/**
 * The shapes of a collection as a review doc, read in two messages so the popup can say how far it
 * got: `playlists/review-doc` (the collection and its recordings with their faces, one list request)
 * then `recordings/notes` for batches of recordings (one comments request each).
 */

const ProjectId = lazily(() => z.int().check(z.positive()));

export {
  MAX_NOTE_LENGTH,
  MAX_RECORDING_NOTES,
  MAX_REVIEW_RECORDINGS,
  NOTES_BATCH,
} from './review-doc-limits';

import { lazily } from '../platform/lazy';

export const ReviewDocInputSchema = lazily(() => z.object({ projectId: ProjectId, shortId: ShortIdSchema }));

export const ReviewDocSchema = lazily(() =>
  z.object({
    /** `name || derived_name`; empty when PostHog has neither (the popup says "Untitled collection"). */
    name: z.string().check(z.maxLength(500)),
    url: z.url(),
    /** In the collection's order; the doc puts the newest first. */
    recordings: z
      .array(
        z.object({
          recordingId: RecordingIdSchema,
          link: z.url(),
          face: RecordingFaceSchema,
        }),
      )
      .check(z.maxLength(MAX_REVIEW_RECORDINGS)),
    /** PostHog holds more than were read (past `MAX_REVIEW_RECORDINGS`, or pages it would not give). */
    more: z.boolean(),
    /**
     * How many recordings the collection holds as PostHog counts its items
     * (`recordings_counts.collection.count`); null where it did not say.
     */
    total: z.optional(z.nullable(z.int().check(z.nonnegative()))),
  }),
);
export type ReviewDoc = z.infer<typeof ReviewDocSchema>;

export const RecordingNotesInputSchema = lazily(() =>
  z.object({
    projectId: ProjectId,
    recordings: z
      .array(
        z.object({
          recordingId: RecordingIdSchema,
          /** The recording's start, which a note's moment is counted from. */
          startTime: z.nullable(z.string().check(z.maxLength(64))),
        }),
      )
      .check(z.minLength(1), z.maxLength(NOTES_BATCH)),
  }),
);

export const ReviewNoteSchema = lazily(() =>
  z.object({
    text: z.string().check(z.maxLength(MAX_NOTE_LENGTH)),
    /** Whole seconds into the recording; null when PostHog did not place the note. */
    second: z.nullable(z.int().check(z.nonnegative())),
    /** The recording at that second. */
    link: z.url(),
  }),
);

export const RecordingNotesSchema = lazily(() =>
  z.object({
    recordings: z
      .array(
        z.object({
          recordingId: RecordingIdSchema,
          /** Oldest moment first; null when they could not be read (`error` says why). */
          notes: z.nullable(z.array(ReviewNoteSchema).check(z.maxLength(MAX_RECORDING_NOTES))),
          error: z.optional(SerializedErrorSchema),
        }),
      )
      .check(z.maxLength(NOTES_BATCH)),
  }),
);
export type RecordingNotes = z.infer<typeof RecordingNotesSchema>;
