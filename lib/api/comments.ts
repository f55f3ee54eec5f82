import { z } from 'zod/mini';
import { type ProjectRef, projectPath, segment } from './paths';
import type { NoteBody } from './session-routes';
import type { Transport } from './transport';

/** What Hogmark reads of a comment (`CommentSerializer`, reference §4.2). */
export const NoteSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  content: z.nullish(z.string()),
  item_id: z.nullish(z.string()),
  item_context: z.nullish(z.looseObject({ time_in_recording: z.nullish(z.string()) })),
  deleted: z.nullish(z.boolean()),
});
export type Note = z.infer<typeof NoteSchema>;

/** The cursor page of `GET comments/` (`CommentPagination`: newest first, 100 a page, no count). */
const NotePageSchema = z.looseObject({ next: z.nullish(z.string()), results: z.array(NoteSchema) });

/**
 * Notes on recordings are PostHog's comments with scope `Replay` (reference §4): made with the key
 * where PostHog allows it (`comment:write` on newest builds; older ones refuse keys here), deleted
 * with `PATCH {deleted: true}` (DELETE answers 405).
 */
export function createNotesApi(transport: Transport, project: ProjectRef) {
  return {
    async create(body: NoteBody): Promise<Note> {
      return transport.request({
        method: 'POST',
        path: projectPath(project, 'comments'),
        json: body,
        schema: NoteSchema,
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
