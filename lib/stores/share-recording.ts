import type { PageHints } from '../messaging/messages';
import { t } from '../platform/i18n';
import type { RecordingContext } from '../posthog/context';
import { formatClock } from '../posthog/context-labels';
import { markdownLink, playbackSecond, recordingLink } from '../posthog/links';

export interface RecordingShareLinks {
  /** The second the link starts at: the player's, else the URL's `t` (until the player shows one), else none. */
  second: number | undefined;
  /** The player is there but shows no position Hogmark can read (a wall-clock timestamp format). */
  timeUnknown: boolean;
  url: string;
  markdown: string;
}

/** The hint schema's bound, a week: PostHog keeps no recording that long. */
const MAX_SECOND = 86_400 * 7;

/**
 * A start time the user typed: `90`, `1:30`, `01:30` or `1:02:03` → seconds; undefined for anything
 * else (minutes and seconds past 59 in a clock, more than a week).
 */
export function parseTypedTime(text: string): number | undefined {
  const match = /^(?:(?:(\d{1,3}):)?(\d{1,2}):)?(\d{1,6})$/.exec(text.trim());
  if (!match) return undefined;
  const [, hours, minutes, seconds = ''] = match;
  const clock = minutes !== undefined;
  if (clock && (seconds.length !== 2 || Number(seconds) > 59)) return undefined;
  if (hours !== undefined && Number(minutes) > 59) return undefined;
  const total = Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds);
  return total <= MAX_SECOND ? total : undefined;
}

/**
 * The recording's link at the playback second the page reported, plain and as Markdown. When the
 * player's position cannot be read, the link starts where the user typed, else at the beginning:
 * never at a stale `?t=`.
 */
export function recordingShareLinks(
  context: RecordingContext,
  hints: PageHints,
  typedSecond?: number,
): RecordingShareLinks {
  const timeUnknown = hints.currentSecond === null;
  const second = timeUnknown ? typedSecond : playbackSecond(context, hints);
  const { origin, projectId, recordingId } = context;
  const url = recordingLink({ origin, projectId, recordingId }, second);
  return { second, timeUnknown, url, markdown: markdownLink(recordingLinkName(hints, second), url) };
}

/** What a recording's link is called in Markdown: its title (or "Recording"), at the second it starts. */
export function recordingLinkName(hints: PageHints, second: number | undefined): string {
  const name = hints.title?.trim() || t('recordingUntitled');
  return second === undefined ? name : t('recordingAtClock', name, formatClock(second));
}

/**
 * The public link at the private link's second: PostHog's `urls.shared(token, { t })` appends the
 * whole second the same way (`?t=75`). Undefined (or a second that is no whole number) starts at the
 * beginning.
 */
export function publicRecordingLink(baseUrl: string, second: number | undefined): string {
  const whole = second === undefined ? undefined : Math.floor(second);
  if (whole === undefined || !Number.isSafeInteger(whole) || whole < 0) return baseUrl;
  const url = new URL(baseUrl);
  url.searchParams.set('t', String(whole));
  return url.toString();
}
