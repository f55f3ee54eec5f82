import type { PendingChange } from '../../messaging/pending-messages';
import { AppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { CollectionService } from '../collections/collections';
import type { RecordingActions } from './recording-actions';

/**
 * Makes one pending change through the same path as a click (recording-actions.ts): the key or the
 * signed-in PostHog tab, one request, membership recorded. `checkFirst`: an earlier try may have
 * been made although its answer was lost, so PostHog is read first and nothing is sent when it
 * already holds what was asked.
 */
export async function applyPendingChange(
  services: { playlists: CollectionService; actions: RecordingActions },
  change: PendingChange,
  options: { checkFirst: boolean },
): Promise<void> {
  const { playlists, actions } = services;
  const scope = await playlists.scopeOf(change.projectId);
  // Another PostHog was connected meanwhile: this change belongs to the old one.
  if (scope.connection.origin !== change.origin) {
    throw new AppError('invalid-input', {
      detail: t('contextOtherOrigin', change.origin, scope.connection.origin),
    });
  }
  const wanted = change.direction === 'add';
  const note = wanted ? change.note : undefined;
  if (options.checkFirst) {
    const holds = await playlists.holds(scope, change.shortId, change.recordingId);
    if (holds === wanted) {
      await playlists.recordOwn(scope, change.recordingId, change.shortId, wanted);
      // Made already; its note (if any) is still to write: the add below answers "already" and writes it.
      if (!note) return;
    }
  }
  const input = { projectId: change.projectId, shortId: change.shortId, recordingId: change.recordingId };
  // Through a page's session, only as the PostHog user it was kept for and from a tab of the Firefox
  // container it was asked from (a page signed in as someone else does not make it: it keeps waiting).
  const keptFor = {
    ...(change.user ? { user: change.user } : {}),
    ...(change.container ? { container: change.container } : {}),
  };
  const result = await (wanted
    ? actions.add(note ? { ...input, note } : input, undefined, keptFor)
    : actions.remove(input, keptFor));
  // The add is made but its note is not: the change keeps waiting for the note alone.
  if (result.note && !result.note.saved) throw AppError.fromJSON(result.note.error);
}
