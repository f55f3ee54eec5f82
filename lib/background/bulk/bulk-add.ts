import { BULK_RECORDINGS_LIMIT, BulkAddAnswerSchema, bulkAddRecordingsRoute } from '../../api/session-routes';
import type { BulkQuestion } from '../../messaging/bulk-ask-messages';
import { canHoldRecordings } from '../../messaging/collection-holding';
import type { Via } from '../../messaging/collection-messages';
import { AppError, isAppError, toAppError, writeMayHaveApplied } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { hasBulkRecordingRoutes } from '../../posthog/origins';
import type { CollectionScope, CollectionService } from '../collections/collections';
import { sessionFailure } from '../recordings/key-or-session';
import type { RecordingTarget } from '../recordings/quick-add';
import type { RecordingActions, RecordingActionsDeps } from '../recordings/recording-actions';

/** Recordings taken from one selection or page at most: five `bulk_add` requests on PostHog. */
export const BULK_ADD_LIMIT = 100;
/** Recordings added without asking first; more, and the user says Yes before anything is sent. */
export const BULK_ADD_UNASKED = 20;

export interface BulkAddDeps {
  playlists: CollectionService;
  actions: RecordingActions;
  /** The session bridge's `forward`. */
  forward: RecordingActionsDeps['forward'];
  /**
   * Origins whose PostHog has `bulk_add` (default: `hasBulkRecordingRoutes`, PostHog Cloud's, always
   * the newest). An older self-hosted PostHog would read `…/recordings/bulk_add/` as a recording
   * named `bulk_add`.
   */
  hasBulkAdd?: (origin: string) => boolean;
  /**
   * Asks the user before more than `BULK_ADD_UNASKED` recordings, or recordings of a project other
   * than the connected one, are added (bulk-ask.ts); true only for a Yes.
   */
  confirm: (question: BulkQuestion) => Promise<boolean>;
}

export interface BulkAddResult {
  /**
   * `none-found`: no recording on the connected PostHog; `needs-choice`: no last-used collection;
   * `declined`: the user said No (or did not answer) when asked first.
   */
  outcome: 'done' | 'none-found' | 'needs-choice' | 'declined';
  playlistName?: string;
  /** The project the recordings were added in (when any were tried). */
  projectId?: number;
  /** Recordings that were not in the collection and now are. */
  added: number;
  /** Recordings the collection already held. */
  already: number;
  failed: Array<{ recordingId: string; message: string }>;
  /** Left out: recordings on another PostHog, of another project, and past `BULK_ADD_LIMIT`. */
  elsewhere: number;
  otherProject: number;
  overLimit: number;
  via?: Via;
}

type Tally = Pick<BulkAddResult, 'added' | 'already' | 'failed'> & { via?: Via };

/** Splits ids into runs of at most `size` (PostHog's bulk routes take 20). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += size) runs.push(items.slice(start, start + size));
  return runs;
}

/** The project most links name; links without one (legacy) follow the user's project. */
function projectOf(recordings: readonly RecordingTarget[]): number | undefined {
  const counts = new Map<number, number>();
  for (const { projectId } of recordings) {
    if (projectId !== null) counts.set(projectId, (counts.get(projectId) ?? 0) + 1);
  }
  let best: number | undefined;
  for (const [projectId, count] of counts) {
    if (best === undefined || count > (counts.get(best) ?? 0)) best = projectId;
  }
  return best;
}

/**
 * Adds many recordings to the last-used collection: where PostHog has `bulk_add` (Cloud), through
 * the signed-in tab, 20 at a time; elsewhere one by one through the recording actions, each the way
 * a single add goes there (the key first, then the session). The first failure stops it: what is
 * left is reported with that failure, not tried (the same refusal would only repeat).
 */
