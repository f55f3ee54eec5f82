import { z } from 'zod/mini';
import { ERROR_KINDS } from '../platform/error-policy';
import { lazily } from '../platform/lazy';
import { AppOriginSchema } from '../posthog/context-schema';
import { NoteInputSchema, RecordingIdSchema, ShortIdSchema } from './collection-messages';

/**
 * The shapes of pending changes: an add or removal PostHog could not take yet (signed out, offline,
 * PostHog down), kept by the background until it can be made, and what became of it.
 */

const ProjectId = lazily(() => z.int().check(z.positive()));
const Text = lazily(() => z.string().check(z.maxLength(500)));

export const PendingDirectionSchema = lazily(() => z.enum(['add', 'remove']));
export type PendingDirection = z.infer<typeof PendingDirectionSchema>;

/** Firefox's cookie store ids (a tab's container): `firefox-default`, `firefox-container-N`, `firefox-private`. */
export const CONTAINER_ID = /^[a-z0-9-]{1,64}$/;

/** One recording and one collection: the unit changes are ordered and cancelled out by. */
export const PendingTargetSchema = lazily(() =>
  z.object({
    origin: AppOriginSchema,
    projectId: ProjectId,
    shortId: ShortIdSchema,
    recordingId: RecordingIdSchema,
    /** The collection's name when the change was asked for (shown; never sent). */
    playlistName: Text,
    /** A note written with the add once it is made (PostHog's comment at its second). */
    note: z.optional(NoteInputSchema),
    /**
     * The PostHog user the change is made for (the key's owner when it was kept, PostHog's uuid): it is
     * sent through a page's session only when that session is the same user.
     */
    user: z.optional(z.string().check(z.maxLength(64))),
    /**
     * The Firefox container (`cookieStoreId`) of the tab it was asked from: it is sent through a page's
     * session only from a tab of that container. Absent in Chromium.
     */
    container: z.optional(z.string().check(z.regex(CONTAINER_ID))),
    /** Who the recording is and when it started, as PostHog said when the change was kept (shown; never sent). */
    face: z.optional(
      z.object({
        person: z.nullable(Text),
        startTime: z.nullable(z.string().check(z.maxLength(64))),
      }),
    ),
  }),
);
export type PendingTarget = z.infer<typeof PendingTargetSchema>;

export const PendingChangeSchema = lazily(() =>
  z.extend(PendingTargetSchema, {
    id: z.string().check(z.maxLength(100)),
    direction: PendingDirectionSchema,
    /** When it was asked for. */
    at: z.number(),
    /** Tries so far, the first (the one that failed) included. */
    attempts: z.int().check(z.nonnegative()),
    /** Why the last try did not make it. */
    reason: z.enum(ERROR_KINDS),
    /** When the retry schedule tries next; null: it waits for a sign-in, or for "Retry now". */
    nextAt: z.nullable(z.number()),
  }),
);
export type PendingChange = z.infer<typeof PendingChangeSchema>;

/** What became of a pending change, told once on the next popup open. */
export const PendingNoticeSchema = lazily(() =>
  z.extend(PendingTargetSchema, {
    id: z.string().check(z.maxLength(100)),
    direction: PendingDirectionSchema,
    outcome: z.enum(['applied', 'failed']),
    /** For a failure: why it will not be made, as a kind and as the sentence shown. */
    reason: z.optional(z.enum(ERROR_KINDS)),
    message: z.optional(Text),
    at: z.number(),
  }),
);
export type PendingNotice = z.infer<typeof PendingNoticeSchema>;

export const PendingStateSchema = lazily(() =>
  z.object({
    changes: z.array(PendingChangeSchema),
    notices: z.array(PendingNoticeSchema),
  }),
);
export type PendingState = z.infer<typeof PendingStateSchema>;

export const PendingIdInputSchema = lazily(() => z.strictObject({ id: z.string().check(z.maxLength(100)) }));
