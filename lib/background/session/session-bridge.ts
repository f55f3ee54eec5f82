import { isSessionRequestAllowed, type SessionRoute } from '../../api/session-routes';
import { createMessageSender, type MessageInput, type RawSend } from '../../messaging/messages';
import { AppError, isAppError } from '../../platform/errors';
import type { StorageAreaLike } from '../../platform/storage';
import type { HandlerContext } from '../messages/dispatcher';
import { isNotListening, type QuietTabs, type TabLease } from './quiet-tab';
import { createTabUsers, otherUserError, type TabUser } from './session-user';

/**
 * Whose a change is: it is made through a page's session only when that session is this PostHog user
 * (uuid; the key's owner when not given), in Firefox only from a tab of the container
 * (`cookieStoreId`) it was asked from, and for a change asked in a private window only from a private
 * PostHog tab (never a normal one, nor a tab Hogmark opens).
 */
export interface KeptFor {
  user?: string;
  container?: string;
  private?: true;
}

/** The container and window kind a change was asked or made in, as `KeptFor`; undefined when neither. */
export function sessionOf(from: { container?: string; private?: true } | undefined): KeptFor | undefined {
  if (!from?.container && !from?.private) return undefined;
  return {
    ...(from.container ? { container: from.container } : {}),
    ...(from.private ? { private: true } : {}),
  };
}

/** A PostHog tab a session request may go through, and its Firefox container. */
export interface SessionTab {
  tabId: number;
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
   * The PostHog tabs on this origin a request may go through, the one to try first first (e.g.
   * `tabs.query({ url: `${origin}/*` })`); with `container`, only tabs of that Firefox container;
   * with `private`, only private ones, else never one.
   */
  findSessionTabs: (origin: string, where: Pick<KeptFor, 'container' | 'private'>) => Promise<SessionTab[]>;
  /** The key's owner (PostHog's user uuid): every session request goes only as them (settings.ts). */
  keyOwner: () => Promise<string>;
  /** The Firefox container a tab is in (`tabs.get(tabId).cookieStoreId`); undefined in Chromium. */
  containerOf?: (tabId: number) => Promise<string | undefined>;
  /** `(tabId, message) => browser.tabs.sendMessage(tabId, message, { frameId: 0 })`. */
  sendToTab: (tabId: number, message: Parameters<RawSend>[0]) => Promise<unknown>;
  /** Opens a PostHog tab in the background when none can take the request; without it, none is `no-session-tab`. */
  quietTabs?: QuietTabs;
  /** `storage.session`: who is signed in in each tab, kept across the worker's stops (session-user.ts). */
  keptUsers?: StorageAreaLike;
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

  const tabUsers = createTabUsers(deps.keptUsers);

  /**
   * The user's PostHog tabs on this origin (of `where`'s container and window kind), unless a quiet
   * tab is open there that the request may go through (requests then share it).
   */
  async function usersTabs(origin: string, where: KeptFor): Promise<SessionTab[]> {
    const quietFits =
      !where.private && (where.container === undefined || where.container === DEFAULT_CONTAINER);
    if (quietFits && quietTabs?.isOpen(origin)) return [];
    const tabs = await deps.findSessionTabs(origin, where);
    return tabs.filter((tab) => !quietTabs?.owns(tab.tabId));
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
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts once, and `finally` removes the listener anyway
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
      // Stryker disable next-line StringLiteral: a listener left on the signal could only reject the answer already settled
      signal?.removeEventListener('abort', onAbort);
      pending.delete(requestId);
    }
  }

  /**
   * The request through `tab` once the tab's session has said it is `asUser` (`@me` through the same
   * tab, once per tab per run); a tab not signed in answers as the request would have been answered.
   */
  async function asUserThrough(
    tab: TabLease,
    origin: string,
    route: SessionRoute,
    signal: AbortSignal | undefined,
    asUser: string,
  ): Promise<SessionAnswer> {
    const user = await tabUsers.of(tab.tabId, (me) => through(tab, origin, me, signal));
    if ('refused' in user) return user.refused;
    if (user.uuid !== asUser) throw otherUserError(user);
    return through(tab, origin, route, signal);
  }

