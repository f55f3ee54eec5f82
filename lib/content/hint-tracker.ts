import type { PageHints } from '../messaging/messages';
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
  /**
   * How long a recording page may show no player before its time is said to be unknown: PostHog loads
   * its scene after the document, so a player that has not appeared yet is no evidence.
   */
  playerWaitMs?: number;
  /**
   * How long a player may show no timestamp before the time is said to be unknown: PostHog renders the
   * controller with the player, so a player without one means the timestamp is gone or renamed.
   */
  timestampWaitMs?: number;
}

/** Long enough for PostHog's scene (its code, the recording's meta) to load on an ordinary connection. */
const PLAYER_WAIT_MS = 10_000;
const TIMESTAMP_WAIT_MS = 2_000;

/**
 * Turns observations into the hints worth sending: only what changed, the title only when it names
 * the page the URL shows, the second at most once per interval. Pure, so it is tested without a DOM.
 *
 * The background files hints under the exact URL they came from, so a new URL starts from nothing
 * sent. A single-page app changes the URL before the title: a title already shown before the page
 * changed (the previous page's) is never sent for the new one.
 *
 * The second, on a recording's page: a `?t=` in the URL stands only until the player shows a time
 * (PostHog reads it once, at load). So nothing is said while the player loads, but the time is said to
 * be unknown (null) once the page has had its fair time to show a player with a timestamp and has not,
 * and at once when a timestamp that was read is no longer there: its last second would go stale.
 */
export function createHintTracker(options: HintTrackerOptions = {}) {
  const secondIntervalMs = options.secondIntervalMs ?? 1000;
  const playerWaitMs = options.playerWaitMs ?? PLAYER_WAIT_MS;
  const timestampWaitMs = options.timestampWaitMs ?? TIMESTAMP_WAIT_MS;
  let url: string | undefined;
  let identity: PageIdentity | null = null;
  let lastTitleSeen: string | undefined;
  let staleTitle: string | undefined;
  let sentTitle: string | undefined;
  let sentSecond: number | null | undefined;
  let secondSentAt = Number.NEGATIVE_INFINITY;
  let enteredAt = 0;
  let timeShown = false;

  function enter(next: string, now: number): void {
    const nextIdentity = pageIdentityOf(next);
    if (!sameIdentity(identity, nextIdentity)) staleTitle = lastTitleSeen;
    url = next;
    identity = nextIdentity;
    sentTitle = undefined;
    sentSecond = undefined;
    secondSentAt = Number.NEGATIVE_INFINITY;
    enteredAt = now;
    timeShown = false;
  }

  /** The second to report: a number, null for unknown, undefined for nothing to say (yet). */
  function secondOf(time: PlayerTime, now: number): number | null | undefined {
    if (time && 'second' in time) {
      timeShown = true;
      return time.second;
    }
    if (time && 'unknown' in time) {
      timeShown = true;
      return null;
    }
    if (timeShown) return null;
    // PostHog's own loading state: the player will start at the URL's t.
    if (time && 'loading' in time) return undefined;
    const wait = time && 'noTimestamp' in time ? timestampWaitMs : playerWaitMs;
    return now - enteredAt >= wait ? null : undefined;
  }

  return {
    observe(seen: PageObservation): PageHints | null {
      if (seen.url !== url) enter(seen.url, seen.now);
      const hints: PageHints = {};

      const title = identity ? parsePageTitle(seen.title) : null;
      if (title && title.kind === identity?.kind && seen.title !== staleTitle && title.name !== sentTitle) {
        hints.title = title.name;
        sentTitle = title.name;
      }
      lastTitleSeen = seen.title;

      // An unknown position is said at once (null): the second sent before is no longer true.
      const second = identity?.kind === 'recording' ? secondOf(seen.time, seen.now) : undefined;
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