export function createBulkAdd(deps: BulkAddDeps) {
  const { playlists } = deps;
  const hasBulkAdd = deps.hasBulkAdd ?? hasBulkRecordingRoutes;

  const failAll = (ids: readonly string[], error: unknown) => {
    const message = toAppError(error).userMessage();
    return ids.map((recordingId) => ({ recordingId, message }));
  };

  async function oneByOne(scope: CollectionScope, shortId: string, ids: readonly string[]): Promise<Tally> {
    const tally: Tally = { added: 0, already: 0, failed: [] };
    for (const [index, recordingId] of ids.entries()) {
      try {
        const result = await deps.actions.add({ projectId: scope.projectId, shortId, recordingId });
        if (result.outcome === 'already') tally.already += 1;
        else tally.added += 1;
        if (result.via) tally.via = tally.via === 'session' ? 'session' : result.via;
      } catch (error) {
        tally.failed.push(...failAll(ids.slice(index), error));
        break;
      }
    }
    return tally;
  }

  /** One `bulk_add`; when its answer is lost, the collection is read once to see which got in. */
  async function bulkOnce(scope: CollectionScope, shortId: string, ids: string[]): Promise<Tally> {
    const { origin } = scope.connection;
    try {
      const answer = await deps.forward(origin, bulkAddRecordingsRoute(scope.projectId, shortId, ids));
      if (answer.status < 200 || answer.status > 299) throw sessionFailure(answer);
      const parsed = BulkAddAnswerSchema.safeParse(answer.body);
      if (!parsed.success) throw new AppError('invalid-response', { detail: 'bulk_add answer' });
      const added = Math.min(parsed.data.added_count, ids.length);
      await Promise.all(ids.map((id) => playlists.recordOwn(scope, id, shortId, true)));
      return { added, already: ids.length - added, failed: [], via: 'session' };
    } catch (thrown) {
      const error = toAppError(thrown);
      if (!writeMayHaveApplied(error)) throw error;
      const held = await playlists
        .api(scope)
        .recordings(shortId)
        .catch(() => null);
      const tally: Tally = { added: 0, already: 0, failed: [], via: 'session' };
      const unknown = new AppError('outcome-unknown', { cause: error });
      for (const id of ids) {
        if (held?.known && held.recordingIds.includes(id)) {
          tally.added += 1;
          await playlists.recordOwn(scope, id, shortId, true);
        } else {
          const proven = held?.known === true && !held.hasNext;
          tally.failed.push(...failAll([id], proven ? error : unknown));
        }
      }
      return tally;
    }
  }

  async function inBulk(scope: CollectionScope, shortId: string, ids: readonly string[]): Promise<Tally> {
    const tally: Tally = { added: 0, already: 0, failed: [], via: 'session' };
    const runs = chunk(ids, BULK_RECORDINGS_LIMIT);
    for (const [index, run] of runs.entries()) {
      let result: Tally;
      try {
        result = await bulkOnce(scope, shortId, run);
      } catch (error) {
        // Deleted in PostHog meanwhile: it leaves the list, so nobody picks it again.
        if (isAppError(error) && error.kind === 'not-found') await playlists.drop(scope, shortId);
        tally.failed.push(...failAll(runs.slice(index).flat(), error));
        break;
      }
      tally.added += result.added;
      tally.already += result.already;
      tally.failed.push(...result.failed);
      if (result.failed.length > 0) {
        const reason = result.failed[0]?.message ?? '';
        const rest = runs.slice(index + 1).flat();
        tally.failed.push(...rest.map((recordingId) => ({ recordingId, message: reason })));
        break;
      }
    }
    return tally;
  }

  return {
    /**
     * Recordings from links (deduplicated): those of the connected PostHog and of one project go in,
     * the project most links name; the user is asked first when that is not the connected project or
     * when there are more than `BULK_ADD_UNASKED`.
     */
    async add(targets: readonly RecordingTarget[]): Promise<BulkAddResult> {
      const base = await playlists.scopeOf();
      const here = targets.filter((target) => target.origin === base.connection.origin);
      const empty = { added: 0, already: 0, failed: [], otherProject: 0, overLimit: 0 };
      const elsewhere = targets.length - here.length;
      if (here.length === 0) return { outcome: 'none-found', ...empty, elsewhere };
      const projectId = projectOf(here) ?? base.projectId;
      const scope = projectId === base.projectId ? base : await playlists.scopeOf(projectId);
      const inProject = here.filter((target) => (target.projectId ?? scope.projectId) === scope.projectId);
      const ids = inProject.slice(0, BULK_ADD_LIMIT).map((target) => target.recordingId);
      const leftOut = {
        elsewhere,
        otherProject: here.length - inProject.length,
        overLimit: inProject.length - ids.length,
      };
      const { lastUsed } = await playlists.prefs(scope);
      if (!lastUsed) return { outcome: 'needs-choice', ...empty, ...leftOut };

      let playlistName: string | undefined;
      let tally: Tally;
      try {
        const entry = await playlists.entry(scope, lastUsed);
        playlistName = entry.name;
        if (!canHoldRecordings(entry)) {
          const detail = t(entry.kind === 'filters' ? 'playlistIsSavedFilter' : 'playlistIsSynthetic');
          throw new AppError('invalid-input', { detail });
        }
        const otherProject =
          scope.projectId === base.projectId
            ? {}
            : { otherProject: { named: scope.projectId, connected: base.projectId } };
        if (ids.length > BULK_ADD_UNASKED || scope.projectId !== base.projectId) {
          const question = { count: ids.length, playlistName: entry.name, ...otherProject };
          if (!(await deps.confirm(question))) return { outcome: 'declined', ...empty, ...leftOut };
        }
        tally = hasBulkAdd(scope.connection.origin)
          ? await inBulk(scope, lastUsed, ids)
          : await oneByOne(scope, lastUsed, ids);
      } catch (error) {
        // Deleted in PostHog meanwhile: it leaves the list, so nobody picks it again.
        if (isAppError(error) && error.kind === 'not-found') await playlists.drop(scope, lastUsed);
        tally = { added: 0, already: 0, failed: failAll(ids, error) };
      }
      if (tally.added > 0) await playlists.markUsed(scope, lastUsed, playlistName);
      return {
        outcome: 'done',
        projectId: scope.projectId,
        ...(playlistName === undefined ? {} : { playlistName }),
        ...tally,
        ...leftOut,
      };
    },
  };
}
export type BulkAdd = ReturnType<typeof createBulkAdd>;
