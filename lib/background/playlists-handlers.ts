import type { Handlers } from './dispatcher';
import type { PlaylistService } from './playlists';
import type { RecordingActions } from './recording-actions';
import type { QuickAdd } from './recording-quick-add';

/** The session's pick and last action, as the popup's `popup/open` answers them. */
export async function playlistSessionState(actions: RecordingActions, quickAdd: QuickAdd) {
  const [pick, action] = await Promise.all([quickAdd.takePick(), actions.recentAction()]);
  const lastAction = action
    ? {
        id: action.id,
        projectId: action.projectId,
        recordingId: action.recordingId,
        shortId: action.shortId,
        playlistName: action.playlistName,
        change: action.change,
        via: action.via,
        at: action.at,
      }
    : null;
  return { pick, lastAction };
}

/** The `playlists/*` messages and the in-page button's, for the dispatcher's map. */
export function createPlaylistHandlers(services: {
  playlists: PlaylistService;
  actions: RecordingActions;
  quickAdd: QuickAdd;
}): Handlers {
  const { playlists, actions, quickAdd } = services;
  return {
    'playlists/list': (input) => playlists.list(input),
    'playlists/add': (input) => actions.add(input),
    'playlists/remove': (input) => actions.remove(input),
    'playlists/create-and-add': (input) => actions.createAndAdd(input),
    'playlists/undo': ({ actionId }) => actions.undo(actionId),
    'playlists/quick-add': ({ tabId }) => quickAdd.forTab(tabId),
    'recording/add-from-page': (input, context) => quickAdd.fromPage(input, context),
    'recording/undo-from-page': (input, context) => quickAdd.undoFromPage(input, context),
  };
}
