import { z } from 'zod/mini';
import { isSessionForwardable } from './api/session-routes';
import { ClipboardWriteInputSchema, ClipboardWriteResultSchema } from './clipboard-messages';
import { PageContextSchema } from './context-schema';
import { AppError } from './errors';
import {
  CreateAndAddInputSchema,
  CreateAndAddResultSchema,
  PlaylistListInputSchema,
  PlaylistListSchema,
  PlaylistSessionStateSchema,
  QuickAddResultSchema,
  RecordingChangeInputSchema,
  RecordingChangeResultSchema,
} from './playlist-messages';
import { type SerializedError, SerializedErrorSchema } from './serialized-error';

/**
 * The whole message protocol: who may send each message, what it carries and what comes back.
 * Every request is `{ type, input }`; every answer is `{ ok: true, data } | { ok: false, error }`.
 * Both ends parse through these schemas, so a wrong shape never reaches a handler or a screen.
 */

export const SENDER_KINDS = ['extension-page', 'content-script', 'background'] as const;
export type SenderKind = (typeof SENDER_KINDS)[number];

const Empty = z.object({});
const ProjectId = z.int().check(z.positive());

/** What a content script may add to what the tab URL already says. */
export const PageHintsSchema = z.strictObject({
  title: z.optional(z.string().check(z.maxLength(200))),
  currentSecond: z.optional(z.int().check(z.nonnegative(), z.lte(86_400 * 7))),
});
export type PageHints = z.infer<typeof PageHintsSchema>;

const ScopeCheckSchema = z.object({
  ok: z.boolean(),
  /** The first scope the key lacks for this capability. */
  missingScope: z.optional(z.string()),
  /** One sentence saying how to get it. */
  fix: z.optional(z.string()),
});
export const CapabilitiesSchema = z.object({
  addToPlaylist: ScopeCheckSchema,
  pin: ScopeCheckSchema,
  shareLinks: ScopeCheckSchema,
});
export type Capabilities = z.infer<typeof CapabilitiesSchema>;

/** `phx_…a1B2`. The pattern doubles as a guard: an answer carrying a whole key fails output validation. */
export const MaskedKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_]{0,4}…[A-Za-z0-9]{0,4}$/));

export const ProjectSummarySchema = z.object({ id: ProjectId, name: z.string() });
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

export const KeyCheckSchema = z.object({
  maskedKey: MaskedKeySchema,
  origin: z.string(),
  projectId: z.optional(ProjectId),
  user: z.object({ name: z.string(), email: z.string() }),
  scopes: z.array(z.string()),
  projects: z.array(ProjectSummarySchema),
  capabilities: CapabilitiesSchema,
});
export type KeyCheck = z.infer<typeof KeyCheckSchema>;

export const StatusSchema = z.object({
  configured: z.boolean(),
  origin: z.optional(z.string()),
  maskedKey: z.optional(MaskedKeySchema),
  projectId: z.optional(ProjectId),
  projectName: z.optional(z.string()),
  capabilities: z.optional(CapabilitiesSchema),
});
export type Status = z.infer<typeof StatusSchema>;

/** A key check with when it was made, as stored and as the options page shows it. */
export const CheckedKeySchema = z.extend(KeyCheckSchema, { checkedAt: z.number() });

