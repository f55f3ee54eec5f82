import type { SessionRoute } from '../../api/session-routes';
import { CURRENT_USER_ROUTE, isSessionRequestAllowed } from '../../api/session-routes';
import { createMessageSender, type MessageInput, type RawSend } from '../../messaging/messages';
import { AppError, isAppError } from '../../platform/errors';
import type { HandlerContext } from '../messages/dispatcher';
import { isNotListening, type QuietTabs, type TabLease } from './quiet-tab';

/**
 * Whose a change kept for later is: it is made through a page's session only when that session is
 * this PostHog user (uuid), and in Firefox only from a tab of the container (`cookieStoreId`) it was
 * asked from.
 */
export interface KeptFor {
  user?: string;
  container?: string;
}

/** Firefox's own cookie store: the one a tab Hogmark opens is in (another needs the `cookies` permission). */
export const DEFAULT_CONTAINER = 'firefox-default';

/**
 * The session room's `forward`, as the rooms that write through a page's session take it: `signal`
 * is the user's Cancel, `keptFor` a kept change's user and container.
 */
export type SessionForward = (
  origin: string,
  route: SessionRoute,
  signal?: AbortSignal,
  keptFor?: KeptFor,
) => Promise<SessionAnswer>;

export interface SessionBridgeDeps {
  /**
   * A signed-in PostHog tab on this origin, if any (e.g. `tabs.query({ url: `${origin}/*` })`); with
   * `container`, only a tab of that Firefox container.
   */
  findSessionTab: (origin: string, container?: string) => Promise<number | undefined>;
  /** The Firefox container a tab is in (`tabs.get(tabId).cookieStoreId`); undefined in Chromium. */
  containerOf?: (tabId: number) => Promise<string | undefined>;
  /** `(tabId, message) => browser.tabs.sendMessage(tabId, message, { frameId: 0 })`. */
  sendToTab: (tabId: number, message: Parameters<RawSend>[0]) => Promise<unknown>;
  /** Opens a PostHog tab in the background when none can take the request; without it, none is `no-session-tab`. */
  quietTabs?: QuietTabs;
  timeoutMs?: number;
  newRequestId?: () => string;
}

export interface SessionAnswer {
  status: number;
  body: unknown;
  /** Made through a PostHog tab Hogmark opened in the background for it and has closed since. */
  quiet?: true;
}

interface Pending {
  tabId: number;
  /** The origin asked: a reply from the tab after it navigated elsewhere is not this answer. */
  origin: string;
  resolve: (answer: SessionAnswer) => void;
}

/** The user's own PostHog tab: there already, and left open. */
const ownTab = (tabId: number): TabLease => ({
  tabId,
  deliver: (attempt) => attempt(),
  release: () => {},
});

/**
 * The background half of the session fallback (DESIGN.md): hands one allow-listed request to the
 * content script of a signed-in tab and waits for its `session/reply`. A reply counts only from the
 * tab and origin the request went to, and only once. With no PostHog tab open (or none whose content
 * script is there), a quiet tab makes it (quiet-tab.ts).
 */
