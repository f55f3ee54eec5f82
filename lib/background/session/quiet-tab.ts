import { AppError, isAppError } from '../../platform/errors';
import type { StorageAreaLike } from '../../platform/storage';
import { createQuietTabIds } from './quiet-tab-ids';

/**
 * The page a quiet tab opens: PostHog's collections list, a light page of its app that the content
 * script runs on. Without `/project/<id>` on purpose: a page path naming a project makes it the
 * user's current project (`AutoProjectMiddleware` in PostHog's posthog/middleware.py), which a tab
 * the user never looks at must not do; PostHog's router shows the current project instead
 * (`addProjectIdIfMissing` in frontend/src/lib/utils/router-utils.ts).
 */
export const QUIET_TAB_PATH = '/replay/playlists';

/**
 * How long a quiet tab stays open after its last request, for the next one of the same run (a bulk
 * add or a retry run one recording at a time opens one tab, not one per recording).
 */
export const QUIET_TAB_LINGER_MS = 2_000;

/** From opening the tab to its content script taking the request. */
const READY_WITHIN_MS = 15_000;
/** Between tries to reach the content script, which the browser injects once the page is idle. */
const RETRY_DELAYS_MS = [100, 200, 400, 800, 1000];

interface TabEvent<Listener> {
  addListener(listener: Listener): void;
  removeListener(listener: Listener): void;
}

interface WindowLike {
  id?: number;
  incognito: boolean;
  type?: string;
}

/** What of `browser.tabs` and `browser.windows` a quiet tab needs. */
export interface QuietTabsDeps {
  tabs: {
    create(properties: { url: string; active: boolean; windowId: number }): Promise<{ id?: number }>;
    get(tabId: number): Promise<{ status?: string }>;
    remove(tabId: number): Promise<void>;
    onUpdated: TabEvent<(tabId: number, change: { status?: string }) => void>;
    onRemoved: TabEvent<(tabId: number) => void>;
  };
  windows: {
    getLastFocused(): Promise<WindowLike>;
    getAll(query: { windowTypes: ['normal'] }): Promise<WindowLike[]>;
  };
  /** `storage.session`: which tabs are quiet outlives the worker (never taken for the user's own). */
  session?: StorageAreaLike;
  readyWithinMs?: number;
  retryDelaysMs?: readonly number[];
  lingerMs?: number;
}

/** A tab a session request goes through: a quiet tab, or (in the bridge) the user's own. */
export interface TabLease {
  tabId: number;
  /** Makes one `sendMessage` once the page has loaded, again while its content script is not there yet. */
  deliver<T>(attempt: () => Promise<T>): Promise<T>;
  /** Done with the tab: the last lease released closes it. */
  release(): void;
}

interface OpenTab {
  /** Once it is created. */
  tabId: () => number | undefined;
  created: Promise<number>;
  loaded: Promise<void>;
  users: number;
  /** Set while it waits, unused, for the next request before closing. */
  linger?: ReturnType<typeof setTimeout>;
}

/**
 * The browser's answer when a tab has no listener (yet): nothing was delivered, so trying again
 * cannot make the request twice. The same words in Chromium and Firefox.
 */
export function isNotListening(error: unknown): boolean {
  return !isAppError(error) && error instanceof Error && /Receiving end does not exist/i.test(error.message);
}

const noTab = (detail: string, cause?: unknown) =>
  new AppError('no-session-tab', { detail, ...(cause === undefined ? {} : { cause }) });
const stopped = () => new AppError('cancelled', { detail: 'stopped before the request was sent' });

/**
 * PostHog tabs Hogmark opens itself when a session request has no PostHog tab to go through: in the
 * background (`active: false`) of the last-focused normal window, never a new window and never a
 * private one; one per origin, shared by the requests that need it at the same time and by the next
 * ones within a few seconds (one tab for a whole run), then closed, unless the user took it over. Its
 * id is kept in `storage.session` until then: a quiet tab a stopped worker left is closed on start.
 */
