import { z } from 'zod/mini';
import { isAppError } from '../platform/errors';
import { lazily } from '../platform/lazy';
import { createPager, type PageOptions } from './pagination';
import { type ProjectRef, projectPath, segment } from './paths';
import type { RecordingMeta } from './schema/insight';
import {
  type CollectionListFilter,
  type Playlist,
  type PlaylistInput,
  PlaylistRecordingsMetaSchema,
  PlaylistRecordingsSchema,
  PlaylistSchema,
  RecordingChangeSuccessSchema,
} from './schema/playlist';
import type { Transport } from './transport';

/**
 * Which recordings a playlist holds. `known: false` when the server answered with a playlist object
 * (the contract's shape): it names no recordings, so membership is unknown, never guessed.
 */
export type PlaylistRecordings =
  | { known: true; recordingIds: string[]; hasNext: boolean }
  | { known: false; recordingIds: null; hasNext: false };

export interface RecordingChange {
  /** The playlist when the server answered with it (contract), else null (PostHog's `{success}`). */
  playlist: Playlist | null;
}

const RecordingsAnswerSchema = lazily(() => z.union([PlaylistRecordingsSchema, PlaylistSchema]));
const RecordingsMetaAnswerSchema = lazily(() => z.union([PlaylistRecordingsMetaSchema, PlaylistSchema]));

/** One page of a collection's recordings with their metadata; null when the server named none. */
export type PlaylistRecordingsPage = { recordings: RecordingMeta[]; hasNext: boolean } | null;
const RecordingChangeSchema = lazily(() => z.union([PlaylistSchema, RecordingChangeSuccessSchema]));

// PostHog's 400 when a PATCH of a filters-type playlist omits its filters (reference §10.3).
const FILTERS_REQUIRED = /remove all filters/i;

export function createPlaylistsApi(transport: Transport, project: ProjectRef) {
  const listPath = () => projectPath(project, 'session_recording_playlists');
  const one = (shortId: string, ...rest: string[]) =>
    projectPath(project, 'session_recording_playlists', segment(shortId, 'playlist id'), ...rest);
  const pager = createPager(transport, listPath, PlaylistSchema, (item) => item.short_id);

  const get = async (shortId: string): Promise<Playlist> =>
    transport.request({ method: 'GET', path: one(shortId), schema: PlaylistSchema });

  const send = async (shortId: string, body: Partial<PlaylistInput>): Promise<Playlist> =>
    transport.request({ method: 'PATCH', path: one(shortId), json: body, schema: PlaylistSchema });

  /**
   * PostHog rejects any PATCH of a filters-type playlist that lacks its current `filters`. With a
   * known playlist they are added up front; otherwise only PostHog's refusal (a 400, so nothing was
   * applied) makes us fetch the playlist and send once more with them.
   */
  async function update(
    shortId: string,
    changes: Partial<PlaylistInput>,
    known?: Playlist,
  ): Promise<Playlist> {
    const withFilters = (playlist: Playlist) =>
      playlist.type === 'filters' && changes.filters === undefined
        ? { ...changes, filters: playlist.filters }
        : changes;
    if (known && known.short_id === shortId) return send(shortId, withFilters(known));
    try {
      return await send(shortId, changes);
    } catch (error) {
      if (!isAppError(error) || error.kind !== 'validation' || !FILTERS_REQUIRED.test(error.detail ?? ''))
        throw error;
      const current = await get(shortId).catch(() => {
        throw error;
      });
      if (current.type !== 'filters') throw error;
      return send(shortId, withFilters(current));
    }
  }

  return {
    async list(options: CollectionListFilter & PageOptions = {}) {
      return pager.list({
        created_by: options.created_by,
        short_id: options.short_id,
        session_recording_id: options.session_recording_id,
        search: options.search,
        limit: options.limit,
        offset: options.offset,
      });
    },
    all: (filter: CollectionListFilter & { limit?: number } = {}) =>
      pager.all({ created_by: filter.created_by, short_id: filter.short_id, limit: filter.limit }),
    allPages: (filter: CollectionListFilter = {}, options: { concurrency?: number; limit?: number } = {}) =>
      pager.allPages({ created_by: filter.created_by, short_id: filter.short_id }, options),

    get,

    /** `type` defaults to "collection": PostHog requires one, and collections are what hold recordings. */
    async create(input: PlaylistInput): Promise<Playlist> {
      return transport.request({
        method: 'POST',
        path: listPath(),
        json: { type: 'collection', ...input },
        schema: PlaylistSchema,
      });
    },

    update,
    softDelete: (shortId: string, known?: Playlist) => update(shortId, { deleted: true }, known),
    restore: (shortId: string, known?: Playlist) => update(shortId, { deleted: false }, known),

    async recordings(shortId: string): Promise<PlaylistRecordings> {
      const answer = await transport.request({
        method: 'GET',
        path: one(shortId, 'recordings'),
        schema: RecordingsAnswerSchema,
      });
      if ('results' in answer && Array.isArray(answer.results)) {
        const results = answer.results as Array<{ id: string }>;
        return {
          known: true,
          recordingIds: results.map((recording) => recording.id),
          hasNext: answer.has_next === true,
        };
      }
      return { known: false, recordingIds: null, hasNext: false };
    },

    /**
     * A page of the recordings with each one's metadata, in one request (reference §10.5). For a
     * collection, PostHog's newest `recordings` action reads nothing of the query: it lists its items
     * with `date_from: "-1y"` and the default limit, so `limit` and `offset` are ignored and the answer
     * is the newest 50 that started in the last year, `has_next` saying whether it holds more (older
     * builds read both from the query). PostHog offers no other list of a collection's items (its
     * serializer gives only their count, `recordings_counts.collection.count`). Null when the server
     * answered with a playlist object (the contract's shape), which names no recordings.
     */
    async recordingsPage(
      shortId: string,
      page: { limit: number; offset: number },
    ): Promise<PlaylistRecordingsPage> {
      const answer = await transport.request({
        method: 'GET',
        path: one(shortId, 'recordings'),
        searchParams: { limit: page.limit, offset: page.offset },
        schema: RecordingsMetaAnswerSchema,
      });
      if (!('results' in answer) || !Array.isArray(answer.results)) return null;
      return { recordings: answer.results as RecordingMeta[], hasNext: answer.has_next === true };
    },

    /** PostHog refuses keys here with `key-not-allowed`: fall back to `addRecordingRoute` via a session. */
    async addRecording(shortId: string, recordingId: string): Promise<RecordingChange> {
      const answer = await transport.request({
        method: 'POST',
        path: one(shortId, 'recordings', segment(recordingId, 'recording id')),
        json: {},
        schema: RecordingChangeSchema,
        allowEmpty: true,
      });
      return { playlist: answer !== undefined && 'short_id' in answer ? (answer as Playlist) : null };
    },

    /** 200 or 204 with any body. PostHog refuses keys here too (`key-not-allowed`). */
    async removeRecording(shortId: string, recordingId: string): Promise<void> {
      await transport.request({
        method: 'DELETE',
        path: one(shortId, 'recordings', segment(recordingId, 'recording id')),
        schema: z.unknown(),
        allowEmpty: true,
        ignoreBody: true,
      });
    },
  };
}
