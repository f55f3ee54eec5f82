import { createPostHogClient } from '../../api/client';
import type { PendingChange } from '../../messaging/pending-messages';
import { t } from '../../platform/i18n';
import { logFailure } from '../../platform/log';
import type { StorageAreaLike } from '../../platform/storage';
import { parsePageContext } from '../../posthog/context';
import { recordingName } from '../../posthog/recording-names';
import { scopeKey } from '../collections/collection-store';
import type { CollectionService } from '../collections/collections';
import type { PendingChanges } from '../pending/pending-queue';
import type { SessionAnswer } from '../session/session-bridge';
import type { WakeAdd } from '../session/wake-add';
import type { SettingsService } from '../settings/settings';
import type { BadgeFlash } from '../toolbar/badge-flash';
import { applyPendingChange } from './pending-apply';
import { createQuickAdd, type QuickAddDeps, type RecordingTarget } from './quick-add';
import { createRecordingActions, displayName, type RecordingActionsDeps } from './recording-actions';
import { type ContextMenuDeps, type ContextMenusLike, createContextMenus } from './recording-menus';
import { createRecordingNotes } from './recording-notes';
import { createRecordingHandlers, recordingSessionState } from './recordings-handlers';

/** The parts of the browser the recordings room uses. */
export interface RecordingsBrowser {
  /** `storage.session`: the last action (for Undo), the picker's pick, key refusals. */
  storage: { session: StorageAreaLike };
  /** `action.openPopup()` throws where the browser does not allow it. */
  action: { openPopup(): Promise<void> };
  windows: { create(data: { url: string; type: 'popup'; width: number; height: number }): Promise<unknown> };
  runtime: { getURL(path: '/popup.html'): string };
  contextMenus: ContextMenusLike;
}

export interface RecordingsFeatureDeps {
  browser: RecordingsBrowser;
  settings: Pick<SettingsService, 'appOrigins' | 'keyOwner'>;
  /** The collections room's service: the lists, the last-used one, membership. */
  collections: CollectionService;
  /** The session room's `forward`: a request made with the signed-in PostHog tab's session. */
  forward: RecordingActionsDeps['forward'];
  /** What a tab shows (the tabs room). */
  tabContext: QuickAddDeps['tabContext'];
  flash: BadgeFlash;
  /** Where an add PostHog cannot take now waits to be made (the pending room's queue). */
  pending: PendingChanges;
  /** The menu on a selection or a page: every recording linked there (the bulk room's). */
  addLinked?: ContextMenuDeps['addLinked'];
  /**
   * Who a recording is and when it started, as PostHog's metadata says (kept by the share-links room
   * ten minutes): for notes (the start), the sentences and the pending list (the person).
   */
  recordingFace?: QuickAddDeps['recordingFace'];
  /** A tab's Firefox container (the session room's), kept with a change that waits. */
  containerOf?: QuickAddDeps['containerOf'];
  /** Whether a tab is in a private window (the session room's): nothing asked there is kept. */
  privateTab?: QuickAddDeps['privateTab'];
  /** Whose session a change asked from a tab goes through (the session room's: its container, a private window). */
  askedFrom?: RecordingActionsDeps['askedIn'];
}

/**
 * Everything "add this recording to a collection" needs in the background, put together once: add /
 * undo / create (with the key, or the signed-in tab where PostHog refuses keys), its note, the
 * shortcut, the link menus, and a change kept for later (made by the pending room).
 */
export function createRecordingsFeature(deps: RecordingsFeatureDeps) {
  const { browser, settings, collections: playlists } = deps;
  const onError = (error: unknown) => logFailure('collections', error);
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
    askedIn: deps.askedFrom,
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
    privateTab: deps.privateTab,
    openPopup: () => browser.action.openPopup(),
    openPickerWindow: async (recordingId, projectId, fromTab) => {
      const from = fromTab === undefined ? '' : `&from=${fromTab}`;
      const query = `recording=${encodeURIComponent(recordingId)}&project=${projectId}${from}`;
      const url = browser.runtime.getURL(`/popup.html?${query}` as '/popup.html');
      await browser.windows.create({ url, type: 'popup', width: 420, height: 600 });
    },
  });
  const menus = createContextMenus({
    menus: browser.contextMenus,
    getAppOrigins: settings.appOrigins,
    parsePageContext,
    addToLastUsed: (target, tabId, pageUrl) => quickAdd.forLink(target, tabId, pageUrl),
    choose: (target, tabId) => quickAdd.choose(target, tabId),
    addLinked: deps.addLinked,
    lastUsedName: async () => {
      const names = await playlists.lastUsedNames();
      return names[String((await playlists.scopeOf()).projectId)] ?? null;
    },
    onError,
  });

  return {
    handlers: createRecordingHandlers({
      playlists,
      actions,
      quickAdd,
      pending: deps.pending,
      cachedFace,
      keyOwner: settings.keyOwner,
      containerOf: deps.containerOf,
      privateTab: deps.privateTab,
    }),
    /** The pending room's `apply`: a kept change made through the same path as a click. */
    applyPending: (change: PendingChange, options: { checkFirst: boolean }) =>
      applyPendingChange({ playlists, actions }, change, options),
    /** The add shortcut: the recording in the tab, to the last-used collection. */
    addToLastUsed: quickAdd.forTab,
    /**
     * An add the worker's wake script sent that the shortcut's own handling did not take
     * (wake-adoption.ts): one PostHog made is kept as Hogmark's own in the membership and said in
     * the tab; one it did not make changes nothing.
     */
    async wakeAddLeft(add: WakeAdd, answer: SessionAnswer | null): Promise<void> {
      if (!answer || answer.status < 200 || answer.status > 299) return;
      await playlists.recordOwnIn(scopeKey(add.origin, add.projectId), add.recordingId, add.shortId, true);
      const who = recordingName(null, add.recordingId, Date.now());
      await deps.flash(add.tabId, 'done', t('quickAddedViaSession', displayName(add.playlistName), who));
    },
    onMenuClicked: menus.onClicked,
    syncMenus: menus.sync,
    /** The link menu's add item names the last-used collection: after it changed. */
    retitleMenus: menus.retitle,
    /** For the bulk room: the writes it makes through (its sessions, key refusals, membership). */
    actions,
    /** Who a recording is, when already known (never a request): for the bulk room's report. */
    cachedFace,
    /** For the person page: one recording as a link's menu adds it, and the picker. */
    forPersonPage: {
      addToLastUsed: (target: RecordingTarget) => quickAdd.forLink(target, undefined),
      choose: (target: RecordingTarget) => quickAdd.choose(target),
      lastUsedName: async (projectId: number) => (await playlists.lastUsedNames())[String(projectId)] ?? null,
    },
    /** For `popup/open`: the session's pick (taken) and last action. */
    sessionState: () => recordingSessionState(actions, quickAdd),
    /**
     * For the settings room's `clearCaches` (another key or PostHog, Forget key): the origins that
     * refused the old key, the last action and the picker's pick, in memory as well as in
     * storage.session (Forget key empties that area directly, under the stores' memory).
     */
    clear: async () => {
      await Promise.all([actions.forget(), quickAdd.forgetPick()]);
    },
  };
}
export type RecordingsFeature = ReturnType<typeof createRecordingsFeature>;
