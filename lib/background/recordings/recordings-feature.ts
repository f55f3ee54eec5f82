import { createPostHogClient } from '../../api/client';
import type { PendingChange } from '../../messaging/pending-messages';
import { logFailure } from '../../platform/log';
import type { StorageAreaLike } from '../../platform/storage';
import { parsePageContext } from '../../posthog/context';
import type { PendingChanges } from '../pending/pending-queue';
import type { SettingsService } from '../settings/settings';
import type { BadgeFlash } from '../toolbar/badge-flash';
import { createBulkAdd } from './bulk-add';
import { createBulkAsks } from './bulk-ask';
import { createCollectionService } from './collections';
import { createLinkCollector, type LinkScope, linksInDocument } from './link-collector';
import { createLinkedRecordingsAdd } from './linked-recordings';
import { applyPendingChange } from './pending-apply';
import { createQuickAdd, type QuickAddDeps, type RecordingTarget } from './quick-add';
import { createRecordingActions, type RecordingActionsDeps } from './recording-actions';
import { type ContextMenusLike, createContextMenus } from './recording-menus';
import { createRecordingNotes } from './recording-notes';
import { createRecordingHandlers, recordingSessionState } from './recordings-handlers';

/** The parts of the browser the recordings room uses. */
export interface RecordingsBrowser {
  /** `storage.session`: the last action (for Undo), the picker's pick, key refusals. */
  storage: { session: StorageAreaLike };
  /** `action.openPopup()` throws where the browser does not allow it. */
  action: { openPopup(): Promise<void> };
  windows: { create(data: { url: string; type: 'popup'; width: number; height: number }): Promise<unknown> };
  runtime: { getURL(path: '/popup.html' | '/bulk-ask.html'): string };
  contextMenus: ContextMenusLike;
  /** With a menu click's activeTab grant: reads the links of the selection or page, once. */
  scripting: {
    executeScript(injection: {
      target: { tabId: number; frameIds: number[] };
      func: (scope: LinkScope) => string[];
      args: [LinkScope];
    }): Promise<Array<{ result?: unknown }>>;
  };
}

export interface RecordingsFeatureDeps {
  browser: RecordingsBrowser;
  settings: Pick<SettingsService, 'connection' | 'appOrigins' | 'keyOwner'>;
  /** The trusted area (IndexedDB): cached collections, preferences, membership facts. */
  trusted: StorageAreaLike;
  /** The session room's `forward`: a request made with the signed-in PostHog tab's session. */
  forward: RecordingActionsDeps['forward'];
  /** What a tab shows (the tabs room). */
  tabContext: QuickAddDeps['tabContext'];
  flash: BadgeFlash;
  /** Where an add PostHog cannot take now waits to be made (the pending room's queue). */
  pending: PendingChanges;
  /**
   * Who a recording is and when it started, as PostHog's metadata says (kept by the share-links room
   * ten minutes): for notes (the start), the sentences and the pending list (the person).
   */
  recordingFace?: QuickAddDeps['recordingFace'];
  /** A tab's Firefox container (the session room's), kept with a change that waits. */
  containerOf?: QuickAddDeps['containerOf'];
  /** The container of a tab on a PostHog origin (the session room's): a change asked there goes through it. */
  postHogContainerOf?: RecordingActionsDeps['askedIn'];
}

/**
 * Everything "add this recording to a collection" needs in the background, put together once: the
 * collections and their cache, add / undo / create (with the key, or the signed-in tab where PostHog
 * refuses keys), the shortcut, the link menus and many recordings at once.
 */
