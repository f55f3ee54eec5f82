import type { QuickAddResult } from '../../messaging/collection-messages';
import type { MessageOutput } from '../../messaging/messages';
import { AppError, isAppError, toAppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { createItemStore, memoizeItemStore, type StorageAreaLike } from '../../platform/storage';
import { shortCollectionName } from '../../posthog/collection-names';
import type { PageContext } from '../../posthog/context';
import { type FaceName, recordingName } from '../../posthog/recording-names';
import { pendingPickItem } from '../collections/collection-store';
import type { CollectionScope, CollectionService } from '../collections/collections';
import type { HandlerContext } from '../messages/dispatcher';
import type { PendingChanges } from '../pending/pending-queue';
import type { FlashKind } from '../toolbar/badge-flash';
import { type RecordingFaceRead, recordingFaces } from './face-beside';
import { keepChangeForLater } from './keep-for-later';
import { type ActionPage, displayName, type RecordingActions } from './recording-actions';

/** A recording somewhere in PostHog (a tab's page, or a link). */
export interface RecordingTarget {
  origin: string;
  projectId: number | null;
  recordingId: string;
}

export interface QuickAddDeps {
  actions: RecordingActions;
  playlists: CollectionService;
  /** The tab-context service's `get`: the browser's URL of the tab, parsed. */
  tabContext: (tabId: number) => Promise<{ context: PageContext | null }>;
  flash: (tabId: number, kind: FlashKind, title: string) => Promise<void>;
  /** `browser.storage.session`: where the picker finds the recording it was opened for. */
  session: StorageAreaLike;
  /** `browser.action.openPopup()`; throws where the browser does not allow it. */
  openPopup: () => Promise<void>;
  /**
   * Opens `popup.html?recording=…&project=…` in a small window (`&from=…`: the tab the user acted in,
   * whose Firefox container a pick that waits keeps).
   */
  openPickerWindow: (recordingId: string, projectId: number, fromTab?: number) => Promise<void>;
  /** Where an add PostHog cannot take now (signed out, offline, down) waits to be made. */
  pending?: PendingChanges;
  /**
   * Who a recording is, as PostHog says (the share-links room keeps it ten minutes): from `cache`,
   * only what is known; from `server`, one read with the key when nothing is. Null when unknown.
   */
  recordingFace?: RecordingFaceRead;
  /** The key's owner (PostHog's user uuid), kept with a change that waits. */
  keyOwner?: () => Promise<string | undefined>;
  /** A tab's Firefox container (`cookieStoreId`), kept with a change that waits; none in Chromium. */
  containerOf?: (tabId: number) => Promise<string | undefined>;
  /** Whether a tab is in a private window: a change asked there is never kept for later. */
  privateTab?: (tabId: number) => Promise<boolean>;
  now?: () => number;
  /** How long a sentence waits for the face once the add is answered, before naming by id. */
  faceWaitMs?: number;
}

/** The in-page button's tooltip after an add: the whole sentence, bounded as the protocol takes it. */
const PAGE_DETAIL_CHARS = 600;
/** A sentence of the shortcut's or a link's add without its closing "Open Hogmark to undo". */
const withoutUndoHint = (message: string) => message.replace(` ${t('quickAddUndoHint')}`, '');

/** A pick older than this is not what the popup was opened for. */
const PICK_TTL_MS = 60_000;
/** The face read runs beside the add; once the add is answered, it is waited for this long at most. */
const FACE_WAIT_MS = 1500;

/**
 * "Add to the last-used collection" without the popup: the keyboard command, the context menu on
 * recording links and the in-page button all land here, so they behave alike and report alike.
 */
export function createQuickAdd(deps: QuickAddDeps) {
  const now = deps.now ?? Date.now;
  // This service alone writes the pending pick: the popup reads it on every open, from memory.
  const pending = memoizeItemStore(createItemStore(deps.session, pendingPickItem));

  async function recordingOfTab(tabId: number): Promise<RecordingTarget | null> {
    const { context } = await deps.tabContext(tabId);
    return context?.kind === 'recording' ? context : null;
  }

  /** The popup's picker for this recording: the toolbar popup where allowed, else a small window. */
  async function openPicker(
    target: { origin: string; projectId: number; recordingId: string },
    fromTab: number | undefined,
  ) {
    await pending.set({ version: 1, pick: { ...target, at: now() } });
    try {
      await deps.openPopup();
    } catch {
      await deps.openPickerWindow(target.recordingId, target.projectId, fromTab);
    }
  }

  const { faceBeside, cachedFace } = recordingFaces(deps.recordingFace, deps.faceWaitMs ?? FACE_WAIT_MS);

  /** `tabId`: the tab the user acted in (its Firefox container is kept with an add that waits). */
  async function addToLastUsed(
    target: RecordingTarget,
    tabId: number | undefined,
    page?: ActionPage,
  ): Promise<QuickAddResult> {
    try {
      const scope = await deps.playlists.scopeOf(target.projectId ?? undefined);
      if (target.origin !== scope.connection.origin) {
        return {
          outcome: 'failed',
          message: t('contextOtherOrigin', target.origin, scope.connection.origin),
        };
      }
      const { lastUsed } = await deps.playlists.prefs(scope);
      if (!lastUsed) {
        await openPicker({ ...target, projectId: scope.projectId }, tabId);
        return { outcome: 'needs-choice', message: t('quickAddChoose') };
      }
      const input = { projectId: scope.projectId, shortId: lastUsed, recordingId: target.recordingId };
      const faceOf = faceBeside(input);
      let result: Awaited<ReturnType<RecordingActions['add']>>;
      try {
        // The tab goes with it: asked from a PostHog tab, the add goes through that tab's container.
        result = await deps.actions.add(tabId === undefined ? input : { ...input, tabId }, page);
      } catch (error) {
        const kept = await keepForLater(scope, { ...input, face: await faceOf(), tabId }, 'add', error);
        if (kept) return kept;
        throw error;
      }
      const playlistName = displayName(result.playlistName);
      const who = recordingName(await faceOf(), target.recordingId, now());
      if (result.outcome === 'already') {
        return { outcome: 'already', playlistName, message: t('quickAlreadyIn', playlistName, who) };
      }
      return {
        outcome: 'added',
        playlistName,
        ...(result.via ? { via: result.via } : {}),
        ...(result.actionId ? { actionId: result.actionId } : {}),
        message: `${t(result.quietTab ? 'quickAddedViaQuietTab' : result.via === 'session' ? 'quickAddedViaSession' : 'quickAdded', playlistName, who)} ${t('quickAddUndoHint')}`,
      };
    } catch (error) {
      return { outcome: 'failed', message: toAppError(error).userMessage() };
    }
  }

  const keepForLater = (
    scope: CollectionScope,
    input: { shortId: string; recordingId: string; face?: FaceName | null; tabId: number | undefined },
    direction: 'add' | 'remove',
    error: unknown,
  ) => keepChangeForLater(deps, scope, { ...input, direction }, error, true);

  async function report(tabId: number | undefined, result: QuickAddResult): Promise<QuickAddResult> {
    const kind: FlashKind =
      result.outcome === 'added'
        ? 'done'
        : result.outcome === 'already'
          ? 'same'
          : result.outcome === 'pending'
            ? 'pending'
            : 'failed';
    if (tabId !== undefined && result.outcome !== 'needs-choice')
      await deps.flash(tabId, kind, result.message);
    return result;
  }

  return {
    /** The context menu's "Choose a playlist…": the picker, for a recording on the connected PostHog. */
    async choose(target: RecordingTarget, tabId?: number): Promise<void> {
      const scope = await deps.playlists.scopeOf(target.projectId ?? undefined);
      if (target.origin !== scope.connection.origin) {
        throw new AppError('invalid-input', {
          detail: t('contextOtherOrigin', target.origin, scope.connection.origin),
        });
      }
      await openPicker(
        { origin: target.origin, projectId: scope.projectId, recordingId: target.recordingId },
        tabId,
      );
    },

    /** The keyboard command (and `playlists/quick-add`): the recording this tab shows. */
    async forTab(tabId: number): Promise<QuickAddResult> {
      const target = await recordingOfTab(tabId);
      if (!target) return report(tabId, { outcome: 'not-a-recording', message: t('quickAddNotRecording') });
      return report(tabId, await addToLastUsed(target, tabId));
    },

    /**
     * The context menu on a recording link, shown on the tab the link was in; the popup over that
     * page (`pageUrl`) offers Undo too, as it does over the recording itself.
     */
    async forLink(
      target: RecordingTarget,
      tabId: number | undefined,
      pageUrl?: string,
    ): Promise<QuickAddResult> {
      const page = tabId !== undefined && pageUrl ? { tabId, url: pageUrl } : undefined;
      return report(tabId, await addToLastUsed(target, tabId, page));
    },

    /** `recording/add-from-page`: the recording is the sender tab's, whatever the page claims. */
    async fromPage(
      _input: unknown,
      { sender }: HandlerContext,
    ): Promise<MessageOutput<'recording/add-from-page'>> {
      const target = sender.tabId === undefined ? null : await recordingOfTab(sender.tabId);
      const result = target
        ? await report(sender.tabId, await addToLastUsed(target, sender.tabId))
        : { outcome: 'not-a-recording' as const, message: t('quickAddNotRecording') };
      const added = result.outcome === 'added' && result.playlistName !== undefined;
      // Beside its own Undo, the button answers "✓ Checkout bugs"; the whole sentence is its tooltip.
      const message = added
        ? t('inPageAdded', shortCollectionName(result.playlistName ?? ''))
        : result.outcome === 'needs-choice'
          ? t('inPageChoose')
          : result.message;
      return {
        added: result.outcome === 'added',
        ...(result.playlistName ? { playlistName: result.playlistName } : {}),
        via: result.via ?? 'key',
        message,
        // Beside its own Undo, the sentence is told without "Open Hogmark to undo".
        ...(added ? { detail: withoutUndoHint(result.message).slice(0, PAGE_DETAIL_CHARS) } : {}),
        undoable: result.outcome === 'added',
      };
    },

    /** `recording/undo-from-page`: only the last action, and only for the recording this tab shows. */
    async undoFromPage(
      _input: unknown,
      { sender }: HandlerContext,
    ): Promise<{ undone: boolean; message: string }> {
      const target = sender.tabId === undefined ? null : await recordingOfTab(sender.tabId);
      const action = await deps.actions.recentAction();
      if (!target || !action || action.recordingId !== target.recordingId || action.change !== 'added') {
        return { undone: false, message: t('playlistUndoExpired') };
      }
      try {
        const result = await deps.actions.undo(action.id);
        return { undone: true, message: t('playlistRemovedFrom', displayName(result.playlistName)) };
      } catch (error) {
        const scope = await deps.playlists.scopeOf(action.projectId).catch(() => null);
        const kept =
          scope &&
          (await keepForLater(
            scope,
            {
              shortId: action.shortId,
              recordingId: action.recordingId,
              face: await cachedFace({ projectId: action.projectId, recordingId: action.recordingId }),
              tabId: sender.tabId,
            },
            'remove',
            error,
          ));
        if (kept) return { undone: false, message: kept.message };
        return { undone: false, message: isAppError(error) ? error.userMessage() : t('error_unknown') };
      }
    },

    /**
     * `recording/cancel-from-page`: stops waiting for the in-page button's add (to the last-used
     * collection) or undo (of the last action), only for the recording the sender's tab shows; that
     * write's own answer then says what PostHog did.
     */
    async cancelFromPage(_input: unknown, { sender }: HandlerContext): Promise<{ cancelled: boolean }> {
      const target = sender.tabId === undefined ? null : await recordingOfTab(sender.tabId);
      if (!target) return { cancelled: false };
      const scope = await deps.playlists.scopeOf(target.projectId ?? undefined);
      if (target.origin !== scope.connection.origin) return { cancelled: false };
      const [{ lastUsed }, action] = await Promise.all([
        deps.playlists.prefs(scope),
        deps.actions.recentAction(),
      ]);
      const shortIds = [lastUsed, action?.recordingId === target.recordingId ? action.shortId : null];
      const stopped = shortIds.map(
        (shortId) =>
          !!shortId &&
          deps.actions.cancel({ projectId: scope.projectId, shortId, recordingId: target.recordingId }),
      );
      return { cancelled: stopped.includes(true) };
    },

    /** Another key or PostHog: a pick made for the old one is not offered. */
    forgetPick: () => pending.remove(),

    /** The pick `popup/open` answers: taken once (marked, then cleared by the next), only while fresh. */
    async takePick(): Promise<{ projectId: number; recordingId: string } | null> {
      const { pick } = await pending.get();
      if (!pick) return null;
      await pending.set({ version: 1, pick: pick.taken ? null : { ...pick, taken: true } });
      if (pick.taken) return null;
      if (now() - pick.at > PICK_TTL_MS) return null;
      const scope = await deps.playlists.scopeOf(pick.projectId);
      if (scope.connection.origin !== pick.origin) return null;
      return { projectId: pick.projectId, recordingId: pick.recordingId };
    },
  };
}
export type QuickAdd = ReturnType<typeof createQuickAdd>;
