import { t, tCount } from '../../platform/i18n';
import { shortRecording } from '../../posthog/recording-names';
import { displayName } from '../recordings/recording-actions';
import type { FlashKind } from '../toolbar/badge-flash';
import { BULK_ADD_LIMIT, type BulkAddResult } from './bulk-add';

/** Failed recordings named at most in the sentence; the count says how many there were. */
export const NAMED_FAILURES = 3;

/**
 * What a bulk add did, in the sentences the toolbar button's title shows, and the badge's mark:
 * ✓ when recordings went in and none failed, = when all were already there, ! when any failed or
 * nothing could be tried.
 */
export function describeBulkAdd(
  result: BulkAddResult,
  /** Names of recordings PostHog has said who they are (`recordingName`); the others go by id. */
  names: ReadonlyMap<string, string> = new Map(),
): { kind: FlashKind; message: string } {
  const leftOut = [
    result.elsewhere > 0 ? tCount('bulkAddElsewhere', result.elsewhere) : '',
    result.otherProject > 0 ? tCount('bulkAddOtherProject', result.otherProject) : '',
    result.overLimit > 0 ? tCount('bulkAddOverLimit', result.overLimit, BULK_ADD_LIMIT) : '',
  ];
  if (result.outcome === 'none-found') {
    return { kind: 'failed', message: join([t('bulkAddNoneFound'), ...leftOut]) };
  }
  if (result.outcome === 'declined') return { kind: 'same', message: t('bulkAddDeclined') };
  if (result.outcome === 'needs-choice') {
    return { kind: 'failed', message: join([t('bulkAddNeedsChoice'), ...leftOut]) };
  }
  const name = displayName(result.playlistName ?? '');
  const { added, already, failed } = result;
  const addedKey = result.via === 'session' ? 'bulkAddedViaSession' : 'bulkAdded';
  const sentences = [
    added > 0 ? tCount(addedKey, added, name) : '',
    already > 0 && added === 0 && failed.length === 0 ? tCount('bulkAllAlready', already, name) : '',
    already > 0 && (added > 0 || failed.length > 0) ? tCount('bulkAlready', already, name) : '',
    failed.length > 0 ? describeFailures(failed, names) : '',
    ...leftOut,
  ];
  const kind: FlashKind = failed.length > 0 ? 'failed' : added > 0 ? 'done' : 'same';
  return { kind, message: join(sentences) };
}

/**
 * "2 recordings were not added (ana@acme.com’s recording of 5 minutes ago, 0191dd9e…): <why>",
 * with the first failure's reason.
 */
function describeFailures(failed: BulkAddResult['failed'], names: ReadonlyMap<string, string>): string {
  const named = failed
    .slice(0, NAMED_FAILURES)
    .map((failure) => names.get(failure.recordingId) ?? shortRecording(failure.recordingId));
  if (failed.length > NAMED_FAILURES) named.push('…');
  return tCount('bulkNotAdded', failed.length, named.join(', '), failed[0]?.message ?? '');
}

const join = (sentences: readonly string[]) => sentences.filter((sentence) => sentence !== '').join(' ');
