import { AppError } from '../platform/errors';
import { lazily } from '../platform/lazy';
import { type Note, NotePageSchema } from './comments';
import { intSegment, type ProjectRef, projectPath, segment } from './paths';
import {
  type InsightBasic,
  InsightBasicSchema,
  NotebookSchema,
  type RecordingMeta,
  RecordingMetaSchema,
} from './schema/insight';
import { paginated } from './schema/paginated';
import { type SharingConfiguration, SharingConfigurationSchema } from './schema/sharing';
import type { Transport } from './transport';

const InsightPageSchema = lazily(() => paginated(InsightBasicSchema));

/** Pages of a recording's comments read at most (100 each): a review doc, not an archive. */
export const MAX_COMMENT_PAGES = 5;

export interface RecordingComments {
  comments: Note[];
  /** False when PostHog had more than `MAX_COMMENT_PAGES` pages. */
  complete: boolean;
}

/**
 * The reads behind an insight's, a notebook's and a recording's links, a recording's face and its
 * notes (reference §1, §4-7). Insights are
 * found by `short_id` through the list filter, which every PostHog version has (older ones take only
 * the numeric id in the path); their sharing route takes only the numeric id.
 */
export function createItemReadsApi(transport: Transport, project: ProjectRef) {
  return {
    async insightByShortId(shortId: string): Promise<InsightBasic> {
      const page = await transport.request({
        method: 'GET',
        path: projectPath(project, 'insights'),
        searchParams: { short_id: shortId, basic: 'true' },
        schema: InsightPageSchema,
      });
      // The filter is exact, but the answer is checked: another insight's id would share the wrong one.
      const insight = page.results.find((result) => result.short_id === shortId);
      if (!insight) throw new AppError('not-found');
      return insight;
    },

    async insightSharing(insightId: number): Promise<SharingConfiguration> {
      return transport.request({
        method: 'GET',
        path: projectPath(project, 'insights', intSegment(insightId, 'insight id'), 'sharing'),
        schema: SharingConfigurationSchema,
      });
    },

    async recordingSharing(recordingId: string): Promise<SharingConfiguration> {
      return transport.request({
        method: 'GET',
        path: projectPath(project, 'session_recordings', segment(recordingId, 'recording id'), 'sharing'),
        schema: SharingConfigurationSchema,
      });
    },

    /** One recording's metadata (`session_recording:read`); 404 "Recording not found" when none. */
    async recording(recordingId: string): Promise<RecordingMeta> {
      return transport.request({
        method: 'GET',
        path: projectPath(project, 'session_recordings', segment(recordingId, 'recording id')),
        schema: RecordingMetaSchema,
      });
    },

    /**
     * A recording's notes: its comments with `scope=Replay`, newest first (`comment:read`; older
     * PostHog refuses keys here, `key-not-allowed`), following PostHog's cursor as it wrote it.
     */
    async recordingComments(recordingId: string): Promise<RecordingComments> {
      const comments: Note[] = [];
      const seen = new Set<string>();
      let page = await transport.request({
        method: 'GET',
        path: projectPath(project, 'comments'),
        searchParams: { scope: 'Replay', item_id: recordingId },
        schema: NotePageSchema,
      });
      for (let read = 1; ; read++) {
        comments.push(...page.results);
        if (!page.next || page.results.length === 0) return { comments, complete: true };
        const next = transport.sameOriginPath(page.next);
        // A cursor that points back where it was would otherwise loop.
        if (seen.has(next)) return { comments, complete: true };
        if (read >= MAX_COMMENT_PAGES) return { comments, complete: false };
        seen.add(next);
        page = await transport.request({ method: 'GET', path: next, schema: NotePageSchema });
      }
    },

    async notebookTitle(shortId: string): Promise<string | null> {
      const notebook = await transport.request({
        method: 'GET',
        path: projectPath(project, 'notebooks', segment(shortId, 'notebook id')),
        schema: NotebookSchema,
      });
      return notebook.title ?? null;
    },
  };
}
export type ItemReadsApi = ReturnType<typeof createItemReadsApi>;
