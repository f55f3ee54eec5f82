import type { PlaylistRecordings } from '../../api/playlists';
import type { Playlist, PlaylistInput } from '../../api/schema/playlist';
import { type CollectionEntry, type Membership, toCollectionEntry } from '../../messaging/collection-entries';
import type { CollectionList } from '../../messaging/collection-messages';
import { collectionListOf, factsKey as factsKeyOf, prefsIn } from '../../messaging/first-view/cached-list';
import { createItemStore, memoizeItemStore, type StorageAreaLike } from '../../platform/storage';
import type { Connection } from '../settings/settings';
import {
  type CollectionCache,
  collectionCacheItem,
  collectionPrefsItem,
  type ScopePrefs,
  scopeKey,
} from './collection-store';
import { followedList, lastUsedNamesOn, markedUsed } from './last-used';
import {
  collectionsHolding,
  createMembershipFacts,
  type PlaylistListApi,
  probeRecordingFilter,
} from './membership';

/** What the service calls on `client.project(p).playlists`. */
export interface PlaylistsApi extends PlaylistListApi {
  get(shortId: string): Promise<Playlist>;
  create(input: PlaylistInput): Promise<Playlist>;
  addRecording(shortId: string, recordingId: string): Promise<unknown>;
  removeRecording(shortId: string, recordingId: string): Promise<unknown>;
  recordings(shortId: string): Promise<PlaylistRecordings>;
}

export interface CollectionServiceDeps {
  connection: () => Promise<Connection>;
  /** `signal`: the user's Cancel, for a write they stopped waiting for. */
  playlistsApi: (connection: Connection, projectId: number, signal?: AbortSignal) => PlaylistsApi;
  /** The trusted area (the extension's IndexedDB, see trusted-storage.ts), out of content scripts' reach. */
  trusted: StorageAreaLike;
  now?: () => number;
  /** A project's last-used collection changed, or its name did (what names it follows). */
  onLastUsedChange?: () => void;
}

/** The (origin, project) an action works in, with the connection to reach it. */
export interface CollectionScope {
  connection: Connection;
  projectId: number;
  key: string;
}

/** A proven "ignored" is asked again after a week, in case the server was upgraded. */
const VERDICT_TTL_MS = 7 * 24 * 3600 * 1000;
const PAGE = 500;
/** Popups opened in quick succession reuse the list: 10,000 collections are 20 requests. */
const LIST_TTL_MS = 30_000;

/**
 * Collections per (origin, project): cached for the popup's first paint, revalidated on request, plus
 * last-used and recently used collections and which collections hold a recording.
 */