export function createSessionBridge(deps: SessionBridgeDeps) {
  const pending = new Map<string, Pending>();
  const timeoutMs = deps.timeoutMs ?? 20_000;
  const newRequestId = deps.newRequestId ?? (() => crypto.randomUUID());
  const quietTabs = deps.quietTabs;

  /**
   * The user's PostHog tab on this origin (of `container`, when given), unless a quiet tab is open
   * there that the request may go through (requests then share it).
   */
  async function usersTab(origin: string, container: string | undefined): Promise<number | undefined> {
    const quietFits = container === undefined || container === DEFAULT_CONTAINER;
    if (quietFits && quietTabs?.isOpen(origin)) return undefined;
    const tabId = await deps.findSessionTab(origin, container);
    return tabId !== undefined && !quietTabs?.owns(tabId) ? tabId : undefined;
  }

  /** Sends the request through the tab and waits for its reply; errors that are not AppErrors pass through. */
  async function through(
    tab: TabLease,
    origin: string,
    route: SessionRoute,
    signal: AbortSignal | undefined,
  ): Promise<SessionAnswer> {
    const requestId = newRequestId();
    const send = createMessageSender((message) => deps.sendToTab(tab.tabId, message));
    let fail: (error: AppError) => void = () => {};
    const replied = new Promise<SessionAnswer>((resolve, reject) => {
      pending.set(requestId, { tabId: tab.tabId, origin, resolve });
      fail = reject;
    });
    // Awaited only once the tab took the request: a cancel before that is no unhandled rejection.
    replied.catch(() => undefined);
    const onAbort = () => fail(new AppError('network', { detail: 'stopped waiting' }));
    signal?.addEventListener('abort', onAbort, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const input: MessageInput<'session/request'> = {
        requestId,
        origin,
        method: route.method,
        path: route.path,
      };
      const { accepted } = await tab.deliver(() =>
        send('session/request', route.body === undefined ? input : { ...input, body: route.body }),
      );
      // The content script takes every allow-listed request for its own origin (with or without a
      // CSRF cookie: PostHog's answer then says signed out or refused); one it declines is meant for a
      // PostHog the tab is no longer on.
      if (!accepted) throw new AppError('no-session-tab', { detail: 'the PostHog tab declined the request' });
      timer = setTimeout(
        () => fail(new AppError('timeout', { detail: 'no reply from the PostHog tab' })),
        timeoutMs,
      );
      return await replied;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      pending.delete(requestId);
    }
  }

  /**
   * The request through `tab`; for a change kept for later (`asUser`), only once the tab's session
   * has said it is that PostHog user (`@me` through the same tab, just before).
   */
  async function asUserThrough(
    tab: TabLease,
    origin: string,
    route: SessionRoute,
    signal: AbortSignal | undefined,
    asUser: string | undefined,
  ): Promise<SessionAnswer> {
    if (asUser !== undefined) {
      const me = await through(tab, origin, CURRENT_USER_ROUTE, signal);
      // Not signed in (or refused): what the write would have been told, without making it.
      if (me.status < 200 || me.status > 299) return me;
      const uuid = (me.body as { uuid?: unknown } | null)?.uuid;
      if (uuid !== asUser) throw new AppError('other-user', { detail: 'the PostHog tab is another user' });
    }
    return through(tab, origin, route, signal);
  }

  async function throughQuietTab(
    origin: string,
    route: SessionRoute,
    signal: AbortSignal | undefined,
    keptFor: KeptFor | undefined,
  ): Promise<SessionAnswer> {
    if (!quietTabs) throw new AppError('no-session-tab');
    const container = keptFor?.container;
    // A tab Hogmark opens is in Firefox's own container: a change asked from another waits for a
    // PostHog tab of its own (the page loading is a trigger).
    if (container !== undefined && container !== DEFAULT_CONTAINER) {
      throw new AppError('no-session-tab', { detail: 'waiting for a PostHog tab of its container' });
    }
    const tab = await quietTabs.borrow(origin, signal);
    try {
      // Another extension may reopen PostHog in a container of its choosing: that session is not this one.
      if (container !== undefined && (await deps.containerOf?.(tab.tabId)) !== container) {
        throw new AppError('no-session-tab', { detail: 'the quiet tab opened in another container' });
      }
      return { ...(await asUserThrough(tab, origin, route, signal, keptFor?.user)), quiet: true };
    } finally {
      tab.release();
    }
  }

  /**
   * `signal`: the user stopped waiting; the answer is then unknown (the page may still send it).
   * `keptFor`: a change kept for later, made only through a session of that PostHog user (uuid), from
   * a tab of its Firefox container.
   */
  async function forward(
    origin: string,
    route: SessionRoute,
    signal?: AbortSignal,
    keptFor?: KeptFor,
  ): Promise<SessionAnswer> {
    // Everything the content script checks but its own origin: a request it declines is then meant for another PostHog.
    if (!isSessionRequestAllowed(route)) {
      throw new AppError('bad-message', { detail: 'route not forwardable' });
    }
    try {
      const tabId = await usersTab(origin, keptFor?.container);
      if (tabId === undefined) return await throughQuietTab(origin, route, signal, keptFor);
      try {
        return await asUserThrough(ownTab(tabId), origin, route, signal, keptFor?.user);
      } catch (error) {
        // Its content script is not there (a tab from before Hogmark was installed or updated):
        // nothing was delivered, so a quiet tab can make the request instead.
        if (!isNotListening(error)) throw error;
        return await throughQuietTab(origin, route, signal, keptFor);
      }
    } catch (error) {
      // No content script in the tab (not loaded yet, or the page is not PostHog any more).
      throw isAppError(error) ? error : new AppError('no-session-tab', { cause: error });
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
