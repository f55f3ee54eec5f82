import { t } from '../../platform/i18n';
import {
  type CollectionCache,
  LAST_USED_NAME_CHARS,
  RECENT_LIMIT,
  type ScopePrefs,
} from './collection-store';

/**
 * The last-used collection of each project and its name: the name is what PostHog's user typed, kept
 * as text only and bounded, for everything that names where "add to the last-used" goes (the in-page
 * button through the content script's mirror, the link menu, the person page).
 */

/** Text only, and bounded: the name as typed, or "Untitled". */
export const boundedName = (name: string) =>
  (name.trim() || t('playlistUntitled')).slice(0, LAST_USED_NAME_CHARS);

/** The preferences once a recording was added to `shortId` (named `known` where the add said). */
export function markedUsed(
  current: ScopePrefs,
  shortId: string,
  known: string | undefined,
): { next: ScopePrefs; changed: boolean } {
  const recent = [shortId, ...current.recent.filter((id) => id !== shortId)].slice(0, RECENT_LIMIT);
  const lastUsedName =
    known !== undefined
      ? boundedName(known)
      : current.lastUsed === shortId
        ? current.lastUsedName
        : undefined;
  const next: ScopePrefs = { lastUsed: shortId, recent, ...(lastUsedName ? { lastUsedName } : {}) };
  return { next, changed: current.lastUsed !== shortId || current.lastUsedName !== lastUsedName };
}

/**
 * The preferences after a list PostHog just sent: the last-used collection renamed where its name
 * changed, forgotten where a whole fresh list (`complete`) no longer has it (deleted in PostHog).
 * Null when nothing changes.
 */
export function followedList(
  current: ScopePrefs | undefined,
  cache: Pick<CollectionCache, 'playlists'>,
  complete: boolean,
): ScopePrefs | null {
  if (!current?.lastUsed) return null;
  const entry = cache.playlists.find((item) => item.shortId === current.lastUsed);
  const { lastUsed, lastUsedName, ...rest } = current;
  if (!entry) return complete ? rest : null;
  const name = boundedName(entry.name);
  return name === lastUsedName ? null : { ...rest, lastUsed, lastUsedName: name };
}

/** Each project's last-used collection's name on `origin`, by project id. */
export function lastUsedNamesOn(
  origin: string,
  scopes: Readonly<Record<string, ScopePrefs>>,
): Record<string, string> {
  const names: Record<string, string> = {};
  const prefix = `${origin}|`;
  for (const [key, prefs] of Object.entries(scopes)) {
    if (key.startsWith(prefix) && prefs.lastUsed)
      names[key.slice(prefix.length)] = prefs.lastUsedName ?? t('playlistUntitled');
  }
  return names;
}