  async function throughQuietTab(
    origin: string,
    route: SessionRoute,
    signal: AbortSignal | undefined,
    where: KeptFor,
    asUser: string,
  ): Promise<SessionAnswer> {
    // A tab Hogmark opens is in a normal window: never one for a change asked in a private window.
    if (where.private) throw new AppError('private-window', { detail: 'no private PostHog tab' });
    if (!quietTabs) throw new AppError('no-session-tab');
    const container = where.container;
    // ... and in Firefox's own container: a change asked from another waits for a PostHog tab of its
    // own (the page loading is a trigger).
    if (container !== undefined && container !== DEFAULT_CONTAINER) {
      throw new AppError('no-session-tab', { detail: 'waiting for a PostHog tab of its container' });
    }
    const tab = await quietTabs.borrow(origin, signal);
    try {
      // Another extension may reopen PostHog in a container of its choosing: that session is not this one.
      if (container !== undefined && (await deps.containerOf?.(tab.tabId)) !== container) {
        throw new AppError('no-session-tab', { detail: 'the quiet tab opened in another container' });
      }
      return { ...(await asUserThrough(tab, origin, route, signal, asUser)), quiet: true };
    } finally {
      tab.release();
    }
  }

  /**
   * Through the user's own tabs: the first whose session is `asUser`. One tab per container is asked
   * who it is (tabs of one container share one session); in Firefox, with no container asked, the
   * container signed in as `asUser` is the one used. Undefined when no tab could take the request.
   */
  async function throughOwnTabs(
    tabs: SessionTab[],
    origin: string,
    route: SessionRoute,
    signal: AbortSignal | undefined,
    asUser: string,
  ): Promise<SessionAnswer | AppError | undefined> {
    const asked = new Set<string | undefined>();
    /** What a tab that could not take it said: someone else signed in, before signed out. */
    let refusal: SessionAnswer | AppError | undefined;
    for (const { tabId, container } of tabs) {
      if (asked.has(container)) continue;
      let user: TabUser;
      try {
        user = await tabUsers.of(tabId, (me) => through(ownTab(tabId), origin, me, signal));
      } catch (error) {
        // Its content script is not there (a tab from before Hogmark was installed or updated):
        // nothing was delivered, so another tab (or a quiet one) can take it.
        if (isNotListening(error)) continue;
        throw error;
      }
      asked.add(container);
      if ('refused' in user) {
        refusal = refusal instanceof AppError ? refusal : user.refused;
      } else if (user.uuid !== asUser) {
        refusal = otherUserError(user);
      } else {
        return through(ownTab(tabId), origin, route, signal);
      }
    }
    return refusal;
  }

  /**
   * `signal`: the user stopped waiting; the answer is then unknown (the page may still send it).
   * `keptFor`: whose the change is (a kept change's user and container; a change asked now, the
   * container and window kind of the tab it was asked from). Always only as that PostHog user, by
   * default the key's owner.
   */
  async function forward(
    origin: string,
    route: SessionRoute,
    signal?: AbortSignal,
    keptFor: KeptFor = {},
  ): Promise<SessionAnswer> {
    // Everything the content script checks but its own origin: a request it declines is then meant for another PostHog.
    if (!isSessionRequestAllowed(route)) {
      throw new AppError('bad-message', { detail: 'route not forwardable' });
    }
    try {
      const asUser = keptFor.user ?? (await deps.keyOwner());
      const tabs = await usersTabs(origin, keptFor);
      const answer = await throughOwnTabs(tabs, origin, route, signal, asUser);
      if (answer instanceof AppError) throw answer;
      return answer ?? (await throughQuietTab(origin, route, signal, keptFor, asUser));
    } catch (error) {
      // No content script in the tab (not loaded yet, or the page is not PostHog any more).
      throw isAppError(error) ? error : new AppError('no-session-tab', { cause: error });
    }
  }

  /** A tab loaded another page or closed: who is signed in there is asked again. */
  const forgetTab = (tabId: number) => tabUsers.forget(tabId);

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

  return { forward, reply, forgetTab };
}
export type SessionBridge = ReturnType<typeof createSessionBridge>;

function originOf(url: string | undefined): string | null {
  return url && URL.canParse(url) ? new URL(url).origin : null;
}
