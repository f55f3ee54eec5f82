import { z } from 'zod/mini';
import { lazily } from '../platform/lazy';
import { isItemShortId, isRecordingId } from '../posthog/context-ids';
import { PageContextSchema } from '../posthog/context-schema';
import { PageHintsSchema } from '../posthog/page-hints';
import { MAX_PERSON_TEXT, MAX_START_URL } from '../posthog/visitor-text';
import { CollectionListSchema, CollectionSessionStateSchema } from './collection-messages';
import { PendingStateSchema } from './pending-messages';

/**
 * The payloads of lib/messaging/messages.ts's protocol: what the background answers about settings, keys,
 * dashboards and the popup's first paint. The protocol map itself (who sends what) stays there.
 */

export { type PageHints, PageHintsSchema } from '../posthog/page-hints';

export const Empty = lazily(() => z.object({}));
export const ProjectId = lazily(() => z.int().check(z.positive()));

export const ScopeCheckSchema = lazily(() =>
  z.object({
    ok: z.boolean(),
    /** The first scope the key lacks for this capability. */
    missingScope: z.optional(z.string()),
    /** One sentence saying how to get it. */
    fix: z.optional(z.string()),
  }),
);
export const CapabilitiesSchema = lazily(() =>
  z.object({
    addToPlaylist: ScopeCheckSchema,
    pin: ScopeCheckSchema,
    shareLinks: ScopeCheckSchema,
    /** Optional: key checks stored before it existed lack it (they are re-run on "Check again"). */
    createCollection: z.optional(ScopeCheckSchema),
    /** An insight's name and public link; optional like createCollection. */
    insightLinks: z.optional(ScopeCheckSchema),
    /** A recording's public link. */
    recordingLinks: z.optional(ScopeCheckSchema),
    /** A notebook's title when its page has not said it. */
    notebookNames: z.optional(ScopeCheckSchema),
    /** Who a recording is (the person, when, how long, where). */
    recordingFaces: z.optional(ScopeCheckSchema),
    /** Notes on recordings with the key (without it, through the signed-in tab). */
    recordingNotes: z.optional(ScopeCheckSchema),
    /** A person's recordings, found by email or distinct id. */
    personRecordings: z.optional(ScopeCheckSchema),
  }),
);
export type Capabilities = z.infer<typeof CapabilitiesSchema>;

/** `phx_…a1B2`. The pattern doubles as a guard: an answer carrying a whole key fails output validation. */
export const MaskedKeySchema = lazily(() =>
  z.string().check(z.regex(/^[A-Za-z0-9_]{0,4}…[A-Za-z0-9]{0,4}$/)),
);

/** A project the key reaches; `organization`: its organisation's id (PostHog's project serializer). */
export const ProjectSummarySchema = lazily(() =>
  z.object({ id: ProjectId, name: z.string(), organization: z.optional(z.string().check(z.maxLength(64))) }),
);
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

export const PublicSharingSchema = lazily(() => z.enum(['allowed', 'off', 'unknown']));
export type PublicSharing = z.infer<typeof PublicSharingSchema>;

export const KeyCheckSchema = lazily(() =>
  z.object({
    maskedKey: MaskedKeySchema,
    origin: z.string(),
    projectId: z.optional(ProjectId),
    // `uuid`: who the key's owner is, so a change kept for later is made only as them (kept since 2026-11).
    user: z.object({
      name: z.string(),
      email: z.string(),
      uuid: z.optional(z.string().check(z.maxLength(64))),
    }),
    scopes: z.array(z.string()),
    projects: z.array(ProjectSummarySchema),
    capabilities: CapabilitiesSchema,
    /**
     * Whether the organisation lets public links open (`allowed`), has turned them off (`off`: PostHog's
     * kill switch in `SharingViewerPageViewSet.retrieve`), or did not say (`unknown`).
     */
    publicSharing: z.optional(PublicSharingSchema),
    /**
     * The organisation `publicSharing` is of: the user's current one (`users/@me`), which need not be
     * the project's. Checks saved before it was kept lack it.
     */
    organizationId: z.optional(z.string().check(z.maxLength(64))),
    /** The same answer for the organisations of the key's other projects, read one by one. */
    otherOrganizations: z.optional(z.record(z.string().check(z.maxLength(64)), PublicSharingSchema)),
  }),
);
export type KeyCheck = z.infer<typeof KeyCheckSchema>;

export const StatusSchema = lazily(() =>
  z.object({
    configured: z.boolean(),
    origin: z.optional(z.string()),
    maskedKey: z.optional(MaskedKeySchema),
    projectId: z.optional(ProjectId),
    projectName: z.optional(z.string()),
    capabilities: z.optional(CapabilitiesSchema),
  }),
);
export type Status = z.infer<typeof StatusSchema>;

/** A key check with when it was made, as stored and as the options page shows it. */
export const CheckedKeySchema = lazily(() => z.extend(KeyCheckSchema, { checkedAt: z.number() }));

