import { z } from 'zod/mini';
import { CollectionEntrySchema } from '../../messaging/collection-entries';
import { STORED } from '../../messaging/first-view/stored-names';
import { CONTAINER_ID } from '../../messaging/pending-messages';
import { lazily } from '../../platform/lazy';
import type { StoredItem } from '../../platform/storage';

/**
 * What the collection feature keeps between popups. Lists, preferences and membership facts go to the
 * trusted area, the extension's IndexedDB (a warm popup after a browser restart needs them, and content
 * scripts must not read them; see trusted-storage.ts); the last action and a pending
 * "choose a playlist" request to `storage.session` (they mean nothing after the browser closes).
 */

const ProjectId = lazily(() => z.int().check(z.positive()));

export { scopeKey } from '../../messaging/first-view/cached-list';

// ——— the list cache (one scope at a time: 10,000 entries are ~700 KB) ———

const RecordingFilterVerdictSchema = lazily(() =>
  z.object({
    /** Whether `?session_recording_id=` is honoured, proven by a probe (reference §16). */
    honoured: z.boolean(),
    checkedAt: z.number(),
  }),
);

export const CollectionCacheSchema = lazily(() =>
  z.object({
    version: z.literal(1),
    scope: z.string(),
    fetchedAt: z.number(),
    playlists: z.array(CollectionEntrySchema),
    recordingFilter: z.nullable(RecordingFilterVerdictSchema),
  }),
);
export type CollectionCache = z.infer<typeof CollectionCacheSchema>;

export const collectionCacheItem: StoredItem<CollectionCache> = {
  key: STORED.collectionCache.key,
  version: STORED.collectionCache.version,
  schema: CollectionCacheSchema,
  fallback: () => ({ version: 1, scope: '', fetchedAt: 0, playlists: [], recordingFilter: null }),
  migrations: {},
};

// ——— last used and recently used collections, per scope ———

export const RECENT_LIMIT = 8;
/**
 * A collection's name is the user's text from PostHog (up to 400 characters there): kept this long
 * for what names the last-used one, which cuts it shorter on screen and shows it whole in a tooltip.
 */
export const LAST_USED_NAME_CHARS = 200;

const ScopePrefsSchema = lazily(() =>
  z.object({
    lastUsed: z.optional(z.string()),
    /** Its name when last seen (the in-page button and menus name it), at most `LAST_USED_NAME_CHARS`. */
    lastUsedName: z.optional(z.string().check(z.maxLength(LAST_USED_NAME_CHARS))),
    recent: z.array(z.string()).check(z.maxLength(RECENT_LIMIT)),
  }),
);
export type ScopePrefs = z.infer<typeof ScopePrefsSchema>;

export const CollectionPrefsSchema = lazily(() =>
  z.object({
    version: z.literal(1),
    scopes: z.record(z.string(), ScopePrefsSchema),
  }),
);
export type CollectionPrefs = z.infer<typeof CollectionPrefsSchema>;

export const collectionPrefsItem: StoredItem<CollectionPrefs> = {
  key: STORED.collectionPrefs.key,
  version: STORED.collectionPrefs.version,
  schema: CollectionPrefsSchema,
  fallback: () => ({ version: 1, scopes: {} }),
  migrations: {},
};

// ——— membership: PostHog's last complete answer plus what Hogmark did, per recording ———

export const MEMBERSHIP_RECORDINGS_KEPT = 200;

const RecordingFactsSchema = lazily(() =>
  z.object({
    /** `scopeKey|recordingId`. */
    key: z.string(),
    /**
     * PostHog's answer, only when it provably named every playlist holding the recording; `at`: when
     * it was asked, so a change Hogmark made while it was on its way stands over it.
     */
    server: z.nullable(z.object({ holds: z.array(z.string()), at: z.number() })),
    /** What Hogmark added (true) or removed (false), with when. Newer than `server.at` wins. */
    own: z.record(z.string(), z.object({ holds: z.boolean(), at: z.number() })),
    touchedAt: z.number(),
  }),
);
export type RecordingFacts = z.infer<typeof RecordingFactsSchema>;