export function createQuietTabs(deps: QuietTabsDeps) {
  const readyWithinMs = deps.readyWithinMs ?? READY_WITHIN_MS;
  const lingerMs = deps.lingerMs ?? QUIET_TAB_LINGER_MS;
  const ids = createQuietTabIds(deps.session);
  const retryDelaysMs = deps.retryDelaysMs ?? RETRY_DELAYS_MS;
  const open = new Map<string, OpenTab>();
  const closing = new Set<number>();
  const theirs = new Set<number>(); // Quiet tabs the user brought to the front: never closed.

  async function windowForTab(): Promise<number> {
    const usable = (window: WindowLike | undefined): window is WindowLike & { id: number } =>
      window?.id !== undefined && !window.incognito && (window.type ?? 'normal') === 'normal';
    // (Firefox's getLastFocused takes no window types: the type is checked here.)
    const last = await deps.windows.getLastFocused().catch(() => undefined);
    if (usable(last)) return last.id;
    // The last-focused one is a popup (Hogmark's picker), private (another session) or gone.
    const all: WindowLike[] = await deps.windows.getAll({ windowTypes: ['normal'] }).catch(() => []);
    const other = all.find(usable);
    if (!other) throw noTab('no browser window to open PostHog in');
    return other.id;
  }

  function whenLoaded(tabId: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const onUpdated = (id: number, change: { status?: string }) => {
        if (id === tabId && change.status === 'complete') settle();
      };
      const onRemoved = (id: number) => {
        if (id === tabId) settle(noTab('the PostHog tab Hogmark opened was closed'));
      };
      const timer = setTimeout(
        () => settle(noTab('the PostHog tab Hogmark opened did not load')),
        readyWithinMs,
      );
      function settle(error?: AppError) {
        clearTimeout(timer);
        deps.tabs.onUpdated.removeListener(onUpdated);
        deps.tabs.onRemoved.removeListener(onRemoved);
        if (error) reject(error);
        else resolve();
      }
      deps.tabs.onUpdated.addListener(onUpdated);
      deps.tabs.onRemoved.addListener(onRemoved);
      // It may have finished before the listener was there.
      deps.tabs.get(tabId).then(
        (tab) => {
          if (tab.status === 'complete') settle();
        },
        () => settle(noTab('the PostHog tab Hogmark opened was closed')),
      );
    });
  }

  function openTab(origin: string): OpenTab {
    let tabId: number | undefined;
    const created = (async () => {
      const windowId = await windowForTab();
      const tab = await deps.tabs
        .create({ url: new URL(QUIET_TAB_PATH, origin).href, active: false, windowId })
        .catch((error: unknown) => {
          throw noTab('could not open a PostHog tab', error);
        });
      if (tab.id === undefined) throw noTab('could not open a PostHog tab');
      tabId = tab.id;
      ids.add(tab.id);
      return tab.id;
    })();
    const entry: OpenTab = { created, loaded: created.then(whenLoaded), users: 0, tabId: () => tabId };
    // Each lease awaits these itself; a tab that never opened is not kept for the next request.
    entry.loaded.catch(() => undefined);
    entry.created.catch(() => {
      if (open.get(origin) === entry) open.delete(origin);
    });
    return entry;
  }

  function close(origin: string, entry: OpenTab): void {
    if (open.get(origin) === entry) open.delete(origin);
    void entry.created.then(
      async (tabId) => {
        if (theirs.has(tabId)) return;
        closing.add(tabId);
        // The user may have closed it already.
        await deps.tabs.remove(tabId).catch(() => undefined);
        closing.delete(tabId);
        ids.remove([tabId]);
      },
      () => undefined,
    );
  }

  function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(timer);
        reject(stopped());
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    if (!signal) return promise;
    if (signal.aborted) return Promise.reject(stopped());
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(stopped());
      signal.addEventListener('abort', onAbort, { once: true });
      promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  async function deliver<T>(
    entry: OpenTab,
    attempt: () => Promise<T>,
    signal: AbortSignal | undefined,
    deadline: number,
  ): Promise<T> {
    await untilAborted(entry.loaded, signal);
    for (let tries = 0; ; tries++) {
      if (signal?.aborted) throw stopped();
      try {
        // Never cut short: a message on its way may be taken, and then its request is made.
        return await attempt();
      } catch (error) {
        if (!isNotListening(error)) throw error;
        const delay = retryDelaysMs[Math.min(tries, retryDelaysMs.length - 1)] ?? 0;
        if (Date.now() + delay > deadline)
          throw noTab('the PostHog tab Hogmark opened did not answer', error);
        await sleep(delay, signal);
      }
    }
  }

  return {
    /**
     * On the worker's start: the quiet tabs a stopped worker left open are closed (their ids were
     * kept for this); a tab that is not one of them is never touched.
     */
    async closeLeftovers(): Promise<void> {
      const current = new Set([...open.values()].map((entry) => entry.tabId()));
      const left = (await ids.list()).filter((id) => !current.has(id));
      await Promise.all(left.map((id) => deps.tabs.remove(id).catch(() => undefined)));
      await ids.remove(left);
    },

    /**
     * A tab came to the front (`tabs.onActivated`): a quiet tab (this run's, or one a stopped worker
     * left) is the user's now, forgotten as quiet and never closed; a request on it finishes there.
     */
    async takenOver(tabId: number): Promise<void> {
      const quiet = [...open].filter(([, entry]) => entry.tabId() === tabId);
      for (const [origin] of quiet) open.delete(origin);
      if (quiet.length > 0) theirs.add(tabId);
      if ((await ids.list()).includes(tabId)) await ids.remove([tabId]);
    },

    /** A quiet tab is open or opening on this origin: a request joins it. */
    isOpen: (origin: string): boolean => open.has(origin),

    /** One of Hogmark's quiet tabs (open, or being closed): not the user's own PostHog tab. */
    owns: (tabId: number): boolean =>
      closing.has(tabId) || [...open.values()].some((entry) => entry.tabId() === tabId),

    /**
     * The origin's quiet tab, opened now or shared with the requests already using it. `signal`
     * stops waiting for it (and lets it close when nobody else needs it).
     */
    async borrow(origin: string, signal?: AbortSignal): Promise<TabLease> {
      const entry = open.get(origin) ?? openTab(origin);
      open.set(origin, entry);
      entry.users += 1;
      clearTimeout(entry.linger);
      entry.linger = undefined;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        entry.users -= 1;
        if (entry.users > 0) return;
        // Kept a moment for the run's next request; a tab that never opened is not kept.
        entry.linger = setTimeout(() => {
          entry.linger = undefined;
          if (entry.users === 0) close(origin, entry);
        }, lingerMs);
        entry.created.catch(() => {
          clearTimeout(entry.linger);
          entry.linger = undefined;
        });
      };
      const deadline = Date.now() + readyWithinMs;
      try {
        const tabId = await untilAborted(entry.created, signal);
        return { tabId, release, deliver: (attempt) => deliver(entry, attempt, signal, deadline) };
      } catch (error) {
        release();
        throw error;
      }
    },
  };
}
export type QuietTabs = ReturnType<typeof createQuietTabs>;
