import type { MessageInput } from '../messaging/messages';
import { createHintTracker, type HintTrackerOptions } from './hint-tracker';
import { type ElementLike, readPlayerTime } from './player-time';

/** The parts of `window` the watcher uses; a plain EventTarget with a `location` fits in tests. */
export interface WindowLike extends EventTarget {
  location: { href: string };
  /** The Navigation API, where the browser has it (Chromium); the poll covers the rest. */
  navigation?: EventTarget;
}

export interface DocumentLike extends EventTarget {
  readonly title: string;
  readonly visibilityState: string;
  readonly head: unknown;
  querySelector(selectors: string): ElementLike | null;
}

export interface ObserverLike {
  observe(target: unknown, options: { childList: boolean; subtree: boolean; characterData: boolean }): void;
  disconnect(): void;
}

export interface PageWatcherDeps extends HintTrackerOptions {
  /** The page's stored player setting (`TIMESTAMP_FORMAT_KEY` in its localStorage); undefined when unreadable. */
  storedTimestampFormat?: () => string | null | undefined;
  window: WindowLike;
  document: DocumentLike;
  /** `new MutationObserver(callback)`; titles change without any navigation event. */
  createObserver?: (callback: () => void) => ObserverLike;
  /** Sends `context/hint`; failures are dropped (the URL stays the source of truth). */
  send: (hint: MessageInput<'context/hint'>) => Promise<unknown>;
  /** Stops everything: the content script context's signal. */
  signal: AbortSignal;
  now?: () => number;
  /** How often the URL, title and player are read while the tab is visible. */
  pollMs?: number;
  /** How long after an event to look, so the app can finish committing the URL and title. */
  settleMs?: number;
}

/**
 * Follows a single-page app: reads the URL, title and player position after every in-app
 * navigation (Navigation API, popstate, hashchange), every title change, and on a slow poll while
 * the tab is visible (a content script cannot see the page's own `history.pushState` calls).
 */
export function watchPage(deps: PageWatcherDeps): void {
  const { window: win, document: doc, signal } = deps;
  const tracker = createHintTracker(deps);
  const now = deps.now ?? (() => performance.now());
  const listen = { signal } as const;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setInterval> | undefined;

  function look(): void {
    settleTimer = undefined;
    if (signal.aborted) return;
    const url = win.location.href;
    const time = readPlayerTime(doc, deps.storedTimestampFormat?.());
    const hints = tracker.observe({ url, title: doc.title, time, now: now() });
    // The URL goes along: the browser's idea of the sender's URL stops at the first pushState.
    if (hints) deps.send({ ...hints, url }).catch(() => undefined);
  }

  function lookSoon(): void {
    if (settleTimer === undefined && !signal.aborted) settleTimer = setTimeout(look, deps.settleMs ?? 100);
  }

  function followVisibility(): void {
    clearInterval(pollTimer);
    pollTimer = undefined;
    if (doc.visibilityState !== 'visible' || signal.aborted) return;
    pollTimer = setInterval(look, deps.pollMs ?? 1000);
    lookSoon();
  }

  for (const type of ['popstate', 'hashchange']) win.addEventListener(type, lookSoon, listen);
  // `navigate` fires before the URL commits; `currententrychange` after it.
  for (const type of ['navigate', 'currententrychange'])
    win.navigation?.addEventListener(type, lookSoon, listen);
  doc.addEventListener('visibilitychange', followVisibility, listen);

  const observer = deps.createObserver?.(lookSoon);
  if (observer && doc.head)
    observer.observe(doc.head, { childList: true, subtree: true, characterData: true });

  signal.addEventListener(
    'abort',
    () => {
      observer?.disconnect();
      clearInterval(pollTimer);
      clearTimeout(settleTimer);
    },
    { once: true },
  );
  look();
  followVisibility();
}
