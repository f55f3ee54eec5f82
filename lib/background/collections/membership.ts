import type { Page } from '../../api/pagination';
import type { CollectionListFilter, Playlist } from '../../api/schema/playlist';
import type { Membership } from '../../messaging/collection-entries';
import { kindOf } from '../../messaging/collection-entries';
import { membershipIn, mergeMembership } from '../../messaging/first-view/cached-list';
import { createItemStore, memoizeItemStore, type StorageAreaLike } from '../../platform/storage';
import { MEMBERSHIP_RECORDINGS_KEPT, membershipFactsItem, type RecordingFacts } from './collection-store';

/** The list calls membership needs (the client's `project(p).playlists`, or a fake). */
export interface PlaylistListApi {
  list(filter: CollectionListFilter & { limit?: number }): Promise<Page<Playlist>>;
  allPages(
    filter: CollectionListFilter,
    options: { limit?: number; concurrency?: number },
  ): Promise<Playlist[]>;
}

/** No playlist holds this: a server that honours the filter answers it with no real playlist. */
export const PROBE_RECORDING_ID = 'hogmark-probe-0000-0000-000000000000';
const PAGE = 500;

const realShortIds = (items: readonly Playlist[]) =>
  items.filter((item) => kindOf(item) !== 'synthetic').map((item) => item.short_id);

/**
 * Whether this server honours `?session_recording_id=` (reference §16): asked once with a recording
 * no playlist holds. A server that ignores the parameter lists its playlists; one that honours it
 * lists none. Undefined when it cannot tell (a project without collections proves nothing).
 */
export async function probeRecordingFilter(
  api: PlaylistListApi,
  realCollectionCount: number,
): Promise<boolean | undefined> {
  if (realCollectionCount === 0) return undefined;
  const answer = await api.list({ session_recording_id: PROBE_RECORDING_ID, limit: 20 });
  const everyResultShown = answer.count <= answer.results.length;
  return realShortIds(answer.results).length === 0 && everyResultShown;
}

/** The short ids of the real playlists holding the recording, by the (honoured) list filter. */
export async function collectionsHolding(api: PlaylistListApi, recordingId: string): Promise<string[]> {
  const first = await api.list({ session_recording_id: recordingId, limit: PAGE });
  if (first.count <= first.results.length) return realShortIds(first.results);
  return realShortIds(await api.allPages({ session_recording_id: recordingId }, { limit: PAGE }));
}

export { mergeMembership };

/** Membership facts per (scope, recording), kept for the most recently touched recordings. */
export function createMembershipFacts(trusted: StorageAreaLike, now: () => number) {
  const store = memoizeItemStore(createItemStore(trusted, membershipFactsItem));
  // Writes of different recordings must not overwrite each other.
  let queue: Promise<unknown> = Promise.resolve();

  function change(key: string, edit: (facts: RecordingFacts) => RecordingFacts): Promise<Membership> {
    const run = queue.then(async () => {
      const all = await store.get();
      const current = all.recordings.find((entry) => entry.key === key) ?? {
        key,
        server: null,
        own: {},
        touchedAt: 0,
      };
      const next = { ...edit(current), touchedAt: now() };
      const others = all.recordings.filter((entry) => entry.key !== key);
      const kept = [next, ...others]
        .sort((a, b) => b.touchedAt - a.touchedAt)
        .slice(0, MEMBERSHIP_RECORDINGS_KEPT);
      await store.set({ version: 1, recordings: kept });
      return mergeMembership(next);
    });
    queue = run.catch(() => undefined);
    return run;
  }

  return {
    async get(key: string): Promise<Membership> {
      await queue;
      const all = await store.get();
      return membershipIn(all, key);
    },
    /**
     * PostHog's complete answer replaces the previous one, dated when it was asked (`askedAt`): own
     * changes made before that yield to it; one made while it was on its way (an undo as the popup
     * opened) is newer than what it says, and stands.
     */
    fromServer: (key: string, holds: string[], askedAt: number) =>
      change(key, (facts) => ({ ...facts, server: { holds, at: askedAt } })),
    /** What Hogmark just did (or found out) for one collection. */
    own: (key: string, shortId: string, holds: boolean) =>
      change(key, (facts) => ({ ...facts, own: { ...facts.own, [shortId]: { holds, at: now() } } })),
    clear: () => store.remove(),
  };
}
export type MembershipFactsStore = ReturnType<typeof createMembershipFacts>;
