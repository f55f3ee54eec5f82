import type { SessionRoute } from '../api/session-routes';
import { isSessionForwardable } from '../api/session-routes';
import { AppError, isAppError } from '../errors';
import { createMessageSender, type MessageInput, type RawSend } from '../messages';
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
  resolve: (answer: SessionAnswer) => void;
}

/**
 * The background half of the session fallback (DESIGN.md): hands one allow-listed request to the
 * content script of a signed-in tab and waits for its `session/reply`. A reply counts only from the
 * tab the request went to, and only once.
 */
export function createSessionBridge(deps: SessionBridgeDeps) {
  const pending = new Map<string, Pending>();
  const timeoutMs = deps.timeoutMs ?? 20_000;
  const newRequestId = deps.newRequestId ?? (() => crypto.randomUUID());

  async function forward(origin: string, route: SessionRoute): Promise<SessionAnswer> {
    if (!isSessionForwardable(route.method, route.path)) {
      throw new AppError('bad-message', { detail: 'route not forwardable' });
    }
    const tabId = await deps.findSessionTab(origin);
    if (tabId === undefined) throw new AppError('no-session-tab');
    const requestId = newRequestId();
    const send = createMessageSender((message) => deps.sendToTab(tabId, message));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const replied = new Promise<SessionAnswer>((resolve, reject) => {
      pending.set(requestId, { tabId, resolve });
      timer = setTimeout(
        () => reject(new AppError('timeout', { detail: 'no reply from the PostHog tab' })),
        timeoutMs,
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
    if (!waiting || waiting.tabId !== sender.tabId) {
      throw new AppError('bad-message', { detail: 'unexpected session reply' });
    }
    pending.delete(input.requestId);
    waiting.resolve({ status: input.status, body: input.body });
    return {};
  }

  return { forward, reply };
}
export type SessionBridge = ReturnType<typeof createSessionBridge>;