export const PublicSettingsSchema = z.object({
  origin: z.string(),
  projectId: z.optional(ProjectId),
  inPageButton: z.boolean(),
  maskedKey: z.optional(MaskedKeySchema),
  /** The last successful check of the saved key, so the options page shows it without a request. */
  lastCheck: z.optional(CheckedKeySchema),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

/** A dashboard as the popup and the dashboards view show it: list items and full answers both fit. */
export const DashboardSummarySchema = z.object({
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
});
export type DashboardSummary = z.infer<typeof DashboardSummarySchema>;

/** Every dashboard of one project, as fetched at `fetchedAt` (ms since the epoch). */
export const DashboardListSchema = z.object({
  origin: z.string(),
  projectId: ProjectId,
  fetchedAt: z.number(),
  dashboards: z.array(DashboardSummarySchema),
});
export type DashboardList = z.infer<typeof DashboardListSchema>;

/**
 * Where a list may come from: `cache` never sends a request (first paint), `fresh` sends one only
 * when the cache is missing or older than its TTL, `server` always asks (the Refresh button).
 */
const DashboardSourceSchema = z.enum(['cache', 'fresh', 'server']);

export const CollaboratorSummarySchema = z.object({
  name: z.string(),
  email: z.string(),
  level: z.int(),
});
export type CollaboratorSummary = z.infer<typeof CollaboratorSummarySchema>;

const DashboardRef = z.object({ projectId: ProjectId, dashboardId: z.int().check(z.positive()) });

const TabRef = z.object({ tabId: z.int().check(z.nonnegative()) });

const SESSION_METHODS = ['POST', 'DELETE'] as const;

/** What the popup needs for its first paint, answered at once from the background's caches. */
export const PopupOpenSchema = z.object({
  status: StatusSchema,
  /** The tab's page (null: no tab, or not a PostHog page Hogmark acts on) and what its content script added. */
  context: z.nullable(PageContextSchema),
  hints: PageHintsSchema,
  /** The context menu's pick (taken: it is answered once) and the last action, for Undo. */
  session: PlaylistSessionStateSchema,
  /**
   * The cached list (`playlists/list` with `source: 'cache'`, never a request) for the recording the
   * picker will show, named so the popup can check it is that one; null when there is none.
   */
  playlists: z.nullable(
    z.object({
      recording: z.object({ recordingId: z.string(), projectId: z.optional(ProjectId) }),
      list: PlaylistListSchema,
    }),
  ),
});
export type PopupOpen = z.infer<typeof PopupOpenSchema>;

export const protocol = {
  // extension pages (popup, options) → background
  'popup/open': {
    from: 'extension-page',
    input: z.object({
      tabId: z.optional(z.int().check(z.nonnegative())),
      /** The picker window's recording (`?recording=…&project=…`); the tab's otherwise. */
      recording: z.optional(
        z.object({ recordingId: z.string().check(z.maxLength(200)), projectId: z.optional(ProjectId) }),
      ),
    }),
    output: PopupOpenSchema,
  },
  'status/get': { from: 'extension-page', input: Empty, output: StatusSchema },
  'settings/get': { from: 'extension-page', input: Empty, output: PublicSettingsSchema },
  'settings/save': {
    from: 'extension-page',
    input: z.object({
      origin: z.string().check(z.minLength(1), z.maxLength(2048)),
      apiKey: z.optional(z.string().check(z.maxLength(200))),
      projectId: z.optional(ProjectId),
      inPageButton: z.optional(z.boolean()),
    }),
    output: KeyCheckSchema,
  },
  'settings/check': { from: 'extension-page', input: Empty, output: KeyCheckSchema },
  'settings/forget': { from: 'extension-page', input: Empty, output: Empty },
  'context/get': {
    from: 'extension-page',
    input: TabRef,
    output: z.object({ context: z.nullable(PageContextSchema), hints: PageHintsSchema }),
  },
  'dashboards/list': {
    from: 'extension-page',
    input: z.object({ projectId: ProjectId, source: z._default(DashboardSourceSchema, 'fresh') }),
    output: z.object({ list: z.nullable(DashboardListSchema), stale: z.boolean() }),
  },
  'dashboards/get': {
    from: 'extension-page',
    input: z.extend(DashboardRef, { source: z._default(z.enum(['cache', 'server']), 'server') }),
    output: z.object({ dashboard: z.nullable(DashboardSummarySchema) }),
  },
  'dashboards/pin': {
    from: 'extension-page',
    input: z.extend(DashboardRef, { pinned: z.boolean() }),
    output: z.object({ dashboard: DashboardSummarySchema }),
  },
  'dashboards/share-link': {
    from: 'extension-page',
    input: DashboardRef,
    // Never turns sharing on: `enabled: false` carries no URL, only where to change it in PostHog.
    output: z.object({ enabled: z.boolean(), url: z.optional(z.url()), settingsUrl: z.url() }),
  },
  'dashboards/collaborators': {
    from: 'extension-page',
    input: DashboardRef,
    // `available: false`: this PostHog has no collaborators feature (a FOSS build answers 404).
    output: z.object({ available: z.boolean(), collaborators: z.array(CollaboratorSummarySchema) }),
  },

  'playlists/list': { from: 'extension-page', input: PlaylistListInputSchema, output: PlaylistListSchema },
  'playlists/add': {
    from: 'extension-page',
    input: RecordingChangeInputSchema,
    output: RecordingChangeResultSchema,
  },
  'playlists/remove': {
    from: 'extension-page',
    input: RecordingChangeInputSchema,
    output: RecordingChangeResultSchema,
  },
  'playlists/create-and-add': {
    from: 'extension-page',
    input: CreateAndAddInputSchema,
    output: CreateAndAddResultSchema,
  },
  'playlists/undo': {
    from: 'extension-page',
    input: z.object({ actionId: z.string().check(z.minLength(1), z.maxLength(100)) }),
    output: RecordingChangeResultSchema,
  },
  // What the keyboard command runs for the tab; extension pages send it to run the same path.
  'playlists/quick-add': {
    from: 'extension-page',
    input: TabRef,
    output: QuickAddResultSchema,
  },

  // content scripts → background: untrusted, so strict inputs and the tab comes from the sender
  'context/hint': {
    from: 'content-script',
    // The page URL the hints describe. Chrome's sender.url keeps the URL the document loaded with,
    // so after an in-app navigation only the page knows it; the background files hints under it only
    // while it is the tab's current URL, as the browser reports it.
    input: z.extend(PageHintsSchema, { url: z.optional(z.string().check(z.maxLength(4096))) }),
    output: Empty,
  },
  'recording/add-from-page': {
    from: 'content-script',
    // The recording is read from the sender's tab URL; a claimed id is accepted only to be ignored.
    input: z.strictObject({ recordingId: z.optional(z.string().check(z.maxLength(200))) }),
    output: z.object({
      added: z.boolean(),
      playlistName: z.optional(z.string()),
      via: z.enum(['key', 'session']),
      /** The sentence the page shows (the page has no translations of its own). */
      message: z.optional(z.string().check(z.maxLength(300))),
      /** The last action of this tab can be undone from the page. */
      undoable: z.optional(z.boolean()),
    }),
  },
  'recording/undo-from-page': {
    from: 'content-script',
    // Undoes the last action only when it was made for the recording this tab shows.
    input: z.strictObject({}),
    output: z.object({ undone: z.boolean(), message: z.string().check(z.maxLength(300)) }),
  },
  'session/reply': {
    from: 'content-script',
    input: z.strictObject({
      requestId: z.uuid(),
      status: z.int().check(z.gte(0), z.lte(599)),
      body: z.unknown(),
    }),
    output: Empty,
  },

  // background → the content script of a signed-in PostHog tab (the session fallback)
  'session/request': {
    from: 'background',
    input: z
      .strictObject({
        requestId: z.uuid(),
        method: z.enum(SESSION_METHODS),
        path: z.string().check(z.maxLength(500)),
        body: z.optional(z.unknown()),
      })
      // Only the routes PostHog refuses to personal keys; never an arbitrary URL.
      .check(
        z.refine((request) => isSessionForwardable(request.method, request.path), {
          message: 'route not forwardable',
          path: ['path'],
        }),
      ),
    output: z.object({ accepted: z.boolean() }),
  },

  // background → its offscreen document (Chromium): a copy started by a shortcut or a menu item
  'clipboard/write': {
    from: 'background',
    input: ClipboardWriteInputSchema,
    output: ClipboardWriteResultSchema,
  },
} as const satisfies Record<string, { from: SenderKind; input: z.ZodMiniType; output: z.ZodMiniType }>;

export type Protocol = typeof protocol;
export type MessageType = keyof Protocol;
export type MessageInput<T extends MessageType> = z.output<Protocol[T]['input']>;
export type MessageOutput<T extends MessageType> = z.output<Protocol[T]['output']>;
/** Messages the background answers (everything not sent by the background itself). */
export type BackgroundMessageType = {
  [T in MessageType]: Protocol[T]['from'] extends 'background' ? never : T;
}[MessageType];

export type MessageRequest<T extends MessageType = MessageType> = {
  [K in T]: { type: K; input: MessageInput<K> };
}[T];

export const MESSAGE_TYPES = Object.keys(protocol) as MessageType[];

export function isMessageType(value: unknown): value is MessageType {
  return typeof value === 'string' && Object.hasOwn(protocol, value);
}

/** Untrusted data → a typed request, or AppError('bad-message'). Never throws anything else. */
export function parseRequest(raw: unknown): MessageRequest {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new AppError('bad-message', { detail: 'not an object' });
  }
  const { type, input } = raw as { type?: unknown; input?: unknown };
  if (!isMessageType(type)) throw new AppError('bad-message', { detail: 'unknown message type' });
  const parsed = protocol[type].input.safeParse(input === undefined ? {} : input);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') || undefined;
    throw new AppError('bad-message', { detail: `invalid input for ${type}`, field });
  }
  return { type, input: parsed.data } as MessageRequest;
}