export function createCollectionService(deps: CollectionServiceDeps) {
  const now = deps.now ?? Date.now;
  const cacheStore = createItemStore(deps.trusted, collectionCacheItem);
  // This service alone writes its preferences and facts: memory spares the popup's first paint a read.
  const prefsStore = memoizeItemStore(createItemStore(deps.trusted, collectionPrefsItem));
  const facts = createMembershipFacts(deps.trusted, now);
  // The parsed cache of the current scope: reading 10,000 entries through zod on every popup is waste.
  let memory: CollectionCache | null = null;
  const inFlight = new Map<string, Promise<CollectionCache>>();

  async function scopeOf(projectId?: number): Promise<CollectionScope> {
    const connection = await deps.connection();
    const project = projectId ?? connection.projectId;
    return { connection, projectId: project, key: scopeKey(connection.origin, project) };
  }

  async function cached(scope: CollectionScope): Promise<CollectionCache | null> {
    if (memory?.scope === scope.key) return memory;
    const stored = await cacheStore.get();
    if (stored.scope !== scope.key) return null;
    memory = stored;
    return stored;
  }

  async function save(next: CollectionCache): Promise<CollectionCache> {
    memory = next;
    await cacheStore.set(next);
    return next;
  }

  async function prefsOf(scope: CollectionScope): Promise<ScopePrefs> {
    return prefsIn(await prefsStore.get(), scope.key);
  }

  const factsKey = (scope: CollectionScope, recordingId: string) => factsKeyOf(scope.key, recordingId);
  /** A list PostHog just sent: the last-used collection's new name, or its deletion (last-used.ts). */
  async function followLastUsed(cache: CollectionCache, complete: boolean): Promise<void> {
    const next = followedList((await prefsStore.get()).scopes[cache.scope], cache, complete);
    if (!next) return;
    await prefsStore.update((prefs) => ({ ...prefs, scopes: { ...prefs.scopes, [cache.scope]: next } }));
    deps.onLastUsedChange?.();
  }

  /** One list request per scope at a time; the membership answer rides along when asked for. */
  function refreshList(
    scope: CollectionScope,
    recordingId: string | undefined,
    force: boolean,
  ): Promise<CollectionCache> {
    const running = inFlight.get(scope.key);
    if (running && recordingId === undefined) return running;
    const task = (async () => {
      const api = deps.playlistsApi(scope.connection, scope.projectId);
      const previous = await cached(scope);
      const reuse = !force && previous !== null && now() - previous.fetchedAt < LIST_TTL_MS ? previous : null;
      const verdict = previous?.recordingFilter ?? null;
      const knownHonoured = verdict?.honoured === true;
      const knownIgnored = verdict?.honoured === false && now() - verdict.checkedAt < VERDICT_TTL_MS;
      const askMembership = recordingId !== undefined && !knownIgnored;
      if (reuse && !askMembership) return reuse;
      const askedAt = now();
      const [playlists, holding] = await Promise.all([
        reuse
          ? reuse.playlists
          : api.allPages({}, { limit: PAGE, concurrency: 4 }).then((items) => items.map(toCollectionEntry)),
        askMembership ? collectionsHolding(api, recordingId) : Promise.resolve(null),
      ]);
      let recordingFilter = knownHonoured || knownIgnored ? verdict : null;
      if (askMembership && !recordingFilter) {
        const real = playlists.filter((entry) => entry.kind !== 'synthetic').length;
        const honoured = await probeRecordingFilter(api, real);
        recordingFilter = honoured === undefined ? null : { honoured, checkedAt: now() };
      }
      if (holding && recordingId !== undefined && recordingFilter?.honoured) {
        await facts.fromServer(factsKey(scope, recordingId), holding, askedAt);
      }
      const fetchedAt = reuse ? reuse.fetchedAt : now();
      const saved = await save({ version: 1, scope: scope.key, fetchedAt, playlists, recordingFilter });
      await followLastUsed(saved, !reuse);
      return saved;
    })();
    inFlight.set(scope.key, task);
    const forget = () => {
      if (inFlight.get(scope.key) === task) inFlight.delete(scope.key);
    };
    task.then(forget, forget);
    return task;
  }

  /**
   * Whether the playlist holds the recording now, in one request: PostHog's own membership filter
   * where this server is known to honour it (the answer also refreshes every playlist's row), else
   * the collection's recordings. Undefined when the answer cannot tell.
   */
  async function holds(
    scope: CollectionScope,
    shortId: string,
    recordingId: string,
  ): Promise<boolean | undefined> {
    const api = deps.playlistsApi(scope.connection, scope.projectId);
    const verdict = (await cached(scope))?.recordingFilter;
    if (verdict?.honoured) {
      const askedAt = now();
      const holding = await collectionsHolding(api, recordingId);
      await facts.fromServer(factsKey(scope, recordingId), holding, askedAt);
      return holding.includes(shortId);
    }
    const answer = await api.recordings(shortId);
    if (!answer.known || answer.recordingIds === null) return undefined;
    if (answer.recordingIds.includes(recordingId)) return true;
    // A page of the collection's recordings: absent from a partial page proves nothing. (PostHog
    // lists those of the last year, longer than it keeps any recording.)
    return answer.hasNext ? undefined : false;
  }

  async function list(input: {
    projectId?: number;
    recordingId?: string;
    source: 'cache' | 'fresh' | 'server';
  }): Promise<CollectionList> {
    const scope = await scopeOf(input.projectId);
    const cache =
      input.source === 'cache'
        ? await cached(scope)
        : await refreshList(scope, input.recordingId, input.source === 'server');
    // Read together: the popup's first paint waits on the cached answer.
    const [prefs, membership] = await Promise.all([
      prefsOf(scope),
      input.recordingId === undefined ? null : facts.get(factsKey(scope, input.recordingId)),
    ]);
    // The popup's first view makes the same list from the same stores (first-view/cached-list.ts).
    return collectionListOf(scope.projectId, cache, prefs, membership);
  }

  /** Puts a new or changed playlist in the cached list (first, where new ones appear in PostHog). */
  async function upsert(scope: CollectionScope, entry: CollectionEntry): Promise<void> {
    const cache = await cached(scope);
    if (!cache) return;
    const rest = cache.playlists.filter((item) => item.shortId !== entry.shortId);
    await save({ ...cache, playlists: [entry, ...rest] });
  }

  return {
    scopeOf,
    api: (scope: CollectionScope, signal?: AbortSignal): PlaylistsApi =>
      deps.playlistsApi(scope.connection, scope.projectId, signal),
    holds,
    list,
    upsert,
    /** The short ids of the cached list, or null without one. */
    async cachedShortIds(scope: CollectionScope): Promise<string[] | null> {
      return (await cached(scope))?.playlists.map((entry) => entry.shortId) ?? null;
    },
    /**
     * The cached entry; without a cached list (a shortcut before the popup ever opened), PostHog's
     * answer for that one playlist, so names and "saved filter" refusals are right from the start.
     */
    async entry(scope: CollectionScope, shortId: string): Promise<CollectionEntry> {
      const cache = await cached(scope);
      const known = cache?.playlists.find((item) => item.shortId === shortId);
      if (known) return known;
      const entry = toCollectionEntry(
        await deps.playlistsApi(scope.connection, scope.projectId).get(shortId),
      );
      await upsert(scope, entry);
      return entry;
    },
    /** A playlist PostHog says is gone (404): out of the list and out of the preferences. */
    async drop(scope: CollectionScope, shortId: string): Promise<void> {
      let dropped = false;
      const cache = await cached(scope);
      if (cache)
        await save({ ...cache, playlists: cache.playlists.filter((item) => item.shortId !== shortId) });
      await prefsStore.update((prefs) => {
        const current = prefs.scopes[scope.key];
        if (!current) return prefs;
        const next: ScopePrefs = { recent: current.recent.filter((id) => id !== shortId) };
        if (current.lastUsed && current.lastUsed !== shortId) {
          next.lastUsed = current.lastUsed;
          if (current.lastUsedName !== undefined) next.lastUsedName = current.lastUsedName;
        } else if (current.lastUsed) dropped = true;
        return { ...prefs, scopes: { ...prefs.scopes, [scope.key]: next } };
      });
      if (dropped) deps.onLastUsedChange?.();
    },
    prefs: prefsOf,
    /**
     * The collection a recording was just added to (named `name`, as the add found it) becomes the
     * last used and the first recent one.
     */
    async markUsed(scope: CollectionScope, shortId: string, name?: string): Promise<void> {
      const listed = (await cached(scope))?.playlists.find((item) => item.shortId === shortId)?.name;
      let changed = false;
      await prefsStore.update((prefs) => {
        const marked = markedUsed(prefs.scopes[scope.key] ?? { recent: [] }, shortId, name ?? listed);
        changed = marked.changed;
        return { ...prefs, scopes: { ...prefs.scopes, [scope.key]: marked.next } };
      });
      if (changed) deps.onLastUsedChange?.();
    },
    /**
     * Each project's last-used collection's name on the connected PostHog, by project id: what the
     * content script's mirror carries (names only, never the key). Empty when not connected.
     */
    async lastUsedNames(): Promise<Record<string, string>> {
      const connection = await deps.connection().catch(() => null);
      return connection ? lastUsedNamesOn(connection.origin, (await prefsStore.get()).scopes) : {};
    },
    membership: (scope: CollectionScope, recordingId: string): Promise<Membership> =>
      facts.get(factsKey(scope, recordingId)),
    recordOwn: (scope: CollectionScope, recordingId: string, shortId: string, holds: boolean) =>
      facts.own(factsKey(scope, recordingId), shortId, holds),
    /** The same by the scope's key, where the connection is not at hand (an add the wake script sent). */
    recordOwnIn: (scope: string, recordingId: string, shortId: string, holds: boolean) =>
      facts.own(factsKeyOf(scope, recordingId), shortId, holds),
    /** For the settings service's `clearCaches`: another key, origin or project starts clean. */
    async clear(): Promise<void> {
      memory = null;
      await Promise.all([cacheStore.remove(), prefsStore.remove(), facts.clear()]);
      deps.onLastUsedChange?.();
    },
  };
}
export type CollectionService = ReturnType<typeof createCollectionService>;
