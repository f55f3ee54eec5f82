import type { CollectionEntry } from '../messaging/collection-entries';
import { pickerRecording, type RecordingRef, recordingFromSearch } from '../messaging/picker-recording';
import type { PopupState } from './popup';

/** Where the popup is: the connected PostHog, and the recording it shows (if any). */
export interface PickerScope {
  origin: string;
  recording: RecordingRef | null;
}

/**
 * The picker's list logic, pure so it is tested without rendering: the order collections are offered
 * in, and a filter fast enough for every keystroke over 10,000 of them.
 */

export interface PickerRow {
  entry: CollectionEntry;
  /** The lower-cased name, computed once per list rather than once per keystroke. */
  search: string;
  /** Only collections can hold recordings; the others are shown, disabled, with the reason. */
  enabled: boolean;
}

/** How many matches are rendered; the rest are counted ("N more — keep typing"). */
export const WINDOW_SIZE = 50;

/**
 * Last used first, then pinned, then recently used, then the rest in PostHog's order (last modified
 * first). Saved filters come after every collection; PostHog's synthetic lists are left out, as
 * PostHog's own picker leaves them out.
 */
export function orderCollections(
  entries: readonly CollectionEntry[],
  prefs: { lastUsed?: string; recent: readonly string[] },
): CollectionEntry[] {
  const byId = new Map(entries.map((entry) => [entry.shortId, entry]));
  const placed = new Set<string>();
  const ordered: CollectionEntry[] = [];
  const place = (entry: CollectionEntry | undefined) => {
    if (!entry || placed.has(entry.shortId) || entry.kind !== 'collection') return;
    placed.add(entry.shortId);
    ordered.push(entry);
  };
  place(prefs.lastUsed === undefined ? undefined : byId.get(prefs.lastUsed));
  for (const entry of entries) if (entry.pinned) place(entry);
  for (const shortId of prefs.recent) place(byId.get(shortId));
  for (const entry of entries) place(entry);
  for (const entry of entries) if (entry.kind === 'filters') ordered.push(entry);
  return ordered;
}

export function toRows(ordered: readonly CollectionEntry[], untitled: string): PickerRow[] {
  return ordered.map((entry) => ({
    entry,
    search: (entry.name || untitled).toLowerCase(),
    enabled: entry.kind === 'collection',
  }));
}

export interface FilterResult {
  /** At most `limit` rows, in list order. */
  shown: PickerRow[];
  /** Every match, shown or not. */
  total: number;
  /** A row named exactly like the query (then "Create" is not offered). */
  exact: boolean;
}

/** Substring match on the precomputed names; one pass, no sorting, no allocation per row. */
export function filterRows(rows: readonly PickerRow[], query: string, limit = WINDOW_SIZE): FilterResult {
  const needle = query.trim().toLowerCase();
  const shown: PickerRow[] = [];
  let total = 0;
  let exact = false;
  for (const row of rows) {
    if (needle !== '' && !row.search.includes(needle)) continue;
    total++;
    if (shown.length < limit) shown.push(row);
    if (!exact && needle !== '' && row.search.trim() === needle) exact = true;
  }
  return { shown, total, exact };
}

/** The id of the option after `current` by `delta`, skipping disabled ones; stays put at the ends. */
export function moveSelection(
  options: readonly { id: string; enabled: boolean }[],
  current: string | null,
  delta: number,
): string | null {
  const enabled = options.filter((option) => option.enabled);
  if (enabled.length === 0) return null;
  const index = enabled.findIndex((option) => option.id === current);
  if (index < 0) return (delta < 0 ? enabled[enabled.length - 1] : enabled[0])?.id ?? null;
  const next = Math.min(enabled.length - 1, Math.max(0, index + delta));
  return enabled[next]?.id ?? null;
}

/** The picker's scope from the popup's state and its URL (`?recording=…&project=…` in a small window). */
export function pickerScopeOf(state: PopupState, search: string): PickerScope | null {
  if (state.phase !== 'ready' || !state.status.origin) return null;
  const origin = state.status.origin;
  return { origin, recording: pickerRecording(origin, state.context, recordingFromSearch(search)) };
}
