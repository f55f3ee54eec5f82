import type { PageHints } from '../messages';
import { type PageIdentity, pageIdentityOf, sameIdentity } from './page-identity';
import { parsePageTitle } from './page-title';

/** One look at the page: its URL, its title and (on recordings) the player's second. */
export interface PageObservation {
  url: string;
  title: string;
  second: number | undefined;
  /** Milliseconds, any monotonic clock. */
  now: number;
}

export interface HintTrackerOptions {
  /** The shortest gap between two playback-second hints. */
  secondIntervalMs?: number;
}

/**
 * Turns observations into the hints worth sending: only what changed, the title only when it names
 * the page the URL shows, the second at most once per interval. Pure, so it is tested without a DOM.
 *
 * The background files hints under the exact URL they came from, so a new URL starts from nothing
 * sent. A single-page app changes the URL before the title: a title already shown before the page
 * changed (the previous page's) is never sent for the new one.
 */
export function createHintTracker(options: HintTrackerOptions = {}) {
  const secondIntervalMs = options.secondIntervalMs ?? 1000;
  let url: string | undefined;
  let identity: PageIdentity | null = null;
  let lastTitleSeen: string | undefined;
  let staleTitle: string | undefined;
  let sentTitle: string | undefined;
  let sentSecond: number | undefined;
  let secondSentAt = Number.NEGATIVE_INFINITY;

  function enter(next: string): void {
    const nextIdentity = pageIdentityOf(next);
    if (!sameIdentity(identity, nextIdentity)) staleTitle = lastTitleSeen;
    url = next;
    identity = nextIdentity;
    sentTitle = undefined;
    sentSecond = undefined;
    secondSentAt = Number.NEGATIVE_INFINITY;
  }

  return {
    observe(seen: PageObservation): PageHints | null {
      if (seen.url !== url) enter(seen.url);
      const hints: PageHints = {};

      const title = identity ? parsePageTitle(seen.title) : null;
      if (title && title.kind === identity?.kind && seen.title !== staleTitle && title.name !== sentTitle) {
        hints.title = title.name;
        sentTitle = title.name;
      }
      lastTitleSeen = seen.title;

      const second = identity?.kind === 'recording' ? seen.second : undefined;
      if (second !== undefined && second !== sentSecond && seen.now - secondSentAt >= secondIntervalMs) {
        hints.currentSecond = second;
        sentSecond = second;
        secondSentAt = seen.now;
      }
      return hints.title === undefined && hints.currentSecond === undefined ? null : hints;
    },
  };
}
export type HintTracker = ReturnType<typeof createHintTracker>;
