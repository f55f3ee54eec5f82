import type { Note } from '../../api/comments';
import type { ItemReadsApi } from '../../api/insights';
import type { createPlaylistsApi } from '../../api/playlists';
import type { MessageInput, MessageOutput } from '../../messaging/messages';
import {
  MAX_NOTE_LENGTH,
  MAX_RECORDING_NOTES,
  MAX_REVIEW_RECORDINGS,
} from '../../messaging/review-doc-messages';
import { isAppError, serializeError } from '../../platform/errors';
import { isRecordingId } from '../../posthog/context';
import { playlistLink, recordingLink } from '../../posthog/links';
import type { Connection } from '../settings/settings';
import { faceOf } from './item-links';

export interface ReviewDocApi {
  playlists: Pick<ReturnType<typeof createPlaylistsApi>, 'get' | 'recordingsPage'>;
  items: Pick<ItemReadsApi, 'recordingComments'>;
}

export interface ReviewDocDeps {
  connection: () => Promise<Connection>;
  api: (connection: Connection, projectId: number) => ReviewDocApi;
  /** Recordings' comments read at once (default 4). */
  concurrency?: number;
}

/** Recordings asked for in one list request: PostHog's default is 50. */
export const RECORDINGS_PAGE = 100;

type Notes = NonNullable<MessageOutput<'recordings/notes'>['recordings'][number]['notes']>;
type NotesAnswer = MessageOutput<'recordings/notes'>['recordings'][number];

/** Whole seconds from the recording's start to the note's moment; null when either is unknown. */
export function noteSecond(timeInRecording: unknown, startTime: string | null): number | null {
  if (typeof timeInRecording !== 'string' || startTime === null) return null;
  const at = Date.parse(timeInRecording);
  const start = Date.parse(startTime);
  if (!Number.isFinite(at) || !Number.isFinite(start)) return null;
  return Math.max(0, Math.floor((at - start) / 1000));
}

function contextOf(comment: Note): { time?: unknown; emoji: boolean } {
  const context = comment.item_context;
  if (typeof context !== 'object' || context === null) return { emoji: false };
  const { time_in_recording: time, is_emoji: emoji } = context as Record<string, unknown>;
  return { time, emoji: emoji === true };
}

/** `recordings_counts.collection.count`: how many recordings the collection's items are, if PostHog said. */
export function collectionCount(counts: Record<string, unknown> | null | undefined): number | null {
  const collection = counts?.collection;
  const count =
    typeof collection === 'object' && collection !== null
      ? (collection as { count?: unknown }).count
      : undefined;
  return Number.isSafeInteger(count) && (count as number) >= 0 ? (count as number) : null;
}

function shortened(text: string): string {
  return text.length <= MAX_NOTE_LENGTH ? text : `${text.slice(0, MAX_NOTE_LENGTH - 1)}…`;
}

/**
 * A collection as a review doc, read with the key: the collection and its recordings with their
 * metadata from the list PostHog gives (no request per recording), then each recording's notes
 * (`comment:read`) a few at a time. Refusals of notes are answered per recording, never thrown, so
 * the doc is made with what could be read.
 */
