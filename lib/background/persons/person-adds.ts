import type { QuickAddResult } from '../../messaging/collection-messages';
import type { MessageInput, MessageOutput } from '../../messaging/messages';
import { toAppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { BulkAdd } from '../bulk/bulk-add';
import { describeBulkAdd } from '../bulk/bulk-add-report';
import type { RecordingTarget } from '../recordings/quick-add';

export interface PersonAddsDeps {
  /** The connected PostHog's origin (the recordings are of its project). */
  connectedOrigin: () => Promise<string>;
  /** The quick add's: to the last-used collection (or the picker when there is none yet). */
  addToLastUsed: (target: RecordingTarget) => Promise<QuickAddResult>;
  /** The picker for one recording. */
  choose: (target: RecordingTarget) => Promise<unknown>;
  bulkAdd: Pick<BulkAdd, 'add'>;
}

type Output = MessageOutput<'persons/add'>;

const OUTCOMES: Record<QuickAddResult['outcome'], Output['outcome']> = {
  added: 'done',
  already: 'same',
  pending: 'pending',
  'needs-choice': 'choose',
  'not-a-recording': 'failed',
  failed: 'failed',
};

/**
 * `persons/add`: one recording goes the way the shortcut's does (last-used collection, the signed-in
 * tab where PostHog refuses keys, kept for later when PostHog cannot take it now); several go the way
 * the recordings linked in a selection do (one `bulk_add` where PostHog has it); `choose` opens the
 * picker for one.
 */
export function createPersonAdds(deps: PersonAddsDeps) {
  return async function addPersonRecordings(input: MessageInput<'persons/add'>): Promise<Output> {
    const origin = await deps.connectedOrigin();
    const targets = input.recordingIds.map((recordingId) => ({
      origin,
      projectId: input.projectId,
      recordingId,
    }));
    const [first] = targets;
    try {
      if (!first) return { outcome: 'failed', message: t('error_invalid_input') };
      if (input.choose) {
        await deps.choose(first);
        return { outcome: 'choose', message: t('personPickerOpened') };
      }
      if (targets.length === 1) {
        const result = await deps.addToLastUsed(first);
        return { outcome: OUTCOMES[result.outcome], message: result.message };
      }
      const result = await deps.bulkAdd.add(targets);
      if (result.outcome === 'needs-choice') return { outcome: 'failed', message: t('personAddNeedsChoice') };
      const report = describeBulkAdd(result);
      return { outcome: report.kind, message: report.message };
    } catch (error) {
      return { outcome: 'failed', message: toAppError(error).userMessage() };
    }
  };
}
