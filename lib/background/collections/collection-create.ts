import type { Playlist } from '../../api/schema/playlist';
import type {
  CreateAndAddInput,
  CreateAndAddResult,
  RecordingChangeInput,
  RecordingChangeResult,
} from '../../messaging/collection-messages';
import { toAppError } from '../../platform/errors';
import { settleWrite } from '../../platform/write-outcome';
import type { CollectionService } from './collections';

/** How far PostHog's clock may be from ours when "created since the click" decides a read-back. */
const CLOCK_SKEW_MS = 2 * 60_000;

export interface CollectionCreateDeps {
  playlists: CollectionService;
  now: () => number;
  /** The guarded add of recording-actions.ts (joins an identical add in flight). */
  add: (input: RecordingChangeInput) => Promise<RecordingChangeResult>;
  /** Stops a running add (recording-actions.ts `cancel`). */
  cancel: (input: RecordingChangeInput) => boolean;
}

/**
 * A failed add keeps the new collection: the error says why, and Try again only adds. A Cancel while
 * the collection is being created sends nothing more: `change` and `error` are then both null
 * when PostHog turns out to have created it.
 */
export async function createCollectionAndAdd(
  deps: CollectionCreateDeps,
  input: CreateAndAddInput,
  signal: AbortSignal,
): Promise<CreateAndAddResult> {
  const { playlists, now } = deps;
  const scope = await playlists.scopeOf(input.projectId);
  const known = new Set((await playlists.cachedShortIds(scope)) ?? []);
  const startedAt = now();
  let found: Playlist | undefined;
  const created = await settleWrite({
    write: () => playlists.api(scope, signal).create({ name: input.name, type: 'collection' }),
    // The answer was lost: a collection of that name that was not there before is this one.
    readBack: async () => {
      const page = await playlists.api(scope).list({ search: input.name, limit: 100 });
      // Without a list from before, only one created since the click counts (minutes of clock skew).
      const isNew = (item: Playlist) =>
        known.size > 0
          ? !known.has(item.short_id)
          : Date.parse(item.created_at ?? '') >= startedAt - CLOCK_SKEW_MS;
      found = page.results.find(
        (item) => (item.name ?? '').trim() === input.name.trim() && item.is_synthetic !== true && isNew(item),
      );
      if (found) return 'applied';
      return known.size > 0 && page.count <= page.results.length ? 'not-applied' : 'unknown';
    },
    applied: async () => found as Playlist,
    cancelled: () => signal.aborted,
  });
  const playlist = {
    shortId: created.short_id,
    name: created.name?.trim() || input.name,
    pinned: created.pinned,
    kind: 'collection' as const,
  };
  await playlists.upsert(scope, playlist);
  // A new collection holds nothing: known without asking.
  await playlists.recordOwn(scope, input.recordingId, playlist.shortId, false);
  if (signal.aborted) return { playlist, change: null, error: null };
  const adding = {
    projectId: scope.projectId,
    shortId: playlist.shortId,
    recordingId: input.recordingId,
    ...(input.note ? { note: input.note } : {}),
    ...(input.tabId === undefined ? {} : { tabId: input.tabId }),
  };
  // From here, Cancel stops the add.
  const stopAdding = () => deps.cancel(adding);
  signal.addEventListener('abort', stopAdding);
  try {
    return { playlist, change: await deps.add(adding), error: null };
  } catch (error) {
    return { playlist, change: null, error: toAppError(error).toJSON() };
  } finally {
    signal.removeEventListener('abort', stopAdding);
  }
}