export const PublicSettingsSchema = lazily(() =>
  z.object({
    origin: z.string(),
    projectId: z.optional(ProjectId),
    inPageButton: z.boolean(),
    maskedKey: z.optional(MaskedKeySchema),
    /** The last successful check of the saved key, so the options page shows it without a request. */
    lastCheck: z.optional(CheckedKeySchema),
  }),
);
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

/** A dashboard as the popup and the dashboards view show it: list items and full answers both fit. */
export const DashboardSummarySchema = lazily(() =>
  z.object({
    id: z.int().check(z.positive()),
    /** PostHog lets a dashboard be saved without a name. */
    name: z.nullable(z.string()),
    pinned: z.boolean(),
    /** `is_shared` where the server says it; null when it does not. */
    shared: z.nullable(z.boolean()),
    /** False when the user may only view it (privilege 21): pinning would be refused. */
    canEdit: z.boolean(),
    /** Restriction 37: only invited collaborators may edit. */
    restricted: z.boolean(),
    tags: z.array(z.string()),
  }),
);
export type DashboardSummary = z.infer<typeof DashboardSummarySchema>;

/** Every dashboard of one project, as fetched at `fetchedAt` (ms since the epoch). */
export const DashboardListSchema = lazily(() =>
  z.object({
    origin: z.string(),
    projectId: ProjectId,
    fetchedAt: z.number(),
    dashboards: z.array(DashboardSummarySchema),
  }),
);
export type DashboardList = z.infer<typeof DashboardListSchema>;

/**
 * Where a list may come from: `cache` never sends a request (first paint), `fresh` sends one only
 * when the cache is missing or older than its TTL, `server` always asks (the Refresh button).
 */
export const DashboardSourceSchema = lazily(() => z.enum(['cache', 'fresh', 'server']));

export const CollaboratorSummarySchema = lazily(() =>
  z.object({
    name: z.string(),
    email: z.string(),
    level: z.int(),
  }),
);
export type CollaboratorSummary = z.infer<typeof CollaboratorSummarySchema>;

export const DashboardRef = lazily(() =>
  z.object({ projectId: ProjectId, dashboardId: z.int().check(z.positive()) }),
);
/** An insight or notebook of a project by its short id (the only id its page's URL has). */
export const ItemRef = lazily(() =>
  z.object({
    projectId: ProjectId,
    shortId: z.string().check(z.refine(isItemShortId, 'not a short id')),
  }),
);
export const RecordingRef = lazily(() =>
  z.object({
    projectId: ProjectId,
    recordingId: z.string().check(z.maxLength(200), z.refine(isRecordingId, 'not a recording id')),
  }),
);
/**
 * Who a recording is, as PostHog's metadata says (`session_recordings/:id`): all of it recorded from
 * the user's own site, so shown as text only, and bounded where it is read (visitor-text.ts). `person`
 * null: PostHog has no person for it.
 */
export const RecordingFaceSchema = lazily(() =>
  z.object({
    person: z.nullable(z.string().check(z.maxLength(MAX_PERSON_TEXT))),
    startTime: z.nullable(z.string().check(z.maxLength(64))),
    durationSeconds: z.nullable(z.int().check(z.nonnegative())),
    startUrl: z.nullable(z.string().check(z.maxLength(MAX_START_URL))),
  }),
);
export type RecordingFace = z.infer<typeof RecordingFaceSchema>;

/**
 * A public link as PostHog's sharing configuration gives it. Never turns sharing on: `enabled: false`
 * carries no URL. `passwordRequired`: viewers of the public link need a password.
 */
export const PublicLinkSchema = lazily(() =>
  z.object({
    enabled: z.boolean(),
    url: z.optional(z.url()),
    passwordRequired: z.optional(z.boolean()),
    // Whether the organisation lets public links open at all (from the last key check).
    publicSharing: z.optional(PublicSharingSchema),
  }),
);

export const TabRef = lazily(() => z.object({ tabId: z.int().check(z.nonnegative()) }));

export const SESSION_METHODS = ['GET', 'POST', 'DELETE', 'PATCH'] as const;

/** What the popup needs for its first paint, answered at once from the background's caches. */
export const PopupOpenSchema = lazily(() =>
  z.object({
    status: StatusSchema,
    /** The tab's page (null: no tab, or not a PostHog page Hogmark acts on) and what its content script added. */
    context: z.nullable(PageContextSchema),
    hints: PageHintsSchema,
    /** The context menu's pick (taken: it is answered once) and the last action, for Undo. */
    session: CollectionSessionStateSchema,
    /** Changes waiting to be made, and what became of earlier ones (told once). */
    pending: z.optional(PendingStateSchema),
    /**
     * The cached list (`playlists/list` with `source: 'cache'`, never a request) for the recording the
     * picker will show, named so the popup can check it is that one; null when there is none.
     */
    playlists: z.nullable(
      z.object({
        recording: z.object({ recordingId: z.string(), projectId: z.optional(ProjectId) }),
        list: CollectionListSchema,
      }),
    ),
  }),
);
export type PopupOpen = z.infer<typeof PopupOpenSchema>;