export const ResponseSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: SerializedErrorSchema }),
]);
export type MessageResponse<T = unknown> = { ok: true; data: T } | { ok: false; error: SerializedError };

/** The transport: `browser.runtime.sendMessage`, or `(m) => browser.tabs.sendMessage(tabId, m)`. */
export type RawSend = (message: { type: MessageType; input: unknown }) => Promise<unknown>;

/** Sends one request and resolves with the answer's data, or rejects with the AppError it carried. */
export type SendMessage = <T extends MessageType>(
  type: T,
  input: MessageInput<T>,
) => Promise<MessageOutput<T>>;

/**
 * A typed caller: sends one request, parses the answer, returns its data or throws the AppError that
 * the other end reported (so `catch (e) { e.kind === 'missing-scope' }` works across the boundary).
 * Transport failures (no receiver, context invalidated) propagate as thrown by `send`.
 */
export function createMessageSender(send: RawSend): SendMessage {
  return async function sendMessage<T extends MessageType>(
    type: T,
    input: MessageInput<T>,
  ): Promise<MessageOutput<T>> {
    const answer = ResponseSchema.safeParse(await send({ type, input }));
    if (!answer.success) throw new AppError('bad-message', { detail: `malformed answer to ${type}` });
    if (!answer.data.ok) throw AppError.fromJSON(answer.data.error);
    const data = protocol[type].output.safeParse(answer.data.data);
    if (!data.success) throw new AppError('bad-message', { detail: `unexpected answer to ${type}` });
    return data.data as MessageOutput<T>;
  };
}
