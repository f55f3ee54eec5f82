/**
 * The names and versions of what the background keeps that the popup's first view is made from,
 * and the worker's wake script reads (lib/wake/). The background declares each item (its zod schema, default and migrations) with these, and the
 * popup reads them by these, so the two cannot look in different places. Nothing here imports zod:
 * the popup checks a value's version and reads it; a value of another version (one the background
 * has yet to migrate) means the stores cannot say, and the popup asks the background.
 */
export const STORED = {
  /** The trusted area (the extension's IndexedDB). */
  settings: { key: 'settings', version: 2 },
  keyCheck: { key: 'keyCheck', version: 1 },
  collectionCache: { key: 'playlistCache', version: 1 },
  collectionPrefs: { key: 'playlistPrefs', version: 1 },
  membership: { key: 'playlistMembership', version: 1 },
  pending: { key: 'pendingChanges', version: 1 },
  /** `storage.session`. */
  lastAction: { key: 'playlistLastAction', version: 1 },
  pendingPick: { key: 'playlistPendingPick', version: 1 },
  tabHints: { key: 'tabHints:', version: 1 },
  /** What PostHog said of insights, notebooks and recordings (the share-links room's cache). */
  itemLinks: { key: 'itemLinks', version: 1 },
  /** The origins that refused the key for a recording's add or removal (the worker's wake script reads it). */
  keyRefusals: { key: 'playlistKeyRefusals', version: 1 },
  /** Who is signed in in each PostHog tab (the worker's wake script reads it). */
  tabUsers: { key: 'tabUsers', version: 1 },
} as const;

/** A tab's hints in `storage.session`. */
export const tabHintsKey = (tabId: number) => `${STORED.tabHints.key}${tabId}`;

/**
 * Set in the trusted area once what older versions kept in `storage.local` has moved there: before
 * that, the trusted area cannot say what the settings are.
 */
export const MOVED_MARK = 'movedFromLocal';

/**
 * `storage.session`: the background's copy of the trusted area's first-view items and the key's
 * state (trusted-copy.ts), and beside it the mark that says it is there.
 */
export const TRUSTED_COPY = { key: 'trustedCopy', mark: 'trustedCopyMark', version: 1 } as const;

/** The trusted area's items the popup's first view is made from (copied to `storage.session`). */
export const FIRST_VIEW_TRUSTED_KEYS: readonly string[] = [
  MOVED_MARK,
  STORED.settings.key,
  STORED.keyCheck.key,
  STORED.collectionCache.key,
  STORED.collectionPrefs.key,
  STORED.membership.key,
  STORED.pending.key,
];
