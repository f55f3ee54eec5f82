import type { Handlers } from '../messages/dispatcher';
import type { CollectionService } from './collections';
import type { QuickAdd } from './quick-add';
import type { RecordingActions } from './recording-actions';

/** The session's pick (taken) and recent last action, for `popup/open` to scope and answer. */
export async function recordingSessionState(actions: RecordingActions, quickAdd: QuickAdd) {
  const [pick, lastAction] = await Promise.all([quickAdd.takePick(), actions.recentAction()]);
  return { pick, lastAction };
}

/** The collection messages (`playlists/*`, PostHog's API word) and the in-page button's, for the dispatcher's map. */
export function createRecordingHandlers(services: {
  playlists: CollectionService;
  actions: RecordingActions;
  quickAdd: QuickAdd;
}) {
  const { playlists, actions, quickAdd } = services;
  return {
    'playlists/list': playlists.list,
    'playlists/add': (input) => actions.add(input),
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
