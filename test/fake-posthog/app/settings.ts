/** The player's persisted settings, stored the way PostHog's kea-localstorage stores them. */
import { parseTimestampFormat, TIMESTAMP_FORMAT_KEY, type TimestampFormat } from './time';

/**
 * kea-localstorage's `persistReducer` on mount: an absent key gets the default written as is (not as
 * JSON, so `relative`), and a value it cannot JSON-parse is overwritten with `undefined` (String(undefined)).
 */
export function readTimestampFormat(): TimestampFormat {
  const raw = localStorage.getItem(TIMESTAMP_FORMAT_KEY);
  if (raw === null) {
    localStorage.setItem(TIMESTAMP_FORMAT_KEY, 'relative');
    return 'relative';
  }
  try {
    JSON.parse(raw);
  } catch {
    localStorage.setItem(TIMESTAMP_FORMAT_KEY, 'undefined');
  }
  return parseTimestampFormat(raw);
}

/** `playerSettingsLogic.setTimestampFormat`: kea-localstorage writes the reducer's new value as JSON. */
export function writeTimestampFormat(format: TimestampFormat): void {
  localStorage.setItem(TIMESTAMP_FORMAT_KEY, JSON.stringify(format));
}
