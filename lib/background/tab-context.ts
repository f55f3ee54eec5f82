import type { PageContext } from '../context';
import type { MessageOutput, PageHints } from '../messages';
import { createItemStore, type StorageAreaLike, tabHintsItem } from '../storage';
import type { HandlerContext } from './dispatcher';

export interface TabContextDeps {
  /** `browser.storage.session`, so hints survive a service-worker restart but not the browser. */
  session: StorageAreaLike;
  /** The tab's URL as the browser reports it (activeTab gives it for the tab the popup opened on). */
  getTabUrl: (tabId: number) => Promise<string | undefined>;
  parsePageContext: (url: string, appOrigins?: readonly string[]) => PageContext | null;
  getAppOrigins: () => Promise<readonly string[]>;
}

/**
 * Per-tab context: the URL decides what the page is (a content script's claim never does); the
 * content script only adds hints the URL lacks, kept for the URL they were sent from.
 */
export function createTabContextService(deps: TabContextDeps) {
  const hintsOf = (tabId: number) => createItemStore(deps.session, tabHintsItem(tabId));

  return {
    async get(tabId: number): Promise<MessageOutput<'context/get'>> {
      const url = await deps.getTabUrl(tabId);
      if (!url) return { context: null, hints: {} };
      const context = deps.parsePageContext(url, await deps.getAppOrigins());
      const stored = await hintsOf(tabId).get();
      return { context, hints: context && stored.url === url ? stored.hints : {} };
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
      return {};
    },

    /** Call from `tabs.onRemoved`. */
    forgetTab(tabId: number): Promise<void> {
      return hintsOf(tabId).remove();
    },
  };
}
export type TabContextService = ReturnType<typeof createTabContextService>;
