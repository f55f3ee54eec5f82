import type { RawSend } from '../../messaging/messages';
import { CONTAINER_ID } from '../../messaging/pending-messages';
import type { StorageAreaLike } from '../../platform/storage';
import { portlessPattern, type TabLike, tabOnOrigin } from '../../posthog/host-patterns';
import type { Handlers } from '../messages/dispatcher';
import { createQuietTabs, type QuietTabsDeps } from './quiet-tab';
import { createSessionBridge } from './session-bridge';

/** The parts of the browser the session room uses. */
export interface SessionBrowser {
  tabs: QuietTabsDeps['tabs'] & {
    query(query: { url: string; windowType: 'normal' }): Promise<TabLike[]>;
    get(tabId: number): Promise<{ status?: string; url?: string; cookieStoreId?: string }>;
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
 * The container of a tab that is on `origin`, a PostHog page: a change asked there goes through a
 * session of that container, the one the user sees PostHog in. Undefined for a tab elsewhere (its
 * container says nothing of PostHog), a tab that is gone, and in Chromium.
 */
export async function containerOfPostHogTab(
  tabs: { get(tabId: number): Promise<{ url?: string; cookieStoreId?: string }> },
  tabId: number,
  origin: string,
): Promise<string | undefined> {
  const tab = await tabs.get(tabId).catch(() => undefined);
  const url = tab?.url ?? '';
  return URL.canParse(url) && new URL(url).origin === origin ? validContainer(tab) : undefined;
}

/**
 * Requests PostHog takes only with the user's session: sent through a signed-in PostHog tab's
 * content script, or through a quiet tab Hogmark opens and closes when none is open.
 */
export function createSessionFeature(deps: { browser: SessionBrowser }) {
  const { tabs, windows } = deps.browser;
  const quietTabs = createQuietTabs({ tabs, windows, session: deps.browser.storage.session });
  const bridge = createSessionBridge({
    // Port-less, the one query form Firefox matches; then only the exact origin (its port too) counts.
    findSessionTab: async (origin, container) => {
      const open = await tabs.query({ url: portlessPattern(origin), windowType: 'normal' });
      // A kept change only from a tab of the Firefox container it was asked from.
      return tabOnOrigin(
        container === undefined ? open : open.filter((tab) => tab.cookieStoreId === container),
        origin,
      );
    },
    containerOf: (tabId) => containerOfTab(tabs, tabId),
    sendToTab: (tabId, message) => tabs.sendMessage(tabId, message, { frameId: 0 }),
    // No PostHog tab open: one opened in the background, closed a few seconds after the last request.
    quietTabs,
  });
  const handlers = {
    'session/reply': bridge.reply,
  } satisfies Handlers;
  return {
    forward: bridge.forward,
    /** A tab's Firefox container, for a change kept for later (undefined in Chromium). */
    containerOf: (tabId: number) => containerOfTab(tabs, tabId),
    /** The container of a tab on a PostHog origin, for a change asked there (undefined in Chromium). */
    postHogContainerOf: (tabId: number, origin: string) => containerOfPostHogTab(tabs, tabId, origin),
    handlers,
    /** On the worker's start: quiet tabs a stopped worker left open are closed. */
    start: () => quietTabs.closeLeftovers(),
    /** `tabs.onActivated`: a quiet tab the user brought to the front is theirs, never closed. */
    onTabActivated: (activated: { tabId: number }) => quietTabs.takenOver(activated.tabId),
  };
}
export type SessionFeature = ReturnType<typeof createSessionFeature>;
