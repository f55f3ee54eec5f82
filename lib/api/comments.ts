import { z } from 'zod/mini';
import { lazily } from '../platform/lazy';
import { type ProjectRef, projectPath, segment } from './paths';
import type { NoteBody } from './session-routes';
import type { Transport } from './transport';

/**
 * A note on a recording: PostHog's comment with `scope=Replay` (`CommentSerializer`, reference §4.2).
 * `time_in_recording` is the absolute time of the moment (ISO), not a second (newer players write
 * `milliseconds_into_recording` beside it, as Hogmark does); an emoji reaction says
 * `is_emoji`. Its context is read as unknown, so one odd comment never fails a page of them.
 */
export const NoteSchema = lazily(() =>
  z.looseObject({
    id: z.nullish(z.string()),
    content: z.nullish(z.string()),
    deleted: z.nullish(z.boolean()),
    created_at: z.nullish(z.string()),
    item_id: z.nullish(z.string()),
    item_context: z.nullish(z.unknown()),
  }),
);
export type Note = z.infer<typeof NoteSchema>;
/** A note PostHog has just made: it has its id. */
const MadeNoteSchema = lazily(() => z.extend(NoteSchema, { id: z.string().check(z.minLength(1)) }));
export type MadeNote = z.infer<typeof MadeNoteSchema>;

/** The cursor page of `GET comments/` (`CommentPagination`: newest first, 100 a page, no count). */
export const NotePageSchema = lazily(() =>
  z.looseObject({ next: z.nullish(z.string()), results: z.array(NoteSchema) }),
);

/** A note's moment as PostHog stores it (`item_context.time_in_recording`), if it has one. */
export function noteTime(note: Note): unknown {
  const context = note.item_context;
  return typeof context === 'object' && context !== null
    ? (context as { time_in_recording?: unknown }).time_in_recording
    : undefined;
}

/**
 * Notes on recordings are PostHog's comments with scope `Replay` (reference §4): made with the key
 * where PostHog allows it (`comment:write` on newest builds; older ones refuse keys here), deleted
 * with `PATCH {deleted: true}` (DELETE answers 405).
 */
export function createNotesApi(transport: Transport, project: ProjectRef) {
  return {
    async create(body: NoteBody): Promise<MadeNote> {
      return transport.request({
        method: 'POST',
        path: projectPath(project, 'comments'),
        json: body,
        schema: MadeNoteSchema,
      });
    },

    async remove(noteId: string): Promise<void> {
      await transport.request({
        method: 'PATCH',
        path: projectPath(project, 'comments', segment(noteId, 'note id')),
        json: { deleted: true },
        schema: NoteSchema,
      });
    },

    /** The newest page of a recording's notes: enough to find one just written. */
    async newestOf(recordingId: string): Promise<Note[]> {
      const page = await transport.request({
        method: 'GET',
        path: projectPath(project, 'comments'),
        searchParams: { scope: 'Replay', item_id: recordingId },
        schema: NotePageSchema,
      });
      return page.results;
    },
  };
}
export type NotesApi = ReturnType<typeof createNotesApi>;
