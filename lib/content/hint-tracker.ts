import type { PageHints } from '../messages';
import { type PageIdentity, pageIdentityOf, sameIdentity } from './page-identity';
import { parsePageTitle } from './page-title';
import type { PlayerTime } from './player-time';

/** One look at the page: its URL, its title and (on recordings) the player's position. */
export interface PageObservation {
  url: string;
  title: string;
  time: PlayerTime;
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
  let sentSecond: number | null | undefined;
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

      // No player yet: say nothing, so a `?t=` in the URL still stands. An unreadable position is
      // said at once (null): the second sent before is no longer true.
      const time = identity?.kind === 'recording' ? seen.time : undefined;
      const second = time === undefined ? undefined : 'second' in time ? time.second : null;
      const due = second === null || sentSecond === null || seen.now - secondSentAt >= secondIntervalMs;
      if (second !== undefined && second !== sentSecond && due) {
        hints.currentSecond = second;
        sentSecond = second;
        secondSentAt = seen.now;
      }
      return hints.title === undefined && hints.currentSecond === undefined ? null : hints;
    },
  };
}
export type HintTracker = ReturnType<typeof createHintTracker>;
