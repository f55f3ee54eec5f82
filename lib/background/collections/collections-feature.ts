import { createPostHogClient } from '../../api/client';
import type { StorageAreaLike } from '../../platform/storage';
import type { Handlers } from '../messages/dispatcher';
import type { SettingsService } from '../settings/settings';
import { createCollectionService } from './collections';

export interface CollectionsFeatureDeps {
  settings: Pick<SettingsService, 'connection'>;
  /** The trusted area (IndexedDB): cached collections, preferences, membership facts. */
  trusted: StorageAreaLike;
  /** A project's last-used collection, or its name, changed: what names it follows. */
  onLastUsedChange?: () => void;
}

/**
 * The collections of a project: the cached list and its revalidation, the last-used and recent
 * ones, and which hold a recording. The recordings and bulk rooms write through `collections`.
 */
export function createCollectionsFeature(deps: CollectionsFeatureDeps) {
  const collections = createCollectionService({
    connection: deps.settings.connection,
    playlistsApi: (connection, projectId, signal) =>
      createPostHogClient({ ...connection, signal }).project(projectId).playlists,
    trusted: deps.trusted,
    ...(deps.onLastUsedChange ? { onLastUsedChange: deps.onLastUsedChange } : {}),
  });
  const handlers = {
    'playlists/list': collections.list,
  } satisfies Handlers;

  return {
    collections,
    handlers,
    /** For `popup/open`: the cached list (never a request). */
    cachedList: (recording: { recordingId: string; projectId?: number }) =>
      collections.list({ ...recording, source: 'cache' }),
    /** A collection's name from the cached list (never a request), to name its page. */
    cachedName: async (projectId: number, shortId: string): Promise<string | undefined> =>
      (await collections.list({ projectId, source: 'cache' })).playlists.find(
        (entry) => entry.shortId === shortId,
      )?.name,
    /** For the prefetcher: fetch the project's list only when none is cached yet. */
    warmList: async (projectId?: number): Promise<void> => {
      const cached = await collections.list({ projectId, source: 'cache' });
      if (cached.fetchedAt === null) await collections.list({ projectId, source: 'fresh' });
    },
    /** The last-used collection's name of a project (the connected one by default); null before one. */
    lastUsedName: async (projectId?: number): Promise<string | null> => {
      const scope = await collections.scopeOf(projectId);
      return (await collections.lastUsedNames())[String(scope.projectId)] ?? null;
    },
    /** For the settings room's `clearCaches`: the old key's lists, preferences and membership. */
    clear: collections.clear,
  };
}
export type CollectionsFeature = ReturnType<typeof createCollectionsFeature>;
