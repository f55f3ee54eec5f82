import { isRecordingId } from '../../posthog/context-ids';
import type { CollectionList, LastActionView } from '../collection-messages';
import type { MessageInput, MessageOutput, Status } from '../messages';
import type { PendingState } from '../pending-messages';
import { pickerRecording, type RecordingRef } from '../picker-recording';
import type { TabView } from './tab-view';

/** The last add or remove as kept in `storage.session`: what the popup shows, and where it was made. */
export type LastAction = LastActionView & {
  origin: string;
  /** The tab and page a recording link's menu was used on (none for an add on the recording's page). */
  page?: { tabId: number; url: string };
};

/** How long the last add or remove can be undone from the popup (and is shown there). */
export const UNDO_WINDOW_MS = 15 * 60 * 1000;

/** The last action while it can still be undone. */
export function recentAction<T extends { at: number }>(action: T | null, now: number): T | null {
  return action && now - action.at <= UNDO_WINDOW_MS ? action : null;
}

export interface PopupOpenDeps {
  status: () => Promise<Status>;
  tabView: (tabId: number) => Promise<TabView>;
  /** Takes the context menu's pick (once) and reads the last action while it is recent. */
  sessionState: () => Promise<{
    pick: { projectId: number; recordingId: string } | null;
    lastAction: LastAction | null;
  }>;
  /** `playlists/list` from the cache only: never a request. */
  cachedPlaylists: (recording: RecordingRef) => Promise<CollectionList>;
  /** The tab's URL now; asked only when the last action was made from that tab's page. */
  tabUrl?: (tabId: number) => Promise<string | undefined>;
  /** Changes waiting to be made, and what became of the others (taken: told once). */
  pendingState?: () => Promise<PendingState>;
  onError?: (error: unknown) => void;
}

const NO_VIEW: TabView = { context: null, hints: {} };

/**
 * `popup/open`: everything the popup's first paint needs in one answer, from what the extension
 * already keeps (settings, the tab's context and hints, the session's pick and last action, the
 * cached collections of the recording the picker will show). Nothing here asks PostHog, so a warm
 * popup paints before any request leaves. The background answers the message with it, and the popup
 * computes its first view with it from the same stores (lib/stores/stored-first-view.ts), so the
 * two cannot disagree.
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

  /**
   * The last add or remove belongs to the recording it changed and, for one made from a recording
   * link's menu, to the page the link was on: a popup over any other page (another tab's dashboard,
   * this tab after it moved on) does not offer to undo it.
   */
  async function noticeFor(
    action: LastAction | null,
    where: { status: Status; recording: RecordingRef | null; tabId?: number },
  ): Promise<LastActionView | null> {
    if (!action || !where.status.configured || action.origin !== where.status.origin) return null;
    const { recording, status, tabId } = where;
    const onRecording =
      recording !== null &&
      recording.recordingId === action.recordingId &&
      (recording.projectId ?? status.projectId) === action.projectId;
    const onPage =
      !onRecording &&
      action.page !== undefined &&
      action.page.tabId === tabId &&
      (await deps.tabUrl?.(tabId).catch(() => undefined)) === action.page.url;
    if (!onRecording && !onPage) return null;
    const { id, projectId, recordingId, shortId, playlistName, change, via, at } = action;
    return { id, projectId, recordingId, shortId, playlistName, change, via, at };
  }

  return async function open(input: MessageInput<'popup/open'>): Promise<MessageOutput<'popup/open'>> {
    const reading = deps.sessionState();
    const pending = deps.pendingState?.().catch((error: unknown) => {
      deps.onError?.(error);
      return undefined;
    });
    const [status, view] = await Promise.all([
      deps.status(),
      input.tabId === undefined ? NO_VIEW : deps.tabView(input.tabId),
    ]);
    const origin = status.configured ? status.origin : undefined;
    // The page's recording is listed while the session is read; a context menu pick (rare) wins.
    const pageRecording = origin ? pickerRecording(origin, view.context, input.recording ?? null) : null;
    const forPage = cachedFor(pageRecording);
    const { pick, lastAction } = await reading;
    const recording = origin && pick ? pick : pageRecording;
    const [playlists, notice] = await Promise.all([
      recording === pageRecording ? forPage : cachedFor(recording),
      noticeFor(lastAction, { status, recording, tabId: input.tabId }),
    ]);
    const waiting = await pending;
    return {
      status,
      ...view,
      session: { pick, lastAction: notice },
      playlists,
      ...(waiting ? { pending: waiting } : {}),
    };
  };
}
