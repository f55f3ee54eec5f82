import { t } from '../platform/i18n';
import type { PendingNotice } from './pending-messages';

/*
 * The sentences of pending changes, apart from their schemas: the popup shows them without loading
 * zod (the messages' schemas are checked in the background).
 */

/** A recording id is long; its first characters tell it apart in a short sentence. */
export const shortRecording = (recordingId: string) =>
  recordingId.length > 12 ? `${recordingId.slice(0, 8)}…` : recordingId;

/** What became of a pending change, in one sentence (the popup's notice, the toolbar button's title). */
export function noticeSentence(notice: PendingNotice): string {
  const recording = shortRecording(notice.recordingId);
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
