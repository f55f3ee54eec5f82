import { NAMED_BY_CACHE, tabViewOf } from '../../messaging/first-view/tab-view';
import type { MessageInput, MessageOutput } from '../../messaging/messages';
import {
  createItemStore,
  type ItemStore,
  memoizeItemStore,
  type StorageAreaLike,
} from '../../platform/storage';
import { contextKey, type PageContext } from '../../posthog/context';
import type { HandlerContext } from '../messages/dispatcher';
import { type TabHints, tabHintsItem } from '../storage/stored-items';

export type TabView = MessageOutput<'context/get'>;
export type ViewChangeCause = 'tab' | 'hint';

export interface TabContextDeps {
  /** `browser.storage.session`, so hints survive a service-worker restart but not the browser. */
  session: StorageAreaLike;
  /** The tab's URL as the browser reports it (activeTab gives it for the tab the popup opened on). */
  getTabUrl: (tabId: number) => Promise<string | undefined>;
  /**
   * The tab's URL and title in one read, when the browser gives both: the title names insights,
   * notebooks and other pages (their content script sends no title). Preferred over `getTabUrl`.
   */
  getTab?: (tabId: number) => Promise<{ url?: string; title?: string } | undefined>;
  getAppOrigins: () => Promise<readonly string[]>;
  /**
   * The name Hogmark's cached lists give a collection or dashboard page, for as long as its content
   * script has not said one (read from memory: the popup's first paint waits on it).
   */
  nameOf?: (context: PageContext) => Promise<string | undefined>;
  /**
   * After every update of a tab (`cause: 'tab'`) or new hint (`'hint'`): the toolbar button follows.
   * Chrome resets a tab's button when a new document loads, so a tab update must be written again
   * even when the view looks unchanged.
   */
  onViewChange?: (tabId: number, view: TabView, cause: ViewChangeCause) => void | Promise<void>;
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
  // This service alone writes a tab's hints, so it keeps them in memory too: the popup's first paint
  // waits on them.
  const hintStores = new Map<number, ItemStore<TabHints>>();
  const hintsOf = (tabId: number) => {
    const known = hintStores.get(tabId);
    if (known) return known;
    const store = memoizeItemStore(createItemStore(deps.session, tabHintsItem(tabId)));
    hintStores.set(tabId, store);
    return store;
  };
  // In memory only: after a service-worker restart the first change of each tab counts as new,
  // which costs one extra prefetch and nothing else.
  const lastContextKey = new Map<number, string>();

  /** The tab's view; the URL, the app origins and the hints are read at once (the popup waits). */
  async function viewOf(
    tabId: number,
    tab: Promise<{ url?: string; title?: string } | undefined>,
  ): Promise<TabView> {
    const [read, appOrigins, stored] = await Promise.all([tab, deps.getAppOrigins(), hintsOf(tabId).get()]);
    // The popup's first view reads the tab the same way (lib/messaging/first-view/tab-view.ts).
    const { context, hints, unnamed } = tabViewOf(read, appOrigins, stored);
    if (!context || !unnamed || !deps.nameOf) return { context, hints };
    const name = await deps.nameOf(context).catch(() => undefined);
    return { context, hints: name ? { ...hints, title: name } : hints };
  }

  // Events of one tab are handled one at a time, in order: otherwise a slow early event (a storage
  // read) could finish after a later one and leave the toolbar showing a page the tab has left.
  const queues = new Map<number, Promise<unknown>>();
  function inOrder<T>(tabId: number, task: () => Promise<T>): Promise<T> {
    const next = (queues.get(tabId) ?? Promise.resolve()).then(task, task);
    queues.set(
      tabId,
      next.catch(() => undefined),
    );
    return next;
  }

  async function announce(tabId: number, view: TabView, cause: ViewChangeCause): Promise<void> {
    const key = view.context ? contextKey(view.context) : 'none';
    if (lastContextKey.get(tabId) !== key) {
      lastContextKey.set(tabId, key);
      // Not awaited: a slow prefetch must not hold up the tab's next event.
      const prefetched = Promise.resolve(deps.onContextChange?.(tabId, view.context));
      prefetched.catch(deps.onHookError);
      // The prefetch may have brought the list that names this page: name it now, not on the next event.
      if (deps.nameOf && view.context && NAMED_BY_CACHE.has(view.context.kind) && !view.hints.title?.trim()) {
        prefetched
          .then(() => {
            if (lastContextKey.get(tabId) === key) return inOrder(tabId, () => refresh(tabId, 'hint'));
          })
          .catch(deps.onHookError);
      }
    }
    try {
      await deps.onViewChange?.(tabId, view, cause);
    } catch (error) {
      deps.onHookError?.(error);
    }
  }

  /** The tab's URL (and title) as the browser reports them now. */
  const readTab = (tabId: number) =>
    deps.getTab ? deps.getTab(tabId) : deps.getTabUrl(tabId).then((url) => ({ url }));

  /** The view of the tab's URL now, as the browser reports it, told to the hooks. */
  async function refresh(tabId: number, cause: ViewChangeCause): Promise<TabView> {
    const view = await viewOf(tabId, readTab(tabId));
    await announce(tabId, view, cause);
    return view;
  }

  return {
    async get(tabId: number): Promise<TabView> {
      return viewOf(tabId, readTab(tabId));
    },

    /**
     * The view after the tab's events so far have been told to the hooks: a watcher that starts
     * now and then hears every later change misses none, and never gets an older view last.
     */
    current(tabId: number): Promise<TabView> {
      return inOrder(tabId, () => viewOf(tabId, readTab(tabId)));
    },

    /**
     * Call from `tabs.onUpdated`. Reads the tab's URL again rather than trusting the event's: by the
     * time this runs the tab may have moved on. (Without the `tabs` permission the browser gives URLs
     * only of hosts Hogmark may access, so every other page reads as no context.)
     */
    observeTab(tabId: number): Promise<TabView> {
      return inOrder(tabId, () => refresh(tabId, 'tab'));
    },

    /**
     * `context/hint` from the content script of the sender's own tab, for the page URL it names
     * (the sender's URL when it names none). Filed only while that is still the tab's URL: a hint
     * that arrives after the tab moved on, or names a URL the tab is not on, is dropped.
     */
    hint(
      { url: claimed, ...hints }: MessageInput<'context/hint'>,
      { sender }: HandlerContext,
    ): Promise<Record<string, never>> {
      const tabId = sender.tabId;
      const senderUrl = sender.url;
      if (tabId === undefined || !senderUrl) return Promise.resolve({});
      const url = claimed ?? senderUrl;
      return inOrder(tabId, async () => {
        if (!sameOrigin(url, senderUrl) || (await deps.getTabUrl(tabId)) !== url) return {};
        await hintsOf(tabId).update((current) => ({
          version: 1,
          url,
          hints: current.url === url ? { ...current.hints, ...hints } : hints,
        }));
        await refresh(tabId, 'hint');
        return {};
      });
    },

    /** Call from `tabs.onRemoved`. */
    forgetTab(tabId: number): Promise<void> {
      lastContextKey.delete(tabId);
      queues.delete(tabId);
      const removed = hintsOf(tabId).remove();
      hintStores.delete(tabId);
      return removed;
    },
  };
}
export type TabContextService = ReturnType<typeof createTabContextService>;

/** A page cannot change its origin without a new document (and a new content script). */
function sameOrigin(a: string, b: string): boolean {
  return URL.canParse(a) && URL.canParse(b) && new URL(a).origin === new URL(b).origin;
}
