import { isSessionRequestAllowed, type SessionRoute } from '../../api/session-routes';
import { createMessageSender, type MessageInput } from '../../messaging/messages';
import { AppError } from '../../platform/errors';
import type { HandlerContext } from '../messages/dispatcher';
import { isNotListening } from './quiet-tab';
import type { KeptFor, SessionAnswer } from './session-bridge';
import type { WakeAdd } from './wake-add';

/** An add the wake script sent (wake-add.ts) and the browser's answer to delivering it to the tab. */
export interface SentWakeAdd {
  add: WakeAdd;
  /** `tabs.sendMessage`'s promise: the content script's raw answer (`{ accepted }` in the protocol's envelope). */
  delivered: Promise<unknown>;
}

/** The tab's content script was not there: nothing was sent, and the background sends the add itself. */
const NOT_DELIVERED = Symbol('not delivered');

interface Adopted {
  add: WakeAdd;
  answer: Promise<SessionAnswer | typeof NOT_DELIVERED>;
  resolve: (answer: SessionAnswer) => void;
  replied: boolean;
  claimed: boolean;
}

const sameRoute = (a: SessionRoute, b: SessionRoute) =>
  a.method === b.method && a.path === b.path && JSON.stringify(a.body) === JSON.stringify(b.body);

function originOf(url: string | undefined): string | null {
  return url && URL.canParse(url) ? new URL(url).origin : null;
}

/**
 * The background's side of an add the wake script sent before the background was loaded: the
 * request is waited for as the session bridge waits for its own (the tab's reply, only from that tab
 * and origin, once; a timeout), and its answer goes to the one `forward` that asks for exactly that
 * request, as the same user, with no container or private window asked: the background's own
 * decision of the add, made from IndexedDB. Nothing is sent twice: a claimed add is not sent again,
 * and one never delivered is sent by the background as usual. What no `forward` claimed is handed
 * back by `unclaimed` (index.ts accounts for it).
 */
export function createWakeAdoption(deps: { timeoutMs?: number } = {}) {
  const timeoutMs = deps.timeoutMs ?? 20_000;
  const adopted = new Map<string, Adopted>();

  /** Called as the background loads, before any message: the tab's reply cannot come first. */
  function adopt(sent: SentWakeAdd): void {
    const { add } = sent;
    if (adopted.has(add.requestId)) return;
    let resolve: (answer: SessionAnswer) => void = () => {};
    const replied = new Promise<SessionAnswer>((settle) => {
      resolve = settle;
    });
    const input: MessageInput<'session/request'> = {
      requestId: add.requestId,
      origin: add.origin,
      method: add.route.method,
      path: add.route.path,
      ...(add.route.body === undefined ? {} : { body: add.route.body }),
    };
    const answer = (async () => {
      let accepted: boolean;
      try {
        ({ accepted } = await createMessageSender(() => sent.delivered)('session/request', input));
      } catch (error) {
        if (isNotListening(error)) return NOT_DELIVERED;
        throw error instanceof AppError ? error : new AppError('no-session-tab', { cause: error });
      }
      if (!accepted) return NOT_DELIVERED;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new AppError('timeout', { detail: 'no reply from the PostHog tab' })),
          timeoutMs,
        );
      });
      try {
        return await Promise.race([replied, late]);
      } finally {
        clearTimeout(timer);
      }
    })();
    // Awaited by whoever claims it, or by `unclaimed`'s caller.
    answer.catch(() => undefined);
    adopted.set(add.requestId, { add, answer, resolve, replied: false, claimed: false });
  }

  /**
   * `session/reply` for an adopted request: only from the tab and origin it went to, and once.
   * Undefined for any other request id (the session bridge's own).
   */
  function reply(
    input: MessageInput<'session/reply'>,
    { sender }: HandlerContext,
  ): Record<string, never> | undefined {
    const waiting = adopted.get(input.requestId);
    if (!waiting) return undefined;
    if (
      waiting.replied ||
      waiting.add.tabId !== sender.tabId ||
      originOf(sender.url) !== waiting.add.origin
    ) {
      throw new AppError('bad-message', { detail: 'unexpected session reply' });
    }
    waiting.replied = true;
    waiting.resolve({ status: input.status, body: input.body });
    return {};
  }

  /**
   * The answer to an adopted add that is exactly this request, asked as its user: undefined when
   * none is, or when it never reached the tab (the caller then sends the request itself).
   */
  async function claim(
    origin: string,
    route: SessionRoute,
    keptFor: KeptFor,
    keyOwner: () => Promise<string>,
    signal?: AbortSignal,
  ): Promise<SessionAnswer | undefined> {
    if (keptFor.container !== undefined || keptFor.private || !isSessionRequestAllowed(route))
      return undefined;
    const matches = (entry: Adopted) =>
      !entry.claimed && entry.add.origin === origin && sameRoute(entry.add.route, route);
    if (![...adopted.values()].some(matches)) return undefined;
    const asUser = keptFor.user ?? (await keyOwner());
    const found = [...adopted.values()].find((entry) => matches(entry) && entry.add.asUser === asUser);
    if (!found) return undefined;
    found.claimed = true;
    let stop = () => {};
    const stopped = new Promise<never>((_, reject) => {
      stop = () => reject(new AppError('network', { detail: 'stopped waiting' }));
      if (signal?.aborted) stop();
      signal?.addEventListener('abort', stop, { once: true });
    });
    stopped.catch(() => undefined);
    try {
      const answer = await Promise.race([found.answer, stopped]);
      return answer === NOT_DELIVERED ? undefined : answer;
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }

  /**
   * Once the shortcut's own handling has ended: the adopted add's answer when nothing claimed it
   * (null when it never reached the tab), else undefined. Forgets the add either way.
   */
  function unclaimed(requestId: string): Promise<SessionAnswer | null> | undefined {
    const entry = adopted.get(requestId);
    adopted.delete(requestId);
    if (!entry || entry.claimed) return undefined;
    return entry.answer.then((answer) => (answer === NOT_DELIVERED ? null : answer));
  }

  return { adopt, reply, claim, unclaimed };
}
export type WakeAdoption = ReturnType<typeof createWakeAdoption>;
