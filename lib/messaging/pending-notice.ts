import { t } from '../platform/i18n';
import { recordingName } from '../posthog/recording-names';
import type { PendingNotice } from './pending-messages';

/*
 * The sentences of pending changes, apart from their schemas: the popup shows them without loading
 * zod (the messages' schemas are checked in the background).
 */

/** What became of a pending change, in one sentence (the popup's notice, the toolbar button's title). */
export function noticeSentence(notice: PendingNotice): string {
  const recording = recordingName(notice.face, notice.recordingId);
  if (notice.outcome === 'applied') {
    return t(
      notice.direction === 'add' ? 'pendingDoneAdd' : 'pendingDoneRemove',
      recording,
      notice.playlistName,
    );
  }
  const why = notice.message ?? t('error_unknown');
  return t(
    notice.direction === 'add' ? 'pendingFailedAdd' : 'pendingFailedRemove',
    recording,
    notice.playlistName,
    why,
  );
}