export function createReviewDoc(deps: ReviewDocDeps) {
  const concurrency = Math.max(1, deps.concurrency ?? 4);

  /**
   * Pages of the list until PostHog says it has no more or the doc is full; `more` when it held more.
   * PostHog's newest `…/recordings/` of a collection reads neither `limit` nor `offset` (the newest 50
   * of the last year, and `has_next`): a page shorter than asked that says there is more is all it
   * gives, so nothing more is asked.
   */
  async function recordingsOf(api: ReviewDocApi, shortId: string) {
    const found = new Map<string, Parameters<typeof faceOf>[0]>();
    for (;;) {
      const page = await api.playlists.recordingsPage(shortId, {
        limit: RECORDINGS_PAGE,
        offset: found.size,
      });
      if (page === null) return { recordings: [], more: false };
      const before = found.size;
      for (const meta of page.recordings) {
        if (found.size < MAX_REVIEW_RECORDINGS && isRecordingId(meta.id) && !found.has(meta.id))
          found.set(meta.id, meta);
      }
      // A server that ignores `offset` answers the same page again: what it holds past it is not read.
      const full = found.size >= MAX_REVIEW_RECORDINGS;
      const ignoresLimit = page.recordings.length < RECORDINGS_PAGE;
      if (!page.hasNext || full || ignoresLimit || found.size === before)
        return { recordings: [...found.values()], more: page.hasNext };
    }
  }

  async function notesOf(
    api: ReviewDocApi,
    ref: { origin: string; projectId: number; recordingId: string },
    startTime: string | null,
  ): Promise<Notes> {
    const { comments } = await api.items.recordingComments(ref.recordingId);
    const notes: Array<Notes[number] & { order: number }> = [];
    // PostHog lists the newest first; notes at the same second keep the order they were written in.
    [...comments].reverse().forEach((comment, order) => {
      const text = comment.content?.trim();
      const { time, emoji } = contextOf(comment);
      if (comment.deleted === true || emoji || !text) return;
      const second = noteSecond(time, startTime);
      notes.push({ text: shortened(text), second, link: recordingLink(ref, second ?? undefined), order });
    });
    const at = (note: { second: number | null }) => note.second ?? Number.POSITIVE_INFINITY;
    return notes
      .sort((a, b) => at(a) - at(b) || a.order - b.order)
      .slice(0, MAX_RECORDING_NOTES)
      .map(({ order: _order, ...note }) => note);
  }

  return {
    async collection(
      input: MessageInput<'playlists/review-doc'>,
    ): Promise<MessageOutput<'playlists/review-doc'>> {
      const connection = await deps.connection();
      const { projectId, shortId } = input;
      const api = deps.api(connection, projectId);
      const [playlist, { recordings, more }] = await Promise.all([
        api.playlists.get(shortId),
        recordingsOf(api, shortId),
      ]);
      const origin = connection.origin;
      return {
        name: (playlist.name?.trim() || playlist.derived_name?.trim() || '').slice(0, 500),
        url: playlistLink({ origin, projectId, shortId }),
        recordings: recordings.map((meta) => {
          // Bounded as every face is (faceOf): the person cut, a start address too long left out.
          const { kind: _kind, ...face } = faceOf(meta);
          return {
            recordingId: meta.id,
            link: recordingLink({ origin, projectId, recordingId: meta.id, t: undefined }),
            face,
          };
        }),
        more,
        total: collectionCount(playlist.recordings_counts),
      };
    },

    async notes(input: MessageInput<'recordings/notes'>): Promise<MessageOutput<'recordings/notes'>> {
      const connection = await deps.connection();
      const { projectId } = input;
      const api = deps.api(connection, projectId);
      const answers: NotesAnswer[] = new Array(input.recordings.length);
      // Keys PostHog refuses here are refused for every recording: one refusal answers for the rest.
      let refusal: NotesAnswer['error'];
      let cursor = 0;
      const worker = async () => {
        while (cursor < input.recordings.length) {
          const index = cursor++;
          const { recordingId, startTime } = input.recordings[index] as (typeof input.recordings)[number];
          if (refusal) {
            answers[index] = { recordingId, notes: null, error: refusal };
            continue;
          }
          try {
            const ref = { origin: connection.origin, projectId, recordingId };
            answers[index] = { recordingId, notes: await notesOf(api, ref, startTime) };
          } catch (error) {
            const serialized = serializeError(error);
            if (isAppError(error) && (error.kind === 'key-not-allowed' || error.kind === 'missing-scope'))
              refusal = serialized;
            answers[index] = { recordingId, notes: null, error: serialized };
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, input.recordings.length) }, worker));
      return { recordings: answers };
    },
  };
}
export type ReviewDocService = ReturnType<typeof createReviewDoc>;
