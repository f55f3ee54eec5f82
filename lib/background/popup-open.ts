import { isRecordingId } from '../context';
import type { MessageInput, MessageOutput, Status } from '../messages';
import { pickerRecording, type RecordingRef } from '../picker-recording';
import type { PlaylistList, PlaylistSessionState } from '../playlist-messages';
import type { TabView } from './tab-context';

export interface PopupOpenDeps {
  status: () => Promise<Status>;
  tabView: (tabId: number) => Promise<TabView>;
  /** Takes the context menu's pick (once) and reads the last action. */
  sessionState: () => Promise<PlaylistSessionState>;
  /** `playlists/list` from the cache only: never a request. */
  cachedPlaylists: (recording: RecordingRef) => Promise<PlaylistList>;
  onError?: (error: unknown) => void;
}

const NO_VIEW: TabView = { context: null, hints: {} };

/**
 * `popup/open`: everything the popup's first paint needs in one answer, from what the background
 * already holds (settings, the tab's context and hints, the session's pick and last action, the
 * cached playlists of the recording the picker will show). One round trip instead of a chain of
 * them; nothing here asks PostHog, so a warm popup paints before any request leaves.
 */
export function createPopupOpen(deps: PopupOpenDeps) {
  async function cachedFor(
    recording: RecordingRef | null,
  ): Promise<MessageOutput<'popup/open'>['playlists']> {
    if (!recording || !isRecordingId(recording.recordingId)) return null;
    try {
      return { recording, list: await deps.cachedPlaylists(recording) };
    } catch (error) {
      // The picker asks for its list itself and shows why it failed; the popup still opens.
      deps.onError?.(error);
      return null;
    }
  }

  return async function open(input: MessageInput<'popup/open'>): Promise<MessageOutput<'popup/open'>> {
    const reading = deps.sessionState();
    const [status, view] = await Promise.all([
      deps.status(),
      input.tabId === undefined ? NO_VIEW : deps.tabView(input.tabId),
    ]);
    const origin = status.configured ? status.origin : undefined;
    // The page's recording is listed while the session is read; a context menu pick (rare) wins.
    const forPage = cachedFor(origin ? pickerRecording(origin, view.context, input.recording ?? null) : null);
    const session = await reading;
    const playlists = origin && session.pick ? await cachedFor(session.pick) : await forPage;
    return { status, ...view, session, playlists };
  };
}
