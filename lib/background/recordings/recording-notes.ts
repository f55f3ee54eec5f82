import { type NotesApi, noteTime } from '../../api/comments';
import {
  createNoteRoute,
  deleteNoteRoute,
  type NoteBody,
  noteBody,
  type SessionRoute,
} from '../../api/session-routes';
import type { Via } from '../../messaging/collection-messages';
import { AppError, isAppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { settleWrite } from '../../platform/write-outcome';
import type { CollectionScope } from '../collections/collections';
import type { KeptFor, SessionForward } from '../session/session-bridge';
import { sessionFailure } from './key-or-session';

/** A note written on a recording: PostHog's comment id, how it went, at which second. */
export interface SavedNote {
  id: string;
  via: Via;
  second: number;
}

export interface RecordingNotesDeps {
  api: (scope: CollectionScope, signal?: AbortSignal) => NotesApi;
  forward: SessionForward;
  /** When the recording started, as PostHog's metadata says (read with the key, kept ten minutes). */
  startOf: (projectId: number, recordingId: string) => Promise<string | null>;
}

/** PostHog refusing the key on comments: older builds (scope INTERNAL), or a key without `comment:write`. */
const refusesKey = (error: unknown) =>
  isAppError(error) && (error.kind === 'key-not-allowed' || error.kind === 'missing-scope');

const idOf = (body: unknown): string | undefined => {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
};

/**
 * Notes on recordings, as PostHog's own player writes them: a comment with scope `Replay` whose
 * `time_in_recording` is the recording's start plus the second (an absolute time), and
 * `milliseconds_into_recording` the second in milliseconds. With the key where
 * PostHog allows it, else through the signed-in tab; a lost answer is read back, never sent twice.
 */
export function createRecordingNotes(deps: RecordingNotesDeps) {
  async function viaSession(
    scope: CollectionScope,
    route: SessionRoute,
    signal: AbortSignal,
    keptFor?: KeptFor,
  ) {
    const answer = await deps.forward(scope.connection.origin, route, signal, keptFor);
    if (answer.status < 200 || answer.status > 299) throw sessionFailure(answer);
    return answer.body;
  }

  /** The same note among the recording's newest ones, read with the key: made, not made, or no telling. */
  async function find(scope: CollectionScope, body: NoteBody): Promise<string | null | undefined> {
    try {
      const notes = await deps.api(scope).newestOf(body.item_id);
      const same = notes.find(
        (note) =>
          note.content === body.content &&
          noteTime(note) === body.item_context.time_in_recording &&
          note.deleted !== true,
      );
      return same?.id ?? null;
    } catch {
      return undefined;
    }
  }

  return {
    async save(
      scope: CollectionScope,
      recordingId: string,
      note: { text: string; second: number; startedAt?: string },
      signal: AbortSignal,
      /** A kept add's note: through a page's session only as its user, from its container. */
      keptFor?: KeptFor,
    ): Promise<SavedNote> {
      let start: string | null = null;
      try {
        start = await deps.startOf(scope.projectId, recordingId);
      } catch (error) {
        // A session PostHog has not ingested yet (the user's own, just now): the site's start stands in.
        if (note.startedAt === undefined) throw error;
      }
      start ??= note.startedAt ?? null;
      if (start === null || !Number.isFinite(Date.parse(start))) {
        throw new AppError('invalid-input', { detail: t('noteNoStart') });
      }
      const body = noteBody(recordingId, note.text.trim(), new Date(Date.parse(start)), note.second);
      let via: Via = 'key';
      let found: string | undefined;
      const id = await settleWrite<string>({
        write: async () => {
          try {
            const made = await deps.api(scope, signal).create(body);
            return made.id;
          } catch (error) {
            if (!refusesKey(error)) throw error;
          }
          via = 'session';
          const made = idOf(await viaSession(scope, createNoteRoute(scope.projectId, body), signal, keptFor));
          if (!made) throw new AppError('validation', { detail: 'PostHog answered the note without its id' });
          return made;
        },
        readBack: async () => {
          const same = await find(scope, body);
          if (same === undefined) return 'unknown';
          found = same ?? undefined;
          return same ? 'applied' : 'not-applied';
        },
        applied: async () => found as string,
        cancelled: () => signal.aborted,
      });
      return { id, via, second: note.second };
    },

    /** Undo: the note deleted the way PostHog deletes comments, the way it was made. */
    async remove(
      scope: CollectionScope,
      note: SavedNote,
      signal: AbortSignal,
      /** The container the note was made in (its add's), for the page's session. */
      keptFor?: KeptFor,
    ): Promise<void> {
      if (note.via === 'key') {
        try {
          await deps.api(scope, signal).remove(note.id);
          return;
        } catch (error) {
          if (!refusesKey(error)) throw error;
        }
      }
      await viaSession(scope, deleteNoteRoute(scope.projectId, note.id), signal, keptFor);
    },
  };
}
export type RecordingNotes = ReturnType<typeof createRecordingNotes>;
