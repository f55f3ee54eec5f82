import { isAllowed } from '../../messaging/allowed-senders';
import {
  type BackgroundMessageType,
  isMessageType,
  type MessageInput,
  type MessageOutput,
  type MessageResponse,
  type MessageType,
  parseRequest,
  protocol,
} from '../../messaging/messages';
import { classifySender, type MessageSenderLike, type TrustedSenderKind } from '../../messaging/sender';
import { AppError, type SerializedError, toAppError } from '../../platform/errors';

/** What a handler knows about who asked. For content scripts, tab and URL come from the browser. */
export interface HandlerContext {
  sender: { kind: TrustedSenderKind; tabId?: number; url?: string };
}

export type Handler<T extends MessageType> = (
  input: MessageInput<T>,
  context: HandlerContext,
) => Promise<MessageOutput<T>> | MessageOutput<T>;

/** Some handlers by message type: what one room answers (`satisfies Handlers` keeps the keys it names). */
export type Handlers = { [T in BackgroundMessageType]?: Handler<T> };

/** Every message the background takes, each with its handler: a missing one is a compile error. */
export type HandlerMap = Required<Handlers>;

export interface DispatcherDeps {
  handlers: Handlers;
  extensionId: string;
  extensionOrigin: string;
  getAppOrigins: () => readonly string[] | Promise<readonly string[]>;
  /** Called with every failure, for the log (lib/platform/log.ts); the sender only ever sees the serialised error. */
  onError?: (type: string, error: AppError) => void;
}

/**
 * The background's one `runtime.onMessage` listener body: sender check, payload check, allow-list,
 * handler, output check. Nothing unchecked goes in or out, and it never throws.
 */
export function createDispatcher(deps: DispatcherDeps) {
  async function handle(raw: unknown, sender: MessageSenderLike): Promise<unknown> {
    const kind = classifySender(sender, {
      extensionId: deps.extensionId,
      extensionOrigin: deps.extensionOrigin,
      appOrigins: await deps.getAppOrigins(),
    });
    if (kind === null) throw new AppError('bad-message', { detail: 'sender refused' });
    const request = parseRequest(raw);
    if (protocol[request.type].from === 'background' || !isAllowed(kind, request.type)) {
      throw new AppError('bad-message', { detail: `${request.type} not accepted from ${kind}` });
    }
    const type = request.type as BackgroundMessageType;
    const handler = deps.handlers[type] as Handler<BackgroundMessageType> | undefined;
    if (!handler) throw new AppError('unknown', { detail: `no handler for ${type}` });

    const context: HandlerContext = {
      sender:
        kind === 'content-script'
          ? { kind, tabId: sender.tab?.id, url: sender.url }
          : { kind, tabId: sender.tab?.id },
    };
    const output = protocol[type].output.safeParse(await handler(request.input as never, context));
    // A handler bug must not leak unchecked data (or a key) across the boundary.
    if (!output.success) throw new AppError('unknown', { detail: `invalid answer from ${type}` });
    return output.data;
  }

  return {
    async dispatch(raw: unknown, sender: MessageSenderLike): Promise<MessageResponse> {
      try {
        return { ok: true, data: await handle(raw, sender) };
      } catch (thrown) {
        const error = toAppError(thrown);
        deps.onError?.(messageTypeOf(raw), error);
        return { ok: false, error: redactKeys(error.toJSON()) };
      }
    },
  };
}
export type Dispatcher = ReturnType<typeof createDispatcher>;

/** The log's place name: a message type of the protocol, never words an untrusted sender chose. */
function messageTypeOf(raw: unknown): string {
  const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
  return isMessageType(type) ? type : 'unknown message';
}

const TOKEN = /\bph[a-z]_[A-Za-z0-9]{8,}/g;

/** Server words can quote what they were sent; no PostHog token of any kind leaves the background. */
export function redactKeys(error: SerializedError): SerializedError {
  const scrub = (text: string) => text.replace(TOKEN, (token) => `${token.slice(0, 4)}…`);
  return {
    ...error,
    message: scrub(error.message),
    ...(error.detail === undefined ? {} : { detail: scrub(error.detail) }),
    ...(error.field === undefined ? {} : { field: scrub(error.field) }),
    ...(error.scope === undefined ? {} : { scope: scrub(error.scope) }),
  };
}
