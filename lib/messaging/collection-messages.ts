import { z } from 'zod/mini';
import { lazily } from '../platform/lazy';
import { SerializedErrorSchema } from '../platform/serialized-error';
import { isPlaylistShortId, isRecordingId } from '../posthog/context';
import { CollectionEntrySchema, MembershipSchema } from './collection-entries';

/** The shapes of the `playlists/*` messages (the protocol itself is in messages.ts). */

const ProjectId = lazily(() => z.int().check(z.positive()));
export const ShortIdSchema = lazily(() =>
  z.string().check(z.maxLength(100), z.refine(isPlaylistShortId, 'not a playlist short id')),
);
export const RecordingIdSchema = lazily(() =>
  z.string().check(z.maxLength(200), z.refine(isRecordingId, 'not a recording id')),
);
export const ViaSchema = lazily(() => z.enum(['key', 'session']));
export type Via = z.infer<typeof ViaSchema>;

export const CollectionListInputSchema = lazily(() =>
  z.object({
    /** The configured project when absent (links without `/project/<id>/`). */
    projectId: z.optional(ProjectId),
    /** Membership is answered for this recording. */
    recordingId: z.optional(RecordingIdSchema),
    /**
     * `cache` never sends a request (first paint); `fresh` revalidates unless the list was fetched in
     * the last half minute (membership is asked for either way); `server` always refetches.
     */
    source: z.enum(['cache', 'fresh', 'server']),
  }),
);

export const CollectionListSchema = lazily(() =>
  z.object({
    projectId: ProjectId,
    /** Null when nothing is cached yet. */
    fetchedAt: z.nullable(z.number()),
    playlists: z.array(CollectionEntrySchema),
    lastUsed: z.optional(z.string()),
    recent: z.array(z.string()),
    /** Null without a recording. */
    membership: z.nullable(MembershipSchema),
  }),
);
export type CollectionList = z.infer<typeof CollectionListSchema>;

/** A note to write with an add, at the player's second (PostHog's comment on the recording). */
export const NoteInputSchema = lazily(() =>
  z.object({
    text: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
    second: z.int().check(z.nonnegative(), z.lte(86_400 * 7)),
    /**
     * When the recording started as the recorded site says it (posthog-js's session start, ISO): the
     * note's start while PostHog has not ingested the recording yet, never instead of PostHog's own.
     */
    startedAt: z.optional(z.string().check(z.maxLength(64))),
  }),
);
export type NoteInput = z.infer<typeof NoteInputSchema>;

export const RecordingChangeInputSchema = lazily(() =>
  z.object({
    projectId: ProjectId,
    shortId: ShortIdSchema,
    recordingId: RecordingIdSchema,
    /** Only with `playlists/add` (and `playlists/create-and-add`). */
    note: z.optional(NoteInputSchema),
    /**
     * The tab the popup is over: asked from a PostHog tab, the change goes through its Firefox
     * container's session, and a pick that waits keeps that container.
     */
    tabId: z.optional(z.int().check(z.nonnegative())),
  }),
);
export type RecordingChangeInput = z.infer<typeof RecordingChangeInputSchema>;

export const RecordingChangeResultSchema = lazily(() =>
  z.object({
    /**
     * `already` / `not-there`: nothing was sent, the playlist already was that way. `pending`: PostHog
     * could not take the add now (signed out, no PostHog tab): it waits and is made later, once.
     */
    outcome: z.enum(['added', 'removed', 'already', 'not-there', 'pending']),
    /** For `pending`: the waiting change (Discard takes it back) and the sentence that says why. */
    pendingId: z.optional(z.string().check(z.maxLength(100))),
    message: z.optional(z.string().check(z.maxLength(500))),
    shortId: z.string(),
    playlistName: z.string(),
    /** How the request went: with the API key, or through the user's signed-in PostHog tab. */
    via: z.optional(ViaSchema),
    /** The session request went through a PostHog tab Hogmark opened in the background and closed. */
    quietTab: z.optional(z.literal(true)),
    /** Pass to `playlists/undo`. */
    actionId: z.optional(z.string()),
    membership: MembershipSchema,
    /** The note sent with the add: written at its second, or why not (the add stands either way). */
    note: z.optional(
      z.union([
        z.object({ saved: z.literal(true), second: z.int().check(z.nonnegative()), via: ViaSchema }),
        z.object({ saved: z.literal(false), error: SerializedErrorSchema }),
      ]),
    ),
  }),
);
export type RecordingChangeResult = z.infer<typeof RecordingChangeResultSchema>;

export const CreateAndAddInputSchema = lazily(() =>
  z.object({
    projectId: ProjectId,
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(400)),
    recordingId: RecordingIdSchema,
    /** Written with the add, as with `playlists/add`. */
    note: z.optional(NoteInputSchema),
    /** The tab the popup is over: the add goes through its container's session (as `playlists/add`). */
    tabId: z.optional(z.int().check(z.nonnegative())),
  }),
);
export type CreateAndAddInput = z.infer<typeof CreateAndAddInputSchema>;

/** What `playlists/cancel` stops: an add or removal, or a create-and-add (named as it was sent). */
export const WriteCancelInputSchema = lazily(() =>
  z.union([RecordingChangeInputSchema, CreateAndAddInputSchema]),
);

export const CreateAndAddResultSchema = lazily(() =>
  z.object({
    playlist: CollectionEntrySchema,
    /**
     * Null when the collection was created but not added to: the error says why, and retrying adds. Both
     * null when the user stopped waiting before the add was sent.
     */
    change: z.nullable(RecordingChangeResultSchema),
    error: z.nullable(SerializedErrorSchema),
  }),
);
export type CreateAndAddResult = z.infer<typeof CreateAndAddResultSchema>;

export const LastActionViewSchema = lazily(() =>
  z.object({
    id: z.string(),
    projectId: ProjectId,
    recordingId: z.string(),
    shortId: z.string(),
    playlistName: z.string(),
    change: z.enum(['added', 'removed']),
    via: ViaSchema,
    at: z.number(),
  }),
);
export type LastActionView = z.infer<typeof LastActionViewSchema>;

export const CollectionSessionStateSchema = lazily(() =>
  z.object({
    /** A recording the context menu asked the picker for. */
    pick: z.nullable(z.object({ projectId: ProjectId, recordingId: z.string() })),
    /**
     * The last add or remove, for Undo, while it is recent and only where it belongs: over its
     * recording, or on the page a recording link's menu made it from (never another tab's page).
     */
    lastAction: z.nullable(LastActionViewSchema),
  }),
);
export type CollectionSessionState = z.infer<typeof CollectionSessionStateSchema>;

export const QuickAddResultSchema = lazily(() =>
  z.object({
    /** `pending`: PostHog could not take it now; it waits to be made (see `pendingId`). */
    outcome: z.enum(['added', 'already', 'pending', 'needs-choice', 'not-a-recording', 'failed']),
    playlistName: z.optional(z.string()),
    via: z.optional(ViaSchema),
    /** The sentence shown in the toolbar button's title (and by the in-page button). */
    message: z.string(),
    actionId: z.optional(z.string()),
    pendingId: z.optional(z.string()),
  }),
);
export type QuickAddResult = z.infer<typeof QuickAddResultSchema>;