export const MembershipFactsSchema = lazily(() =>
  z.object({
    version: z.literal(1),
    recordings: z.array(RecordingFactsSchema),
  }),
);
export type MembershipFacts = z.infer<typeof MembershipFactsSchema>;

export const membershipFactsItem: StoredItem<MembershipFacts> = {
  key: STORED.membership.key,
  version: STORED.membership.version,
  schema: MembershipFactsSchema,
  fallback: () => ({ version: 1, recordings: [] }),
  migrations: {},
};

// ——— the last add or remove (storage.session), so the popup can undo what a shortcut did ———

export const LastActionSchema = lazily(() =>
  z.object({
    id: z.string(),
    origin: z.string(),
    projectId: ProjectId,
    recordingId: z.string(),
    shortId: z.string(),
    playlistName: z.string(),
    change: z.enum(['added', 'removed']),
    via: z.enum(['key', 'session']),
    at: z.number(),
    /**
     * The tab and page the action was made from, when it was not made on the recording's own page (a
     * recording link's context menu): the notice belongs there too, and nowhere else but the recording.
     */
    page: z.optional(z.object({ tabId: z.int().check(z.nonnegative()), url: z.string() })),
    /** The Firefox container the change was made through (Undo goes the same way); none in Chromium. */
    container: z.optional(z.string().check(z.regex(CONTAINER_ID))),
    /** Made from a private window: Undo, too, only through a private PostHog tab. */
    private: z.optional(z.literal(true)),
    /** The note written with the add (PostHog's comment): Undo deletes it too. */
    note: z.optional(
      z.object({ id: z.string(), via: z.enum(['key', 'session']), second: z.int().check(z.nonnegative()) }),
    ),
  }),
);
export type LastAction = z.infer<typeof LastActionSchema>;

export const LastActionStoreSchema = lazily(() =>
  z.object({
    version: z.literal(1),
    action: z.nullable(LastActionSchema),
  }),
);
export type LastActionStore = z.infer<typeof LastActionStoreSchema>;

export const lastActionItem: StoredItem<LastActionStore> = {
  key: STORED.lastAction.key,
  version: STORED.lastAction.version,
  schema: LastActionStoreSchema,
  fallback: () => ({ version: 1, action: null }),
  migrations: {},
};

// ——— a recording waiting for the popup's picker (context menu "Choose a collection…") ———

export const PendingPickSchema = lazily(() =>
  z.object({
    version: z.literal(1),
    pick: z.nullable(
      z.object({
        origin: z.string(),
        projectId: ProjectId,
        recordingId: z.string(),
        at: z.number(),
        /**
         * Taken by a popup's `popup/open`, and kept until the next one: that popup's own first view
         * from the stores, read after the take on a busy machine, must still see a pick it cannot
         * name (lib/stores/stored-first-view.ts), and wait for the answer that names it.
         */
        taken: z.optional(z.literal(true)),
      }),
    ),
  }),
);
export type PendingPick = z.infer<typeof PendingPickSchema>;

export const pendingPickItem: StoredItem<PendingPick> = {
  key: STORED.pendingPick.key,
  version: STORED.pendingPick.version,
  schema: PendingPickSchema,
  fallback: () => ({ version: 1, pick: null }),
  migrations: {},
};

// ——— PostHog origins that refused the key for a recording add/remove (storage.session) ———

export const KeyRefusalsSchema = lazily(() =>
  z.object({
    version: z.literal(1),
    /** App origins whose PostHog answered `key-not-allowed` to adding or removing a recording. */
    origins: z.array(z.string()).check(z.maxLength(20)),
  }),
);
export type KeyRefusals = z.infer<typeof KeyRefusalsSchema>;

export const keyRefusalsItem: StoredItem<KeyRefusals> = {
  key: STORED.keyRefusals.key,
  version: STORED.keyRefusals.version,
  schema: KeyRefusalsSchema,
  fallback: () => ({ version: 1, origins: [] }),
  migrations: {},
};
