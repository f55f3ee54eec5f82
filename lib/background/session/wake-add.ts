import { addRecordingRoute, type SessionRoute } from '../../api/recording-routes';
import type { CollectionEntry } from '../../messaging/collection-entries';
import { canHoldRecordings, holdingOf } from '../../messaging/collection-holding';
import {
  factsKey,
  membershipIn,
  prefsIn,
  type RecordingFactsView,
  type ScopePrefsView,
  scopeKey,
} from '../../messaging/first-view/cached-list';
import { appOriginsOf, connectedProject, type SettingsView } from '../../messaging/first-view/status';
import { MOVED_MARK, STORED, TRUSTED_COPY } from '../../messaging/first-view/stored-names';
import { trustedCopyOf } from '../../messaging/first-view/trusted-copy';
import { parsePageContext } from '../../posthog/context';
import { originTraits } from '../../posthog/origins';

/**
 * The add a worker woken by the add shortcut sends before the rest of the background has loaded:
 * through the PostHog tab the key was pressed in, to the collection the background would pick, as the
 * user the background would send it as. The background, once loaded, decides the same add again from
 * IndexedDB and takes this one's answer only where it would have sent exactly this request
 * (session-bridge.ts, `adopt`); where it would not, the answer is still accounted for (index.ts).
 */
export interface WakeAdd {
  /** The `session/request`'s id: the tab's reply names it. */
  requestId: string;
  tabId: number;
  origin: string;
  projectId: number;
  shortId: string;
  /** The collection's name as the cached list has it. */
  playlistName: string;
  recordingId: string;
  route: SessionRoute;
  /** The key's owner (PostHog's user uuid), whom the tab's session was known to be. */
  asUser: string;
}

/** Everything the wake script reads, in one `storage.session` read. */
export const WAKE_SESSION_KEYS: readonly string[] = [
  TRUSTED_COPY.key,
  STORED.keyRefusals.key,
  STORED.tabUsers.key,
];

/** The tab the key was pressed in, as `commands.onCommand` gives it. */
export interface WakeTab {
  id?: number;
  url?: string;
  incognito?: boolean;
}

/** A stored value of the version this build reads, else undefined (the background would migrate it). */
function versioned<T>(raw: unknown, item: { version: number }): T | undefined {
  return typeof raw === 'object' && raw !== null && (raw as { version?: unknown }).version === item.version
    ? (raw as T)
    : undefined;
}

/**
 * The add the background would send now for `tab`, from what `storage.session` holds (`stored`:
 * `WAKE_SESSION_KEYS`), or null wherever it might do anything else: no copy of the trusted area (a
 * write under way), no key or project, a page that is not a recording of the connected PostHog, no
 * last-used collection or one the cached list does not show as a collection, the recording already
 * in it as far as Hogmark knows, a PostHog where the key would be tried first, a private window, or
 * a tab not known to be signed in as the key's owner. `allowed`: whether Hogmark may reach the origin.
 */
export function planWakeAdd(
  tab: WakeTab,
  stored: Record<string, unknown>,
  allowed: (origin: string) => boolean,
): Omit<WakeAdd, 'requestId'> | null {
  try {
    if (tab.id === undefined || !tab.url || tab.incognito) return null;
    const copy = trustedCopyOf(stored[TRUSTED_COPY.key]);
    if (copy?.items[MOVED_MARK] !== 1) return null;
    const { items } = copy;
    const settings = versioned<SettingsView>(items[STORED.settings.key], STORED.settings);
    const project = settings && connectedProject(settings, copy.key);
    if (!project || !allowed(project.origin)) return null;
    const context = parsePageContext(tab.url, appOriginsOf(project.origin));
    if (context?.kind !== 'recording' || context.origin !== project.origin) return null;
    const { origin } = project;
    const projectId = context.projectId ?? project.projectId;
    const scope = scopeKey(origin, projectId);
    const prefs = versioned<{ scopes: Record<string, ScopePrefsView> }>(
      items[STORED.collectionPrefs.key],
      STORED.collectionPrefs,
    );
    const shortId = prefs && prefsIn(prefs, scope).lastUsed;
    if (!shortId) return null;
    const cache = versioned<{ scope: string; playlists: CollectionEntry[] }>(
      items[STORED.collectionCache.key],
      STORED.collectionCache,
    );
    const entry =
      cache?.scope === scope ? cache.playlists.find((item) => item.shortId === shortId) : undefined;
    if (!entry || !canHoldRecordings(entry)) return null;
    const facts = versioned<{ recordings: RecordingFactsView[] }>(
      items[STORED.membership.key],
      STORED.membership,
    ) ?? { recordings: [] };
    if (holdingOf(membershipIn(facts, factsKey(scope, context.recordingId)), shortId) === 'in') return null;
    // Where the key is tried first, the wake script does not send: the key is not in storage.session.
    const refusals = versioned<{ origins: string[] }>(stored[STORED.keyRefusals.key], STORED.keyRefusals);
    if (!originTraits(origin).keyRefusedForCollectionWrites && !refusals?.origins.includes(origin)) {
      return null;
    }
    const check = versioned<{ check: { origin: string; user: { uuid: string } } | null }>(
      items[STORED.keyCheck.key],
      STORED.keyCheck,
    )?.check;
    const asUser = check?.origin === origin ? check.user.uuid : undefined;
    const users = versioned<{ users: Record<string, { uuid: string }> }>(
      stored[STORED.tabUsers.key],
      STORED.tabUsers,
    );
    if (!asUser || users?.users[String(tab.id)]?.uuid !== asUser) return null;
    return {
      tabId: tab.id,
      origin,
      projectId,
      shortId,
      playlistName: entry.name,
      recordingId: context.recordingId,
      route: addRecordingRoute(projectId, shortId, context.recordingId),
      asUser,
    };
  } catch {
    // A stored value of an unexpected shape: the background decides.
    return null;
  }
}

/** The `session/request` the tab's content script takes (the protocol's envelope, unchecked here). */
export function wakeRequestMessage(add: WakeAdd): {
  type: 'session/request';
  input: Record<string, unknown>;
} {
  const { route } = add;
  return {
    type: 'session/request',
    input: {
      requestId: add.requestId,
      origin: add.origin,
      method: route.method,
      path: route.path,
      ...(route.body === undefined ? {} : { body: route.body }),
    },
  };
}
