import { z } from 'zod/mini';
import { AppError } from '../platform/errors';
import { lazily, lazyEntries } from '../platform/lazy';
import { type SerializedError, SerializedErrorSchema } from '../platform/serialized-error';
import { PageContextSchema } from '../posthog/context-schema';
import { bulkAskProtocol } from './bulk-ask-messages';
import {
  CollectionListInputSchema,
  CollectionListSchema,
  CreateAndAddInputSchema,
  CreateAndAddResultSchema,
  QuickAddResultSchema,
  RecordingChangeInputSchema,
  RecordingChangeResultSchema,
  WriteCancelInputSchema,
} from './collection-messages';
import {
  Empty,
  KeyCheckSchema,
  PageHintsSchema,
  PopupOpenSchema,
  ProjectId,
  PublicSettingsSchema,
  StatusSchema,
  TabRef,
} from './message-schemas';
import { pageProtocol } from './page-messages';
import { PendingIdInputSchema, PendingStateSchema } from './pending-messages';
import { personProtocol } from './person-messages';
import {
  RecordingNotesInputSchema,
  RecordingNotesSchema,
  ReviewDocInputSchema,
  ReviewDocSchema,
} from './review-doc-messages';
import { shareProtocol } from './share-messages';
import { siteProtocol } from './site-messages';

export * from './message-schemas';

/**
 * The whole message protocol: who may send each message, what it carries and what comes back.
 * Every request is `{ type, input }`; every answer is `{ ok: true, data } | { ok: false, error }`.
 * Both ends parse through these schemas, so a wrong shape never reaches a handler or a screen.
 */

export const SENDER_KINDS = ['extension-page', 'content-script', 'background'] as const;
export type SenderKind = (typeof SENDER_KINDS)[number];

/** One message: who may send it, what it carries, what comes back. */
interface MessageDefinition {
  from: SenderKind;
  input: z.ZodMiniType;
  output: z.ZodMiniType;
}

/**
 * Each message's schemas are built the first time that message is read here (its factory runs once),
 * not when the extension starts: a started service worker builds what its first event needs.
 */
export const protocol = lazyEntries({
  // extension pages (popup, options) → background
  'popup/open': () => ({
    from: 'extension-page',
    input: z.object({
      tabId: z.optional(z.int().check(z.nonnegative())),
      /** The picker window's recording (`?recording=…&project=…`); the tab's otherwise. */
      recording: z.optional(
        z.object({ recordingId: z.string().check(z.maxLength(200)), projectId: z.optional(ProjectId) }),
      ),
    }),
    output: PopupOpenSchema,
  }),
  'status/get': () => ({ from: 'extension-page', input: Empty, output: StatusSchema }),
  'settings/get': () => ({ from: 'extension-page', input: Empty, output: PublicSettingsSchema }),
  'settings/save': () => ({
    from: 'extension-page',
    input: z.object({
      origin: z.string().check(z.minLength(1), z.maxLength(2048)),
      apiKey: z.optional(z.string().check(z.maxLength(200))),
      projectId: z.optional(ProjectId),
      inPageButton: z.optional(z.boolean()),
    }),
    output: KeyCheckSchema,
  }),
  'settings/check': () => ({ from: 'extension-page', input: Empty, output: KeyCheckSchema }),
  /** Forget key, and for a sign-in "Sign out": its refresh token revoked at PostHog first. */
  'settings/forget': () => ({ from: 'extension-page', input: Empty, output: Empty }),
  /** "Sign in with PostHog" at `origin`: PostHog's consent in the browser's sign-in window, then a key check. */
  'settings/sign-in': () => ({
    from: 'extension-page',
    input: z.object({ origin: z.string().check(z.minLength(1), z.maxLength(2048)) }),
    output: KeyCheckSchema,
  }),
  /** Stop waiting for the key check of a save or re-check; that request then fails as `cancelled`. */
  'settings/cancel': () => ({
    from: 'extension-page',
    input: Empty,
    output: z.object({ cancelled: z.boolean() }),
  }),
  'context/get': () => ({
    from: 'extension-page',
    input: TabRef,
    output: z.object({ context: z.nullable(PageContextSchema), hints: PageHintsSchema }),
  }),
  // the popup's share panels and the dashboards view (dashboards, insights, notebooks, recordings)
  ...shareProtocol,

  'playlists/list': () => ({
    from: 'extension-page',
    input: CollectionListInputSchema,
    output: CollectionListSchema,
  }),
  'playlists/add': () => ({
    from: 'extension-page',
    input: RecordingChangeInputSchema,
    output: RecordingChangeResultSchema,
  }),
  'playlists/remove': () => ({
    from: 'extension-page',
    input: RecordingChangeInputSchema,
    output: RecordingChangeResultSchema,
  }),
  /** Stop waiting for an add, remove or create-and-add; its own answer then says what PostHog did. */
  'playlists/cancel': () => ({
    from: 'extension-page',
    input: WriteCancelInputSchema,
    output: z.object({ cancelled: z.boolean() }),
  }),
  'playlists/create-and-add': () => ({
    from: 'extension-page',
    input: CreateAndAddInputSchema,
    output: CreateAndAddResultSchema,
  }),
  'playlists/undo': () => ({
    from: 'extension-page',
    input: z.object({ actionId: z.string().check(z.minLength(1), z.maxLength(100)) }),
    output: RecordingChangeResultSchema,
  }),
  /** A collection as a review doc: its name, link and recordings with their faces (one list read). */
  'playlists/review-doc': () => ({
    from: 'extension-page',
    input: ReviewDocInputSchema,
    output: ReviewDocSchema,
  }),
  /** The notes of a batch of recordings at their seconds; each recording's failure is its own. */
  'recordings/notes': () => ({
    from: 'extension-page',
    input: RecordingNotesInputSchema,
    output: RecordingNotesSchema,
  }),
  // What the keyboard command runs for the tab; extension pages send it to run the same path.
  'playlists/quick-add': () => ({
    from: 'extension-page',
    input: TabRef,
    output: QuickAddResultSchema,
  }),

  // Changes PostHog could not take yet (background/pending/pending-queue.ts): "Retry now" (one, or all) and "Discard".
  'pending/retry': () => ({
    from: 'extension-page',
    input: z.strictObject({ id: z.optional(z.string().check(z.maxLength(100))) }),
    output: PendingStateSchema,
  }),
  'pending/discard': () => ({
    from: 'extension-page',
    input: PendingIdInputSchema,
    output: z.object({ discarded: z.boolean(), state: PendingStateSchema }),
  }),

  // the person page (persons/find, persons/recordings, persons/add)
  ...personProtocol,
  ...bulkAskProtocol,
  // "Recorded here": the tab's site, its recordings, adding one
  ...siteProtocol,

  // content scripts → background, and background → content scripts, popups and the offscreen page
  ...pageProtocol,
} satisfies Record<string, () => MessageDefinition>);

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

export const ResponseSchema = lazily(() =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data: z.unknown() }),
    z.object({ ok: z.literal(false), error: SerializedErrorSchema }),
  ]),
);
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
