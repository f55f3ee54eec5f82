/**
 * The playback second of PostHog's session-recording player, read from what PostHog really renders
 * (`player/controller/PlayerControllerTime.tsx` → `Timestamp`): the text of
 * `[data-attr="recording-timestamp"]`. PostHog keeps the position nowhere else in the page (no
 * attribute, no ARIA on the seekbar, never in the URL), so this is the only truthful source.
 */

/** The part of a DOM element the reader uses (structural, so tests can pass small fakes too). */
export interface ElementLike {
  querySelector(selectors: string): ElementLike | null;
  readonly textContent: string | null;
}

/**
 * What the page says about the position: a second; a text that is no position (`unknown`: a wall
 * clock, or text PostHog did not print as a Relative time); PostHog's own "00:00 / 00:00" before the
 * recording's data arrives, or a narrow player's "00:00" while its meta bar still shows its skeleton
 * (`loading`); a player without the timestamp Hogmark reads (`noTimestamp`:
 * PostHog renamed or dropped it); or no player at all (undefined).
 */
export type PlayerTime =
  | { second: number }
  | { unknown: true }
  | { loading: true }
  | { noTimestamp: true }
  | undefined;

/** `player/SessionRecordingPlayer.tsx` → `SessionRecordingPlayer`: the player's root (no data-attr). */
export const PLAYER_SELECTOR = '.SessionRecordingPlayer';
export const TIMESTAMP_SELECTOR = '[data-attr="recording-timestamp"]';
/**
 * `player-meta/PlayerMeta.tsx` → `PlayerMeta`: while `playerMetaLogic`'s `loading`, a `LemonSkeleton`
 * stands in the meta bar where the window select and URL go (and `PlayerPersonMeta`'s circle).
 */
export const LOADING_SELECTOR = '.PlayerMeta .LemonSkeleton';

/**
 * `player/playerSettingsLogic.ts` → `timestampFormat` (`persist: true`): kea-localstorage keeps it under
 * the logic's path plus the reducer key, as JSON (`"utc"`), or the bare default `relative`.
 */
export const TIMESTAMP_FORMAT_KEY = 'scenes.session-recordings.player.playerSettingsLogic.timestampFormat';

/** The hint schema's upper bound: a week. */
const MAX_SECOND = 86_400 * 7;

// `lib/utils/durations.ts` → `colonDelimitedDuration`: MM:SS, or HH:MM:SS for recordings over an hour.
const CLOCK = /^(?:(\d{2,}):)?(\d{2}):(\d{2})$/;

/** `MM:SS` or `HH:MM:SS` exactly, as PostHog prints a relative time → seconds. */
export function parseClock(text: string): number | undefined {
  const match = CLOCK.exec(text);
  if (!match) return undefined;
  const [, hours, minutes = '', seconds = ''] = match;
  if (Number(seconds) > 59 || (hours !== undefined && Number(minutes) > 59)) return undefined;
  const total = Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
  return total <= MAX_SECOND ? total : undefined;
}

/**
 * The Relative label's text, spaces dropped: "00:12/05:00" (wide) or "00:12" (narrow) → 12. Anything
 * else (a wall-clock "05/Nov, 14:03:12 UTC", "14:03:12 GMT+1") is not a position. Before the
 * recording's data arrives PostHog shows "00:00/00:00": no position yet either.
 */
export function parseRelativeTimestamp(text: string): number | undefined {
  const [current = '', total, ...rest] = text.replace(/\s+/g, '').split('/');
  if (rest.length > 0) return undefined;
  const second = parseClock(current);
  if (total === undefined) return second;
  const duration = parseClock(total);
  if (second === undefined || duration === undefined || duration === 0 || second > duration) return undefined;
  return second;
}

/**
 * Whether the stored setting says the Relative format (the default, also when nothing or something
 * unreadable is stored: PostHog then falls back to relative too). A page whose storage cannot be read
 * gives null: the text alone decides.
 */
export function isRelativeFormat(stored: string | null | undefined): boolean | null {
  if (stored === undefined) return null;
  if (stored === null || stored === 'relative') return true;
  try {
    const value: unknown = JSON.parse(stored);
    return value !== 'utc' && value !== 'device';
  } catch {
    return true;
  }
}

/**
 * The player's position now, as the page shows it; whether an absence still lets a `?t=` stand is the
 * hint tracker's call, which knows how long the page has had to show one. The controls' auto-hide only
 * changes their opacity (`PlayerController.tsx`), so the text is there and current while hidden.
 */
export function readPlayerTime(
  root: Pick<ElementLike, 'querySelector'>,
  storedFormat?: string | null,
): PlayerTime {
  const player = root.querySelector(PLAYER_SELECTOR);
  if (!player) return undefined;
  const timestamp = player.querySelector(TIMESTAMP_SELECTOR);
  if (!timestamp) return { noTimestamp: true };
  const text = (timestamp.textContent ?? '').trim();
  if (isRelativeFormat(storedFormat) === false) return { unknown: true };
  // Wide, PostHog's "00:00 / 00:00" says it; narrow, only "00:00" shows, which is also the start of a
  // loaded recording: the meta bar's skeleton tells the two apart.
  const zero = /^00:00(?::00)?(?:\s*\/\s*00:00(?::00)?)?$/.test(text);
  if (zero && (text.includes('/') || player.querySelector(LOADING_SELECTOR))) return { loading: true };
  const second = parseRelativeTimestamp(text);
  return second === undefined ? { unknown: true } : { second };
}
