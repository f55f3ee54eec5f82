import type { RecordingChangeInput, RecordingChangeResult } from '../../messaging/collection-messages';
import { pickWaits } from '../../platform/error-policy';
import { isAppError } from '../../platform/errors';
import { stoppedWaiting } from '../../platform/write-outcome';
import type { FaceName } from '../../posthog/recording-names';
import type { CollectionService } from '../collections/collections';
import type { Handlers } from '../messages/dispatcher';
import type { PendingChanges } from '../pending/pending-queue';
import { keepChangeForLater } from './keep-for-later';
import type { QuickAdd } from './quick-add';
import type { RecordingActions } from './recording-actions';

/** The session's pick (taken) and recent last action, for `popup/open` to scope and answer. */
export async function recordingSessionState(actions: RecordingActions, quickAdd: QuickAdd) {
  const [pick, lastAction] = await Promise.all([quickAdd.takePick(), actions.recentAction()]);
  return { pick, lastAction };
}

/**
 * The collection writes (`playlists/*`, PostHog's API word; `playlists/list` is the collections
 * room's) and the in-page button's, for the dispatcher's map.
 */
export function createRecordingHandlers(services: {
  playlists: CollectionService;
  actions: RecordingActions;
  quickAdd: QuickAdd;
  /** Where a pick PostHog cannot take now waits (the pending room's queue). */
  pending?: PendingChanges;
  /** Who a recording is, when already known (never a request): kept with a waiting pick. */
  cachedFace?: (ref: { projectId: number; recordingId: string }) => Promise<FaceName | null>;
  /** The key's owner (PostHog's user uuid), kept with a pick that waits. */
  keyOwner?: () => Promise<string | undefined>;
  /** A tab's Firefox container, kept with a pick that waits (that of the tab the popup is over). */
  containerOf?: (tabId: number) => Promise<string | undefined>;
  /** Whether a tab is in a private window: a pick asked there is never kept for later. */
  privateTab?: (tabId: number) => Promise<boolean>;
}) {
  const { playlists, actions, quickAdd } = services;

  /**
   * A pick in the popup or the picker window: made now, or, when PostHog cannot take it now (signed
   * out, no PostHog tab, offline, down, busy, its answer lost and not readable back), kept with its
   * note and made once by the pending room's triggers (a PostHog page loading, back online, the
   * retry schedule). A pick the user stopped waiting for is not made for them later.
   */
  async function add(input: RecordingChangeInput): Promise<RecordingChangeResult> {
    try {
      return await actions.add(input);
    } catch (error) {
      if (!isAppError(error) || !pickWaits(error.kind) || stoppedWaiting(error)) throw error;
      const scope = await playlists.scopeOf(input.projectId);
      const { shortId, recordingId, note, tabId } = input;
      const face = await services.cachedFace?.({ projectId: scope.projectId, recordingId }).catch(() => null);
      const kept = await keepChangeForLater(
        {
          pending: services.pending,
          playlists,
          keyOwner: services.keyOwner,
          containerOf: services.containerOf,
          privateTab: services.privateTab,
        },
        scope,
        { shortId, recordingId, direction: 'add', ...(note ? { note } : {}), face, tabId },
        error,
      );
      if (kept?.outcome !== 'pending') throw error;
      return {
        outcome: 'pending',
        shortId,
        playlistName: kept.playlistName ?? '',
        ...(kept.pendingId ? { pendingId: kept.pendingId } : {}),
        ...(kept.message ? { message: kept.message } : {}),
        membership: await playlists.membership(scope, recordingId),
      };
    }
  }

  return {
    'playlists/add': add,
    'playlists/remove': (input) => actions.remove(input),
    'playlists/cancel': async (input) => ({ cancelled: actions.cancel(input) }),
    'playlists/create-and-add': (input) => actions.createAndAdd(input),
    'playlists/undo': ({ actionId }) => actions.undo(actionId),
    'playlists/quick-add': ({ tabId }) => quickAdd.forTab(tabId),
    'recording/add-from-page': quickAdd.fromPage,
    'recording/undo-from-page': quickAdd.undoFromPage,
    'recording/cancel-from-page': quickAdd.cancelFromPage,
  } satisfies Handlers;
}
