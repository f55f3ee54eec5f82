import type { RawSend } from '../../messaging/messages';
import type { StorageAreaLike } from '../../platform/storage';
import { portlessPattern, type TabLike, tabOnOrigin } from '../../posthog/host-patterns';
import type { Handlers } from '../messages/dispatcher';
import { createQuietTabs, type QuietTabsDeps } from './quiet-tab';
import { createSessionBridge } from './session-bridge';

/** The parts of the browser the session room uses. */
export interface SessionBrowser {
  tabs: QuietTabsDeps['tabs'] & {
    query(query: { url: string; windowType: 'normal' }): Promise<TabLike[]>;
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

/**
 * Requests PostHog takes only with the user's session: sent through a signed-in PostHog tab's
 * content script, or through a quiet tab Hogmark opens and closes when none is open.
 */
export function createSessionFeature(deps: { browser: SessionBrowser }) {
  const { tabs, windows } = deps.browser;
  const quietTabs = createQuietTabs({ tabs, windows, session: deps.browser.storage.session });
  const bridge = createSessionBridge({
    // Port-less, the one query form Firefox matches; then only the exact origin (its port too) counts.
    findSessionTab: async (origin) =>
      tabOnOrigin(await tabs.query({ url: portlessPattern(origin), windowType: 'normal' }), origin),
    sendToTab: (tabId, message) => tabs.sendMessage(tabId, message, { frameId: 0 }),
    // No PostHog tab open: one opened in the background, closed a few seconds after the last request.
    quietTabs,
  });
  const handlers = {
    'session/reply': bridge.reply,
  } satisfies Handlers;
  return {
    forward: bridge.forward,
    handlers,
    /** On the worker's start: quiet tabs a stopped worker left open are closed. */
    start: () => quietTabs.closeLeftovers(),
  };
}
export type SessionFeature = ReturnType<typeof createSessionFeature>;
