import type { Playlist, State } from '../state';
import { findUser } from '../state';
import type { Flavor } from '../types';
import { userSummary } from './users';

/** SessionRecordingPlaylistSerializer. The contract flavor sends exactly the contract's 12 fields. */
export function playlistJson(playlist: Playlist, state: State, flavor: Flavor): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: playlist.id,
    short_id: playlist.shortId,
    name: flavor === 'contract' ? (playlist.name ?? '') : playlist.name,
    derived_name: flavor === 'contract' ? (playlist.derivedName ?? '') : playlist.derivedName,
    description: playlist.description,
    pinned: playlist.pinned,
    created_at: playlist.createdAt,
    created_by: userSummary(findUser(state, playlist.createdBy), flavor),
    deleted: playlist.deleted,
    filters: playlist.filters,
    last_modified_at: playlist.lastModifiedAt,
    last_modified_by: userSummary(findUser(state, playlist.lastModifiedBy), flavor),
  };
  if (flavor === 'posthog') {
    const isCollection = playlist.type === 'collection';
    json.recordings_counts = {
      saved_filters: {
        count: isCollection ? null : 0,
        has_more: isCollection ? null : false,
        watched_count: 0,
        increased: null,
        last_refreshed_at: null,
      },
      // `count_collection_recordings`: `count` is null, not 0, for an empty collection.
      collection: { count: playlist.recordingIds.length || null, watched_count: 0 },
    };
    json.type = playlist.type;
    json.is_synthetic = false;
  }
  return json;
}

/** PostHog's synthetic playlists (posthog flavor): not rows, negative ids, counted in lists. */
export const SYNTHETIC_PLAYLISTS = [
  {
    id: -1,
    shortId: 'synthetic-watch-history',
    name: 'Watch history',
    description: 'Recordings you have watched',
  },
  {
    id: -2,
    shortId: 'synthetic-commented',
    name: 'Recordings with comments',
    description: 'Commented recordings',
  },
  {
    id: -3,
    shortId: 'synthetic-shared',
    name: 'Shared recordings',
    description: 'Recordings shared publicly',
  },
  { id: -4, shortId: 'synthetic-exported', name: 'Exported recordings', description: 'Recordings exported' },
] as const;

export type SyntheticPlaylist = (typeof SYNTHETIC_PLAYLISTS)[number];

export function syntheticJson(synthetic: SyntheticPlaylist): Record<string, unknown> {
  return {
    id: synthetic.id,
    short_id: synthetic.shortId,
    name: synthetic.name,
    derived_name: null,
    description: synthetic.description,
    pinned: false,
    created_at: null,
    created_by: null,
    deleted: false,
    filters: {},
    last_modified_at: null,
    last_modified_by: null,
    recordings_counts: {
      saved_filters: {
        count: null,
        has_more: null,
        watched_count: 0,
        increased: null,
        last_refreshed_at: null,
      },
      // `count_synthetic_playlist`: nothing here is watched or shared, so null (not 0).
      collection: {
        count: null,
        has_more: false,
        watched_count: 0,
        increased: null,
        last_refreshed_at: null,
      },
    },
    type: 'collection',
    is_synthetic: true,
  };
}
