import { contextKey, type PageContext } from '../context';
import type { MessageOutput, PageHints } from '../messages';
import { createItemStore, type StorageAreaLike, tabHintsItem } from '../storage';
import type { HandlerContext } from './dispatcher';

export type TabView = MessageOutput<'context/get'>;

export interface TabContextDeps {
  /** `browser.storage.session`, so hints survive a service-worker restart but not the browser. */
  session: StorageAreaLike;
  /** The tab's URL as the browser reports it (activeTab gives it for the tab the popup opened on). */
  getTabUrl: (tabId: number) => Promise<string | undefined>;
  parsePageContext: (url: string, appOrigins?: readonly string[]) => PageContext | null;
  getAppOrigins: () => Promise<readonly string[]>;
  /** After every URL change or new hint of a tab: the toolbar button follows it. */
  onViewChange?: (tabId: number, view: TabView) => void | Promise<void>;
  /**
   * When a tab starts showing another page (not on hints, not when only the playback second moves):
   * the moment to fetch what the popup will need there.
   */
  onContextChange?: (tabId: number, context: PageContext | null) => void | Promise<void>;
  /** Where a failing hook is reported; a hook never fails the message that triggered it. */
  onHookError?: (error: unknown) => void;
}

/**
 * Per-tab context: the URL decides what the page is (a content script's claim never does); the
 * content script only adds hints the URL lacks, kept for the URL they were sent from.
 */
export function createTabContextService(deps: TabContextDeps) {
  const hintsOf = (tabId: number) => createItemStore(deps.session, tabHintsItem(tabId));
  // In memory only: after a service-worker restart the first change of each tab counts as new,
  // which costs one extra prefetch and nothing else.
  const lastContextKey = new Map<number, string>();

  async function viewOf(tabId: number, url: string | undefined): Promise<TabView> {
    if (!url) return { context: null, hints: {} };
    const context = deps.parsePageContext(url, await deps.getAppOrigins());
    const stored = await hintsOf(tabId).get();
    return { context, hints: context && stored.url === url ? stored.hints : {} };
  }

  async function announce(tabId: number, view: TabView): Promise<void> {
    const key = view.context ? contextKey(view.context) : 'none';
    const changed = lastContextKey.get(tabId) !== key;
    lastContextKey.set(tabId, key);
    const hooks = [
      deps.onViewChange?.(tabId, view),
      changed ? deps.onContextChange?.(tabId, view.context) : undefined,
    ];
    for (const settled of await Promise.allSettled(hooks)) {
      if (settled.status === 'rejected') deps.onHookError?.(settled.reason);
    }
  }

  return {
    async get(tabId: number): Promise<TabView> {
      return viewOf(tabId, await deps.getTabUrl(tabId));
    },

    /**
     * Call from `tabs.onUpdated` with the URL the browser gives (undefined for pages Hogmark has no
     * access to, which are never PostHog pages).
     */
    async observeTab(tabId: number, url: string | undefined): Promise<TabView> {
      const view = await viewOf(tabId, url);
      await announce(tabId, view);
      return view;
    },

    /** `context/hint` from the content script of the sender's own tab. */
    async hint(hints: PageHints, { sender }: HandlerContext): Promise<Record<string, never>> {
      if (sender.tabId === undefined || !sender.url) return {};
      const url = sender.url;
      await hintsOf(sender.tabId).update((current) => ({
        version: 1,
        url,
        hints: current.url === url ? { ...current.hints, ...hints } : hints,
      }));
      // The tab's current URL, not the sender's: the tab may have moved on while this was in flight.
      const tabId = sender.tabId;
      await announce(tabId, await viewOf(tabId, await deps.getTabUrl(tabId)));
      return {};
    },

    /** Call from `tabs.onRemoved`. */
    forgetTab(tabId: number): Promise<void> {
      lastContextKey.delete(tabId);
      return hintsOf(tabId).remove();
    },
  };
}
export type TabContextService = ReturnType<typeof createTabContextService>;