export function createRecordingsFeature(deps: RecordingsFeatureDeps) {
  const { browser, settings } = deps;
  const onError = (error: unknown) => logFailure('collections', error);
  const appOrigins = settings.appOrigins;
  const playlists = createCollectionService({
    connection: settings.connection,
    playlistsApi: (connection, projectId, signal) =>
      createPostHogClient({ ...connection, signal }).project(projectId).playlists,
    trusted: deps.trusted,
  });
  const cachedFace = async (ref: { projectId: number; recordingId: string }) =>
    (await deps.recordingFace?.(ref, 'cache')) ?? null;
  const notes = createRecordingNotes({
    api: (scope, signal) =>
      createPostHogClient({ ...scope.connection, signal }).project(scope.projectId).notes,
    forward: deps.forward,
    startOf: async (projectId, recordingId) =>
      (await deps.recordingFace?.({ projectId, recordingId }, 'server'))?.startTime ?? null,
  });
  const actions = createRecordingActions({
    playlists,
    forward: deps.forward,
    session: browser.storage.session,
    notes,
    askedIn: deps.postHogContainerOf,
  });
  const quickAdd = createQuickAdd({
    actions,
    playlists,
    pending: deps.pending,
    tabContext: deps.tabContext,
    flash: deps.flash,
    session: browser.storage.session,
    recordingFace: deps.recordingFace,
    keyOwner: settings.keyOwner,
    containerOf: deps.containerOf,
    openPopup: () => browser.action.openPopup(),
    openPickerWindow: async (recordingId, projectId, fromTab) => {
      const from = fromTab === undefined ? '' : `&from=${fromTab}`;
      const query = `recording=${encodeURIComponent(recordingId)}&project=${projectId}${from}`;
      const url = browser.runtime.getURL(`/popup.html?${query}` as '/popup.html');
      await browser.windows.create({ url, type: 'popup', width: 420, height: 600 });
    },
  });
  const asks = createBulkAsks({
    openAskWindow: async (askId) => {
      const url = browser.runtime.getURL(`/bulk-ask.html?ask=${askId}` as '/bulk-ask.html');
      await browser.windows.create({ url, type: 'popup', width: 420, height: 260 });
    },
  });
  const bulkAdd = createBulkAdd({ playlists, actions, forward: deps.forward, confirm: asks.ask });
  const menus = createContextMenus({
    menus: browser.contextMenus,
    getAppOrigins: appOrigins,
    parsePageContext,
    addToLastUsed: (target, tabId, pageUrl) => quickAdd.forLink(target, tabId, pageUrl),
    choose: (target, tabId) => quickAdd.choose(target, tabId),
    addLinked: createLinkedRecordingsAdd({
      collectLinks: createLinkCollector({
        readLinks: async (tabId, frameId, scope) =>
          (
            await browser.scripting.executeScript({
              target: { tabId, frameIds: [frameId] },
              func: linksInDocument,
              args: [scope],
            })
          )[0]?.result,
      }),
      getAppOrigins: appOrigins,
      parsePageContext,
      bulkAdd,
      flash: deps.flash,
      cachedFace,
      dropQuestions: asks.dropAll,
    }),
    onError,
  });

  return {
    handlers: {
      ...createRecordingHandlers({
        playlists,
        actions,
        quickAdd,
        pending: deps.pending,
        cachedFace,
        keyOwner: settings.keyOwner,
        containerOf: deps.containerOf,
      }),
      'bulk/question': ({ askId }: { askId: string }) => asks.question(askId),
      'bulk/answer': ({ askId, accept }: { askId: string; accept: boolean }) => asks.answer(askId, accept),
    },
    /** The pending room's `apply`: a kept change made through the same path as a click. */
    applyPending: (change: PendingChange, options: { checkFirst: boolean }) =>
      applyPendingChange({ playlists, actions }, change, options),
    /** The add shortcut: the recording in the tab, to the last-used collection. */
    addToLastUsed: quickAdd.forTab,
    onMenuClicked: menus.onClicked,
    syncMenus: menus.sync,
    /** For the person page: one recording as a link's menu adds it, the picker, several at once. */
    forPersonPage: {
      addToLastUsed: (target: RecordingTarget) => quickAdd.forLink(target, undefined),
      choose: (target: RecordingTarget) => quickAdd.choose(target),
      bulkAdd,
    },
    /** For `popup/open`: the session's pick (taken) and last action, and a cached list. */
    sessionState: () => recordingSessionState(actions, quickAdd),
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
    /** For the settings room's `clearCaches`: the old key's lists and refusals. */
    clear: async () => {
      await Promise.all([playlists.clear(), actions.forgetKeyRefusals()]);
    },
  };
}
export type RecordingsFeature = ReturnType<typeof createRecordingsFeature>;
