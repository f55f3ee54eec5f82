import type {
  QuickAddResult,
  RecordingChangeInput,
  RecordingChangeResult,
} from '../../messaging/collection-messages';
import type { MessageInput, MessageOutput } from '../../messaging/messages';
import { toAppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { RecordingTarget } from '../recordings/quick-add';

type Output = MessageOutput<'site/add'>;

export interface SiteAddsDeps {
  connectedOrigin: () => Promise<string>;
  /** The quick add's way: the last-used collection, or the picker when there is none yet. */
  addToLastUsed: (target: RecordingTarget) => Promise<QuickAddResult>;
  choose: (target: RecordingTarget) => Promise<unknown>;
  /** The project's last-used collection: its short id and name (null before one was used). */
  lastUsed: (projectId: number) => Promise<{ shortId: string; name: string } | null>;
  /** The recordings room's add, which writes a note with it (`playlists/add`). */
  add: (input: RecordingChangeInput) => Promise<RecordingChangeResult>;
}

const OUTCOMES: Record<QuickAddResult['outcome'], Output['outcome']> = {
  added: 'done',
  already: 'same',
  pending: 'pending',
  'needs-choice': 'choose',
  'not-a-recording': 'failed',
  failed: 'failed',
};

/**
 * `site/add`: a recording of the list goes the shortcut's way; the user's own session goes with its
 * note at its second, even before PostHog has ingested it (PostHog keeps a collection's recording and
 * a recording's comment by session id), and says that it may take a minute to appear.
 */
export function createSiteAdds(deps: SiteAddsDeps) {
  return async function addSiteRecording(input: MessageInput<'site/add'>): Promise<Output> {
    const target = {
      origin: await deps.connectedOrigin(),
      projectId: input.projectId,
      recordingId: input.recordingId,
    };
    try {
      if (input.choose) {
        await deps.choose(target);
        return { outcome: 'choose', message: t('personPickerOpened') };
      }
      if (!input.note) {
        const result = await deps.addToLastUsed(target);
        // The popup's own answer: its "Open Hogmark to undo" is for a page Hogmark is not open over.
        return {
          outcome: OUTCOMES[result.outcome],
          message: result.message.replace(` ${t('quickAddUndoHint')}`, ''),
        };
      }
      const lastUsed = await deps.lastUsed(input.projectId);
      if (!lastUsed) {
        await deps.choose(target);
        return { outcome: 'choose', message: t('siteSessionChoose') };
      }
      const result = await deps.add({
        projectId: input.projectId,
        shortId: lastUsed.shortId,
        recordingId: input.recordingId,
        note: input.note,
      });
      const name = result.playlistName || lastUsed.name;
      if (result.outcome === 'pending')
        return { outcome: 'pending', message: result.message ?? t('siteSessionPending', name) };
      if (result.outcome === 'already') return { outcome: 'same', message: t('siteSessionAlready', name) };
      const noted = result.note?.saved === true;
      return {
        outcome: 'done',
        message: t(noted ? 'siteSessionAddedWithNote' : 'siteSessionAdded', name),
      };
    } catch (error) {
      return { outcome: 'failed', message: toAppError(error).userMessage() };
    }
  };
}
