import { fail, serverError, validationError } from '../errors';
import type { Reply } from '../http';
import type { ProjectCtx } from '../router';
import { playlistJson } from '../serializers/playlists';
import { recordingJson } from '../serializers/recordings';
import { findSynthetic, requirePlaylist } from './playlists';

/** `SESSION_RECORDINGS_DEFAULT_LIMIT`: what one list gives when no limit reaches the query. */
const PAGE = 50;

/**
 * Endpoint 17. The contract says it answers the playlist object; PostHog answers the recordings
 * (`{results, has_next, version}`). Only recordings this server knows are listed, as PostHog lists only
 * those it still has data for; a saved-filters playlist "matches" every recording of the project. For a
 * collection, PostHog's newest `recordings` action builds `RecordingsQuery(session_ids=<items>,
 * date_from="-1y", date_to=None)` and reads nothing of the request: `limit` and `offset` are ignored,
 * and the answer is the newest 50 (by start) of its items, with `has_next` when it holds more. The
 * year's window is not modelled: the seeds' recordings are dated in 2025 and would all fall out of it.
 */
export function listPlaylistRecordings(ctx: ProjectCtx): Reply {
  if (ctx.flavor === 'contract') {
    return { status: 200, json: playlistJson(requirePlaylist(ctx), ctx.state, ctx.flavor) };
  }
  if (findSynthetic(ctx)) return { status: 200, json: { results: [], has_next: false, version: 4 } };
  const playlist = requirePlaylist(ctx);
  const inProject = ctx.state.recordings.filter((recording) => recording.projectId === ctx.project.id);
  const recordings =
    playlist.type === 'filters'
      ? inProject
      : inProject
          .filter((recording) => playlist.recordingIds.includes(recording.id))
          .sort((a, b) => Date.parse(b.startTime) - Date.parse(a.startTime));
  return {
    status: 200,
    json: {
      results: recordings
        .slice(0, PAGE)
        .map((recording) => recordingJson(ctx.state, recording, 'list', ctx.user.id)),
      has_next: recordings.length > PAGE,
      version: 4,
    },
  };
}

/** Endpoint 18: idempotent. Contract: 200 with the playlist. PostHog: 200 `{success:true}`. */
export function addRecordingToPlaylist(ctx: ProjectCtx): Reply {
  if (findSynthetic(ctx)) return fail(serverError());
  const playlist = requirePlaylist(ctx);
  const recordingId = ctx.params.recording_id ?? '';
  if (ctx.flavor === 'posthog' && playlist.type === 'filters') {
    fail(validationError("Cannot add recordings to a playlist that is type 'filters'."));
  }
  if (!playlist.recordingIds.includes(recordingId)) playlist.recordingIds.push(recordingId);
  if (ctx.flavor === 'contract') return { status: 200, json: playlistJson(playlist, ctx.state, ctx.flavor) };
  return { status: 200, json: { success: true } };
}

/**
 * Endpoint 19. Contract: 204, empty (also when it was not there). PostHog: 200 `{success:true}`, and
 * its unhandled DoesNotExist (500) when the recording is not in the playlist.
 */
export function removeRecordingFromPlaylist(ctx: ProjectCtx): Reply {
  if (findSynthetic(ctx)) return fail(serverError());
  const playlist = requirePlaylist(ctx);
  const index = playlist.recordingIds.indexOf(ctx.params.recording_id ?? '');
  if (ctx.flavor === 'contract') {
    if (index >= 0) playlist.recordingIds.splice(index, 1);
    return { status: 204 };
  }
  if (index < 0) return fail(serverError());
  playlist.recordingIds.splice(index, 1);
  return { status: 200, json: { success: true } };
}

/** The body both bulk routes read, checked as PostHog checks it (a non-empty list of at most 20). */
function bulkIds(ctx: ProjectCtx): string[] {
  const ids = (ctx.body as { session_recording_ids?: unknown } | null)?.session_recording_ids;
  if (!Array.isArray(ids) || ids.length === 0) {
    return fail(validationError('session_recording_ids must be provided as a non-empty array'));
  }
  if (ids.length > 20) return fail(validationError('Cannot process more than 20 recordings at once'));
  return ids.map(String);
}

/**
 * PostHog's session-only `bulk_add_recordings` (posthog flavor): 200 with how many were new. A
 * synthetic playlist is no row, so nothing is added to it (PostHog logs each failure and goes on).
 */
export function bulkAddToPlaylist(ctx: ProjectCtx): Reply {
  const synthetic = findSynthetic(ctx);
  const playlist = synthetic ? null : requirePlaylist(ctx);
  const ids = bulkIds(ctx);
  if (playlist?.type === 'filters') {
    fail(validationError("Cannot add recordings to a playlist that is type 'filters'."));
  }
  let added = 0;
  for (const id of ids) {
    if (playlist && !playlist.recordingIds.includes(id)) {
      playlist.recordingIds.push(id);
      added += 1;
    }
  }
  return { status: 200, json: { success: true, added_count: added, total_requested: ids.length } };
}

/**
 * PostHog's session-only `bulk_delete_recordings`: ids that are not there are skipped (no 500, unlike
 * the single DELETE), and it does not check the playlist's type.
 */
export function bulkDeleteFromPlaylist(ctx: ProjectCtx): Reply {
  const synthetic = findSynthetic(ctx);
  const playlist = synthetic ? null : requirePlaylist(ctx);
  const ids = bulkIds(ctx);
  let deleted = 0;
  for (const id of ids) {
    const index = playlist ? playlist.recordingIds.indexOf(id) : -1;
    if (playlist && index >= 0) {
      playlist.recordingIds.splice(index, 1);
      deleted += 1;
    }
  }
  return { status: 200, json: { success: true, deleted_count: deleted, total_requested: ids.length } };
}
