import type { SessionRoute } from '../api/session-routes';
import { isSessionForwardable } from '../api/session-routes';
import { createMessageSender, type MessageInput, type RawSend } from '../messaging/messages';
import { AppError, isAppError } from '../platform/errors';
import type { HandlerContext } from './dispatcher';

export interface SessionBridgeDeps {
  /** A signed-in PostHog tab on this origin, if any (e.g. `tabs.query({ url: `${origin}/*` })`). */
  findSessionTab: (origin: string) => Promise<number | undefined>;
  /** `(tabId, message) => browser.tabs.sendMessage(tabId, message, { frameId: 0 })`. */
  sendToTab: (tabId: number, message: Parameters<RawSend>[0]) => Promise<unknown>;
  timeoutMs?: number;
  newRequestId?: () => string;
}

export interface SessionAnswer {
  status: number;
  body: unknown;
}

interface Pending {
  tabId: number;
  /** The origin asked: a reply from the tab after it navigated elsewhere is not this answer. */
  origin: string;
  resolve: (answer: SessionAnswer) => void;
}

/**
 * The background half of the session fallback (DESIGN.md): hands one allow-listed request to the
 * content script of a signed-in tab and waits for its `session/reply`. A reply counts only from the
 * tab and origin the request went to, and only once.
 */
export function createSessionBridge(deps: SessionBridgeDeps) {
  const pending = new Map<string, Pending>();
  const timeoutMs = deps.timeoutMs ?? 20_000;
  const newRequestId = deps.newRequestId ?? (() => crypto.randomUUID());

  /** `signal`: the user stopped waiting; the answer is then unknown (the page may still send it). */
  async function forward(origin: string, route: SessionRoute, signal?: AbortSignal): Promise<SessionAnswer> {
    if (!isSessionForwardable(route.method, route.path)) {
      throw new AppError('bad-message', { detail: 'route not forwardable' });
    }
    const tabId = await deps.findSessionTab(origin);
    if (tabId === undefined) throw new AppError('no-session-tab');
    const requestId = newRequestId();
    const send = createMessageSender((message) => deps.sendToTab(tabId, message));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const replied = new Promise<SessionAnswer>((resolve, reject) => {
      pending.set(requestId, { tabId, origin, resolve });
      timer = setTimeout(
        () => reject(new AppError('timeout', { detail: 'no reply from the PostHog tab' })),
        timeoutMs,
      );
      signal?.addEventListener(
        'abort',
        () => reject(new AppError('network', { detail: 'stopped waiting' })),
        {
          once: true,
        },
      );
    });
    try {
      const input: MessageInput<'session/request'> = { requestId, method: route.method, path: route.path };
      const { accepted } = await send(
        'session/request',
        route.body === undefined ? input : { ...input, body: route.body },
      );
      if (!accepted) throw new AppError('no-session-tab');
      return await replied;
    } catch (error) {
      // No content script in the tab (not loaded yet, or the page is not PostHog any more).
      throw isAppError(error) ? error : new AppError('no-session-tab', { cause: error });
    } finally {
      clearTimeout(timer);
      pending.delete(requestId);
    }
  }

  /** `session/reply` handler. */
  function reply(input: MessageInput<'session/reply'>, { sender }: HandlerContext): Record<string, never> {
    const waiting = pending.get(input.requestId);
    // The dispatcher already took only a top frame's content script on a PostHog origin.
    if (!waiting || waiting.tabId !== sender.tabId || originOf(sender.url) !== waiting.origin) {
      throw new AppError('bad-message', { detail: 'unexpected session reply' });
    }
    pending.delete(input.requestId);
    waiting.resolve({ status: input.status, body: input.body });
    return {};
  }

  return { forward, reply };
}
export type SessionBridge = ReturnType<typeof createSessionBridge>;

function originOf(url: string | undefined): string | null {
  return url && URL.canParse(url) ? new URL(url).origin : null;
}
