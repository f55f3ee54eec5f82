/** PostHog's player time texts (pure, so the contract tests can check them without a browser). */

export type TimestampFormat = 'relative' | 'utc' | 'device';

/** playerSettingsLogic's `TimestampFormat` enum, in its order (the timestamp button cycles through it). */
export const TIMESTAMP_FORMATS: readonly TimestampFormat[] = ['relative', 'utc', 'device'];

/** kea-localstorage's key for `playerSettingsLogic.timestampFormat` (path joined by "." + reducer key). */
export const TIMESTAMP_FORMAT_KEY = 'scenes.session-recordings.player.playerSettingsLogic.timestampFormat';

const pad = (value: number): string => String(value).padStart(2, '0');

/**
 * `lib/utils/durations.ts` `colonDelimitedDuration(seconds, fixedUnits)`: the last `fixedUnits` units,
 * zero-padded ("00:12" with 2, "00:00:12" with 3); leading zero units are dropped only without `fixedUnits`.
 */
export function colonDelimitedDuration(seconds: number, fixedUnits: number | null = 3): string {
  let rest = Math.max(0, seconds);
  const take = (size: number, from: number) => {
    if (fixedUnits && fixedUnits <= from) return 0;
    const value = Math.floor(rest / size);
    rest -= value * size;
    return value;
  };
  const weeks = take(604_800, 4);
  const days = take(86_400, 3);
  const hours = take(3600, 2);
  const minutes = take(60, 1);
  const units: string[] = [];
  let trimming = true;
  [weeks, days, hours, minutes, Math.floor(rest)].forEach((unit, index) => {
    if (!fixedUnits && !unit && trimming && index < 3) return;
    units.push(pad(unit));
    trimming = false;
  });
  return fixedUnits ? units.slice(-fixedUnits).join(':') : units.join(':');
}

/** `RelativeTimestampLabel`: both texts use 3 units when the recording is longer than an hour. */
export function relativeTexts(currentSeconds: number, durationSeconds: number): [string, string] {
  const units = durationSeconds > 3600 ? 3 : 2;
  return [colonDelimitedDuration(currentSeconds, units), colonDelimitedDuration(durationSeconds, units)];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function fieldsIn(ms: number, timeZone: string | undefined): Fields {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** `lib/utils` `shortTimeZone`: the browser's short zone name for that moment ("UTC", "GMT+1", "PST"). */
function shortTimeZone(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(new Date(ms));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/**
 * `SimpleTimeLabel` `formattedReplayTime`: "DD/MMM, HH:mm:ss <zone>" this year, "DD/MM/YYYY HH:mm:ss
 * <zone>" otherwise, only "HH:mm:ss <zone>" in a small container. A wall-clock time, not a position.
 */
export function wallClockText(
  ms: number | null,
  format: 'utc' | 'device',
  small: boolean,
  nowMs: number,
): string {
  // PostHog's placeholder before the player knows when the recording started.
  if (ms === null) return small ? '00:00:00' : '--/--/----, 00:00:00';
  const zone = format === 'utc' ? 'UTC' : undefined;
  const f = fieldsIn(ms, zone);
  const time = `${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`;
  const label = format === 'utc' ? 'UTC' : shortTimeZone(ms);
  if (small) return `${time} ${label}`;
  const thisYear = fieldsIn(nowMs, zone).year === f.year;
  const date = thisYear
    ? `${pad(f.day)}/${MONTHS[f.month - 1]},`
    : `${pad(f.day)}/${pad(f.month)}/${String(f.year).padStart(4, '0')}`;
  return `${date} ${time} ${label}`;
}

export function parseTimestampFormat(raw: string | null): TimestampFormat {
  if (raw === null) return 'relative';
  try {
    const value: unknown = JSON.parse(raw);
    return TIMESTAMP_FORMATS.find((format) => format === value) ?? 'relative';
  } catch {
    return 'relative';
  }
}
