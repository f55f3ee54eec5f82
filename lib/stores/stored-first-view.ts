import type { CollectionEntry } from '../messaging/collection-entries';
import {
  collectionListOf,
  factsKey,
  membershipIn,
  prefsIn,
  type RecordingFactsView,
  type ScopePrefsView,
  scopeKey,
} from '../messaging/first-view/cached-list';
import { pendingStateOf, type StoredChangeView } from '../messaging/first-view/pending-state';
import { createPopupOpen, type LastAction, recentAction } from '../messaging/first-view/popup-open';
import {
  appOriginsOf,
  connectedProject,
  type KeyCheckView,
  type SettingsView,
  statusOf,
} from '../messaging/first-view/status';
import {
  FIRST_VIEW_TRUSTED_KEYS,
  MOVED_MARK,
  STORED,
  tabHintsKey,
} from '../messaging/first-view/stored-names';
import { tabViewOf } from '../messaging/first-view/tab-view';
import type { PageHints, PopupOpen } from '../messaging/messages';
import type { PendingNotice } from '../messaging/pending-messages';
import { type RecordingRef, sameRecording } from '../messaging/picker-recording';
import { AppError } from '../platform/errors';
import type { StoredSnapshot } from '../platform/key-store';
import { DEFAULT_APP_ORIGIN } from '../posthog/app-origins';
import { accessGrantedByManifest } from '../posthog/origins';

export interface StoredFirstViewDeps {
  /** One read-only moment of the trusted area and of the key's state (never the key). */
  snapshot: (itemKeys: readonly string[]) => Promise<StoredSnapshot>;
  /** `storage.session` (the extension's pages may read it; content scripts may not). */
  session: { get(keys: string[]): Promise<Record<string, unknown>> };
  /** The tab's URL and title now (the toolbar click's activeTab grants them). */
  getTab: (tabId: number) => Promise<{ url?: string; title?: string } | undefined>;
  /** Whether the user granted access to a self-hosted origin (Cloud is in the manifest). */
  hostAccess: (origin: string) => Promise<boolean>;
  now?: () => number;
}

/** A stored value the stores cannot vouch for here: the background migrates or repairs it first. */
class CannotSay extends Error {}

/** The stored value if it has the version this build reads; the item's default when there is none. */
function current<T>(raw: unknown, item: { version: number }, fallback: T): T {
  if (raw === undefined) return fallback;
  if (typeof raw !== 'object' || raw === null || (raw as { version?: unknown }).version !== item.version) {
    throw new CannotSay();
  }
  return raw as T;
}

/**
 * The popup's first view, made in the popup from what the extension keeps (its IndexedDB and
 * `storage.session`, both out of content scripts' reach) with the code the background answers
 * `popup/open` with, so it is what the background would answer at that moment. The background
 * writes each of these values through its schema; here only the version is checked, so the popup
 * carries no schema runtime. Null when the stores cannot say: before the first move out of
 * `storage.local`, a value still to be migrated, a key saved before its mask was kept, a pick from
 * the context menu waiting to be taken or just taken, a collection or dashboard page named only by a
 * cached list. Then the popup waits for the background, as it always did.
 */
export function createStoredFirstView(deps: StoredFirstViewDeps) {
  const now = deps.now ?? Date.now;

  return async function storedFirstView(input: {
    tabId?: number;
    recording?: RecordingRef | null;
  }): Promise<PopupOpen | null> {
    const { tabId } = input;
    const sessionKeys: string[] = [STORED.lastAction.key, STORED.pendingPick.key];
    if (tabId !== undefined) sessionKeys.push(tabHintsKey(tabId));
    const tab = tabId === undefined ? Promise.resolve(undefined) : deps.getTab(tabId);
    try {
      const [snapshot, session] = await Promise.all([
        deps.snapshot(FIRST_VIEW_TRUSTED_KEYS),
        deps.session.get(sessionKeys),
      ]);
      const { items, key } = snapshot;
      if (items[MOVED_MARK] !== 1) return null;
      // Written and deleted with the key in one transaction: a key without one predates masks.
      if (key.saved !== (key.masked !== null)) return null;
      const settings = current<SettingsView>(items[STORED.settings.key], STORED.settings, {
        origin: DEFAULT_APP_ORIGIN,
      });
      const keyCheck = current<KeyCheckView>(items[STORED.keyCheck.key], STORED.keyCheck, { check: null });
      const { pick } = current<{ pick: (RecordingRef & { taken?: true }) | null }>(
        session[STORED.pendingPick.key],
        STORED.pendingPick,
        { pick: null },
      );
      // The background takes a pick once; only it may. One it just took (marked taken until the next
      // `popup/open`) may be this popup's own, read here after the take: only that answer names it,
      // unless this popup is the picker window for that very recording (then both views are alike).
      if (pick && !(pick.taken && sameRecording(pick, input.recording ?? null))) return null;
      const lastAction = current<{ action: LastAction | null }>(
        session[STORED.lastAction.key],
        STORED.lastAction,
        { action: null },
      );
      const hints =
        tabId === undefined
          ? { url: '', hints: {} }
          : current<{ url: string; hints: PageHints }>(session[tabHintsKey(tabId)], STORED.tabHints, {
              url: '',
              hints: {},
            });
      const collections = current<{ scope: string; fetchedAt: number; playlists: CollectionEntry[] } | null>(
        items[STORED.collectionCache.key],
        STORED.collectionCache,
        null,
      );
      const prefs = current<{ scopes: Record<string, ScopePrefsView> }>(
        items[STORED.collectionPrefs.key],
        STORED.collectionPrefs,
        { scopes: {} },
      );
      const facts = current<{ recordings: RecordingFactsView[] }>(
        items[STORED.membership.key],
        STORED.membership,
        { recordings: [] },
      );
      const pending = current<{ changes: StoredChangeView[]; notices: PendingNotice[] }>(
        items[STORED.pending.key],
        STORED.pending,
        { changes: [], notices: [] },
      );
      const at = now();

      const open = createPopupOpen({
        status: async () => statusOf(key.saved ? key.masked : null, settings, keyCheck),
        tabView: async () => {
          const view = tabViewOf(await tab, appOriginsOf(settings.origin), hints);
          if (view.unnamed) throw new CannotSay();
          return { context: view.context, hints: view.hints };
        },
        sessionState: async () => ({ pick: null, lastAction: recentAction(lastAction.action, at) }),
        // As the background's `playlists/list` from the cache: only for the connected PostHog.
        cachedPlaylists: async (recording) => {
          const project = connectedProject(settings, key);
          if (!project) throw new AppError('not-configured');
          if (!accessGrantedByManifest(project.origin) && !(await deps.hostAccess(project.origin))) {
            throw new AppError('permission-denied');
          }
          const projectId = recording.projectId ?? project.projectId;
          const scope = scopeKey(project.origin, projectId);
          return collectionListOf(
            projectId,
            collections?.scope === scope ? collections : null,
            prefsIn(prefs, scope),
            membershipIn(facts, factsKey(scope, recording.recordingId)),
          );
        },
        tabUrl: async () => (await tab)?.url,
        // Told as the background tells them; it marks them told when it answers.
        pendingState: async () => pendingStateOf(pending, at),
      });
      return await open({
        ...(tabId === undefined ? {} : { tabId }),
        ...(input.recording ? { recording: input.recording } : {}),
      });
    } catch {
      // Whatever the stores could not say (or a read that failed), the background says.
      return null;
    }
  };
}
export type StoredFirstView = ReturnType<typeof createStoredFirstView>;
