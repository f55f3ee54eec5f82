/**
 * Dates and times on the user's clock, written the same wherever Hogmark shows one: 2025-03-01,
 * 12:05, 2025-03-01 12:05. In no language, so never a word of the browser's inside an English
 * sentence; and with no `Intl` formatter, whose first build in a new page or worker loads ICU's
 * data, tens of ms of a first paint (docs/BENCHMARK.md). A `Date`'s own fields cost nothing
 * measurable. Null for a time that does not parse.
 */

type When = number | string;

const twoDigits = (value: number) => String(value).padStart(2, '0');

function dateOf(at: When): Date | null {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/** 2025-03-01 */
export function localDate(at: When): string | null {
  const date = dateOf(at);
  if (!date) return null;
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/** 12:05 */
export function localTime(at: When): string | null {
  const date = dateOf(at);
  if (!date) return null;
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/** 2025-03-01 12:05 */
export function localDateTime(at: When): string | null {
  const date = localDate(at);
  return date === null ? null : `${date} ${localTime(at)}`;
}
