import type { RawSend } from '../../messaging/messages';
import { CONTAINER_ID } from '../../messaging/pending-messages';
import { namespaceOnUse } from '../../platform/lazy';
import { logFailure } from '../../platform/log';
import type { StorageAreaLike } from '../../platform/storage';
import { portlessPattern, type TabLike, tabsOnOrigin } from '../../posthog/host-patterns';
import type { Handlers } from '../messages/dispatcher';
import { createQuietTabs, type QuietTabsDeps } from './quiet-tab';
import { createSessionBridge, type KeptFor, type SessionAnswer, type SessionForward } from './session-bridge';
import type { WakeAdd } from './wake-add';
import { createWakeAdoption, type SentWakeAdd } from './wake-adoption';

/** The parts of the browser the session room uses. */
export interface SessionBrowser {
  tabs: QuietTabsDeps['tabs'] & {
    query(query: { url: string; windowType: 'normal' }): Promise<TabLike[]>;
    get(
      tabId: number,
    ): Promise<{ status?: string; url?: string; cookieStoreId?: string; incognito?: boolean }>;
    sendMessage(
      tabId: number,
      message: Parameters<RawSend>[0],
      options: { frameId: number },
    ): Promise<unknown>;
  };
  windows: QuietTabsDeps['windows'];
  /** `storage.session`: which tabs are quiet, kept while they are open. */
  storage: { session: StorageAreaLike };
}

/** A tab's `cookieStoreId` when it is one of Firefox's container ids. */
const validContainer = (tab: { cookieStoreId?: unknown } | undefined) =>
  typeof tab?.cookieStoreId === 'string' && CONTAINER_ID.test(tab.cookieStoreId)
    ? tab.cookieStoreId
    : undefined;

/**
 * The Firefox container (`cookieStoreId`, readable without the `cookies` permission since Firefox 82)
 * of a tab; undefined in Chromium, which has none, and for a tab that is gone.
 */
export async function containerOfTab(
  tabs: { get(tabId: number): Promise<{ cookieStoreId?: string }> },
  tabId: number,
): Promise<string | undefined> {
  return validContainer(await tabs.get(tabId).catch(() => undefined));
}

/**
 * Whose session a change asked from a tab goes through. A tab on `origin`, a PostHog page: a session
 * of that tab's container, the one the user sees PostHog in (a tab elsewhere says nothing of PostHog,
 * and Chromium has no containers). A tab in a private window: only a private PostHog tab, never a
 * normal one. Nothing for a tab that is gone.
 */
export async function askedFromTab(
  tabs: { get(tabId: number): Promise<{ url?: string; cookieStoreId?: string; incognito?: boolean }> },
  tabId: number,
  origin: string,
): Promise<KeptFor> {
  const tab = await tabs.get(tabId).catch(() => undefined);
  const url = tab?.url ?? '';
  const container = URL.canParse(url) && new URL(url).origin === origin ? validContainer(tab) : undefined;
  return { ...(container ? { container } : {}), ...(tab?.incognito === true ? { private: true } : {}) };
}

/**
 * Requests PostHog takes only with the user's session: sent through a signed-in PostHog tab's
 * content script, or through a quiet tab Hogmark opens and closes when none is open.
 */
export function createSessionFeature(deps: {
  browser: SessionBrowser;
  /** The key's owner (settings.ts `ownerForSession`): every session request goes only as them. */
  keyOwner: () => Promise<string>;
}) {
  const { tabs } = deps.browser;
  // Read when a quiet tab needs a window, not on every start.
  const windows = namespaceOnUse(() => deps.browser.windows);
  const quietTabs = createQuietTabs({ tabs, windows, session: deps.browser.storage.session });
  const bridge = createSessionBridge({
    // Port-less, the one query form Firefox matches; then only the exact origin (its port too) counts.
    findSessionTabs: async (origin, { container, private: inPrivate }) => {
      const open = await tabs.query({ url: portlessPattern(origin), windowType: 'normal' });
      // A change only from a tab of the Firefox container it was asked from, when it says one.
      const mine = container === undefined ? open : open.filter((tab) => tab.cookieStoreId === container);
      return tabsOnOrigin(mine, origin, { private: inPrivate === true }).map((tab) => ({
        tabId: tab.id,
        ...(validContainer(tab) ? { container: validContainer(tab) } : {}),
      }));
    },
    keyOwner: deps.keyOwner,
    containerOf: (tabId) => containerOfTab(tabs, tabId),
    sendToTab: (tabId, message) => tabs.sendMessage(tabId, message, { frameId: 0 }),
    // No PostHog tab open: one opened in the background, closed a few seconds after the last request.
    quietTabs,
    keptUsers: deps.browser.storage.session,
  });
  // An add the worker's wake script sent before this loaded (wake-adoption.ts): its answer goes to the
  // forward that asks for exactly that request; any other goes through the bridge.
  const adoption = createWakeAdoption();
  const forward: SessionForward = async (origin, route, signal, keptFor = {}) =>
    (await adoption.claim(origin, route, keptFor, deps.keyOwner, signal)) ??
    bridge.forward(origin, route, signal, keptFor);
  const handlers = {
    'session/reply': (input, context) => adoption.reply(input, context) ?? bridge.reply(input, context),
  } satisfies Handlers;
  return {
    forward,
    /**
     * An event's handling, `handle` (the add shortcut, the in-page button's message), on a worker whose
     * wake script sent an add for it (`sent`): the add is taken over at once, before any message is
     * handled (the tab's reply comes as one); once the event is handled, the add's answer goes to
     * `left` when no request claimed it.
     */
    async withWakeAdd<T>(
      sent: SentWakeAdd | undefined,
      handle: () => Promise<T>,
      left: (add: WakeAdd, answer: SessionAnswer | null) => Promise<void>,
    ): Promise<T> {
      if (sent) adoption.adopt(sent);
      const handled = await handle();
      const answer = sent && adoption.unclaimed(sent.add.requestId);
      if (sent && answer) {
        await left(sent.add, await answer.catch(() => null)).catch((error: unknown) =>
          logFailure('shortcut', error),
        );
      }
      return handled;
    },
    /** Whether a tab is in a private window (false for a tab that is gone: what it asked is kept). */
    privateTab: async (tabId: number) => (await askedFromTab(tabs, tabId, '')).private === true,
    /** A tab's Firefox container, for a change kept for later (undefined in Chromium). */
    containerOf: (tabId: number) => containerOfTab(tabs, tabId),
    /** Whose session a change asked from a tab goes through (its container on PostHog, a private window). */
    askedFrom: (tabId: number, origin: string) => askedFromTab(tabs, tabId, origin),
    /** `tabs.onUpdated` (a page loading) and `tabs.onRemoved`: who is signed in there is asked again. */
    forgetTab: bridge.forgetTab,
    handlers,
    /** On the worker's start: quiet tabs a stopped worker left open are closed. */
    start: () => quietTabs.closeLeftovers(),
    /** `tabs.onActivated`: a quiet tab the user brought to the front is theirs, never closed. */
    onTabActivated: (activated: { tabId: number }) => quietTabs.takenOver(activated.tabId),
  };
}
export type SessionFeature = ReturnType<typeof createSessionFeature>;
