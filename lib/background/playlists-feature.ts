import type { StorageAreaLike } from '../platform/storage';
import type { PageContext } from '../posthog/context';
import type { ActionLike } from './badge';
import { createBadgeFlash } from './badge-flash';
import { createCommandListener } from './commands';
import { type ContextMenusLike, createContextMenus } from './context-menus';
import type { Handlers } from './dispatcher';
import { createPlaylistService, type PlaylistServiceDeps } from './playlists';
import { createPlaylistHandlers, playlistSessionState } from './playlists-handlers';
import { createRecordingActions, type RecordingActionsDeps } from './recording-actions';
import { createQuickAdd, type QuickAddDeps } from './recording-quick-add';

export interface PlaylistFeatureDeps {
  connection: PlaylistServiceDeps['connection'];
  playlistsApi: PlaylistServiceDeps['playlistsApi'];
  /**
   * `local`: the trusted area (the extension's IndexedDB, see trusted-storage.ts);
   * `session`: `browser.storage.session`.
   */
  local: StorageAreaLike;
  session: StorageAreaLike;
  /** The session bridge's `forward`. */
  forward: RecordingActionsDeps['forward'];
  tabContext: QuickAddDeps['tabContext'];
  action: ActionLike;
  /** Puts the tab's usual badge back after a flash. */
  restoreBadge: (tabId: number) => Promise<void>;
  /** Keeps the tab's usual badge from replacing a flash before `restoreBadge`. */
  holdBadge?: (tabId: number) => void;
  openPopup: QuickAddDeps['openPopup'];
  openPickerWindow: QuickAddDeps['openPickerWindow'];
  menus: ContextMenusLike;
  getAppOrigins: () => Promise<readonly string[]>;
  parsePageContext: (url: string, appOrigins?: readonly string[]) => PageContext | null;
  activeTabId: () => Promise<number | undefined>;
  onError?: (error: unknown) => void;
}

/** Everything "add this recording to a playlist" needs in the background, put together once. */
export function createPlaylistFeature(deps: PlaylistFeatureDeps) {
  const playlists = createPlaylistService({
    connection: deps.connection,
    playlistsApi: deps.playlistsApi,
    local: deps.local,
  });
  const actions = createRecordingActions({ playlists, forward: deps.forward, session: deps.session });
  const quickAdd = createQuickAdd({
    actions,
    playlists,
    tabContext: deps.tabContext,
    flash: createBadgeFlash({ action: deps.action, restore: deps.restoreBadge, hold: deps.holdBadge }),
    session: deps.session,
    openPopup: deps.openPopup,
    openPickerWindow: deps.openPickerWindow,
  });
  const menus = createContextMenus({
    menus: deps.menus,
    getAppOrigins: deps.getAppOrigins,
    parsePageContext: deps.parsePageContext,
    addToLastUsed: (target, tabId, pageUrl) => quickAdd.forLink(target, tabId, pageUrl),
    choose: (target) => quickAdd.choose(target),
    onError: deps.onError,
  });
  const handlers: Handlers = createPlaylistHandlers({ playlists, actions, quickAdd });

  return {
    handlers,
    onCommand: createCommandListener({
      addToLastUsed: (tabId) => quickAdd.forTab(tabId),
      activeTabId: deps.activeTabId,
      onError: deps.onError,
    }),
    /** For `popup/open`: the session's pick (taken) and last action, and a cached list. */
    sessionState: () => playlistSessionState(actions, quickAdd),
    cachedList: (recording: { recordingId: string; projectId?: number }) =>
      playlists.list({ ...recording, source: 'cache' }),
    /** A collection's name from the cached list (never a request), to name its page. */
    cachedName: async (projectId: number, shortId: string): Promise<string | undefined> =>
      (await playlists.list({ projectId, source: 'cache' })).playlists.find(
        (entry) => entry.shortId === shortId,
      )?.name,
    /** For the prefetcher: fetch the project's list only when none is cached yet. */
    warmList: async (projectId?: number): Promise<void> => {
      const cached = await playlists.list({ projectId, source: 'cache' });
      if (cached.fetchedAt === null) await playlists.list({ projectId, source: 'fresh' });
    },
    onMenuClicked: menus.onClicked,
    syncMenus: menus.sync,
    /** For the settings service's `clearCaches`. */
    clear: async () => {
      await Promise.all([playlists.clear(), actions.forgetKeyRefusals()]);
    },
  };
}
