import type { StorageAreaLike } from '../../platform/storage';
import type { PageContext } from '../../posthog/context';
import type { Handlers } from '../messages/dispatcher';
import { createPendingChanges, type PendingDeps } from '../pending/pending-queue';
import type { ActionLike } from '../toolbar/badge';
import { createBadgeFlash } from '../toolbar/badge-flash';
import { createCommandListener } from '../toolbar/shortcuts';
import { createBulkAdd } from './bulk-add';
import { createPlaylistService, type PlaylistServiceDeps } from './collections';
import { createLinkCollector, type LinkCollectorDeps } from './link-collector';
import { createLinkedRecordingsAdd } from './linked-recordings';
import { applyPendingChange } from './pending-apply';
import { createQuickAdd, type QuickAddDeps } from './quick-add';
import { createRecordingActions, type RecordingActionsDeps } from './recording-actions';
import { type ContextMenusLike, createContextMenus } from './recording-menus';
import { createPlaylistHandlers, playlistSessionState } from './recordings-handlers';

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
  /** Reads the links of a selection or page (`scripting.executeScript`); without it, no such menu. */
  readLinks?: LinkCollectorDeps['readLinks'];
  /** The number of changes waiting to be made (the toolbar badge shows it). */
  onPendingCount?: PendingDeps['onCount'];
  /** When the retry schedule should next run (an alarm). */
  schedulePending?: PendingDeps['schedule'];
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
  // In the trusted area, like the playlists: it outlives the worker and the browser session.
  const pending = createPendingChanges({
    store: deps.local,
    apply: (change, options) => applyPendingChange({ playlists, actions }, change, options),
    onCount: deps.onPendingCount,
    schedule: deps.schedulePending,
    // Made or given up: a mark on the toolbar button where the user is now (the popup says the rest).
    onSettled: async (notice) => {
      const tabId = await deps.activeTabId().catch(() => undefined);
      if (tabId !== undefined)
        await flash(tabId, notice.outcome === 'applied' ? 'done' : 'failed', notice.sentence);
    },
    onError: deps.onError,
  });
  // One flash for every action started outside the popup: a later one takes over the tab's badge.
  const flash = createBadgeFlash({ action: deps.action, restore: deps.restoreBadge, hold: deps.holdBadge });
  const quickAdd = createQuickAdd({
    actions,
    playlists,
    pending,
    tabContext: deps.tabContext,
    flash,
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
    ...(deps.readLinks
      ? {
          addLinked: createLinkedRecordingsAdd({
            collectLinks: createLinkCollector({ readLinks: deps.readLinks }),
            getAppOrigins: deps.getAppOrigins,
            parsePageContext: deps.parsePageContext,
            bulkAdd: createBulkAdd({ playlists, actions, forward: deps.forward }),
            flash,
          }),
        }
      : {}),
    onError: deps.onError,
  });
  const handlers: Handlers = {
    ...createPlaylistHandlers({ playlists, actions, quickAdd }),
    'pending/retry': ({ id }) => pending.retryNow(id),
    'pending/discard': ({ id }) => pending.discard(id),
  };

  return {
    handlers,
    pending,
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
      await Promise.all([playlists.clear(), actions.forgetKeyRefusals(), pending.clear()]);
    },
  };
}
