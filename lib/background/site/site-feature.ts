import { createPostHogClient } from '../../api/client';
import type { QuickAddResult } from '../../messaging/collection-messages';
import type { MySession, SiteLook } from '../../messaging/site-messages';
import type { StorageAreaLike } from '../../platform/storage';
import { isPostHogAppPath } from '../../posthog/page-areas';
import { isSessionLive, type SiteIdentity } from '../../posthog/site-storage';
import { openAllUrl } from '../../posthog/visited-page';
import { personText } from '../../posthog/visitor-text';
import type { CollectionService } from '../collections/collections';
import type { Handlers } from '../messages/dispatcher';
import type { RecordingTarget } from '../recordings/quick-add';
import type { RecordingActions } from '../recordings/recording-actions';
import type { Connection, SettingsService } from '../settings/settings';
import { createProjectMatch } from './project-match';
import { createSiteAdds } from './site-adds';
import { createSiteCache } from './site-cache';
import { createSiteChoices } from './site-choices';
import { createSiteLister, type ListingWait } from './site-lister';
import { createSiteReader, posthogStorageInPage } from './storage-reader';

/** The parts of the browser the site room uses. */
export interface SiteBrowser {
  /** With the popup click's activeTab grant: reads posthog-js's entries of the tab's page, once. */
  scripting: {
    executeScript(injection: {
      target: { tabId: number };
      func: typeof posthogStorageInPage;
    }): Promise<Array<{ result?: unknown }>>;
  };
  tabs: { get(tabId: number): Promise<{ url?: string }> };
  storage: { session: StorageAreaLike };
}

export interface SiteFeatureDeps {
  browser: SiteBrowser;
  settings: Pick<SettingsService, 'connection'>;
  /** Trusted storage (IndexedDB): the project chosen for a site. */
  trusted: StorageAreaLike;
  /** The recordings room's adds (as the person page's), and its add with a note. */
  recordings: {
    addToLastUsed: (target: RecordingTarget) => Promise<QuickAddResult>;
    choose: (target: RecordingTarget) => Promise<unknown>;
    lastUsedName: (projectId: number) => Promise<string | null>;
    add: RecordingActions['add'];
  };
  /** The collections room's service: the project's last-used collection. */
  collections: Pick<CollectionService, 'scopeOf' | 'prefs'>;
  now?: () => number;
  /** Told when a kept list expires (the storage room's sweep). */
  expiresAt?: (when: number) => void;
  /** PostHog's listing wait, shared with the persons room (its own when none is given). */
  listingWait?: ListingWait;
}

const sessionOf = (identity: SiteIdentity | null, now: number): MySession | null => {
  const session = identity?.session;
  if (!session) return null;
  return {
    id: session.id,
    startMs: session.startMs,
    lastActivityMs: session.lastActivityMs,
    live: isSessionLive(session, now),
    person:
      identity.userState === 'identified' && identity.distinctId ? personText(identity.distinctId) : null,
  };
};

/**
 * "Recorded here": what the tab's site is (its posthog-js storage, read on the popup's click, matched
 * to a project of the credential), the recordings that visited its page, and adding them. Answers
 * `site/look`, `site/choose`, `site/recordings` and `site/add`.
 */
export function createSiteFeature(deps: SiteFeatureDeps) {
  const { browser, settings } = deps;
  const now = deps.now ?? Date.now;
  const cache = createSiteCache(browser.storage.session, now, deps.expiresAt);
  const choices = createSiteChoices(deps.trusted);
  // Every listing counts against a small allowance: a 429 is reported with its wait, never retried.
  const client = (connection: Connection, probe = false) =>
    createPostHogClient({ ...connection, retry: { retryThrottled: false, ...(probe ? { limit: 0 } : {}) } });
  const readSite = createSiteReader({
    readStorage: async (tabId) =>
      (await browser.scripting.executeScript({ target: { tabId }, func: posthogStorageInPage }))[0]?.result,
    tabUrl: async (tabId) => (await browser.tabs.get(tabId)).url,
  });
  const match = createProjectMatch({
    cache,
    projects: (connection) => {
      const api = client(connection);
      return {
        list: () => api.projects.list(),
        get: (id) => api.projects.get(id),
        scopedTeams: async () => (await api.keys.current()).scoped_teams ?? [],
      };
    },
  });
  const lister = createSiteLister({
    cache,
    wait: deps.listingWait ?? cache,
    now,
    list: (connection, projectId, search, { from, probe }) =>
      client(connection, probe).project(projectId).siteRecordings.list(search, from),
  });
  const adds = createSiteAdds({
    connectedOrigin: async () => (await settings.connection()).origin,
    addToLastUsed: deps.recordings.addToLastUsed,
    choose: deps.recordings.choose,
    lastUsed: async (projectId) => {
      const prefs = await deps.collections.prefs(await deps.collections.scopeOf(projectId));
      return prefs.lastUsed ? { shortId: prefs.lastUsed, name: prefs.lastUsedName ?? '' } : null;
    },
    add: (input) => deps.recordings.add(input),
  });

  /**
   * The token first (the page says where it sends), then the project the user chose for the site,
   * then the one project whose domains allow it; `anew`: the user asked to choose again.
   */
  async function look(tabId: number, anew = false): Promise<SiteLook> {
    const page = await readSite(tabId);
    if (!page) return { kind: 'unreadable' };
    const site = { origin: page.url.origin, host: page.url.host };
    const connection = await settings.connection();
    // PostHog's own app: its posthog-js records PostHog's project, not a site of the user's.
    if (site.origin === connection.origin && isPostHogAppPath(page.url.pathname))
      return { kind: 'unreadable' };
    const { identities } = page.storage;
    const origin = connection.origin;
    if (identities.length === 0) {
      const reachable = await match.reachable(connection);
      const chosen = anew ? null : await choices.get(origin, site.origin);
      const project = reachable.find((candidate) => candidate.id === chosen);
      if (project) {
        const named = { id: project.id, name: project.name };
        return { kind: 'found', site, origin, project: named, by: 'choice', session: null };
      }
      if (anew) {
        const projects = reachable.slice(0, 500).map(({ id, name }) => ({ id, name }));
        return { kind: 'choose', site, sawPostHog: page.storage.sawPostHog, projects };
      }
    }
    const found = await match.match(connection, identities, page.url.hostname);
    if (found.kind === 'elsewhere') return { kind: 'elsewhere', site };
    if (found.kind === 'found') {
      const session = sessionOf(found.identity, now());
      return { kind: 'found', site, origin, project: found.project, by: found.by, session };
    }
    const projects = found.projects.slice(0, 500);
    return { kind: 'choose', site, sawPostHog: page.storage.sawPostHog, projects };
  }

  const handlers = {
    'site/look': ({ tabId }) => look(tabId),
    'site/choose': async ({ tabId, projectId }) => {
      const url = (await browser.tabs.get(tabId)).url;
      const origin = url && URL.canParse(url) ? new URL(url).origin : null;
      if (origin && origin !== 'null')
        await choices.set((await settings.connection()).origin, origin, projectId);
      // Forgetting the choice is asking to choose again: every project is offered.
      return look(tabId, projectId === null);
    },
    'site/recordings': async (input) => {
      const connection = await settings.connection();
      const tabUrl = (await browser.tabs.get(input.tabId)).url ?? '';
      const [{ recordings, next, query }, lastUsedName] = await Promise.all([
        lister.list(connection, input, tabUrl),
        deps.recordings.lastUsedName(input.projectId).catch(() => null),
      ]);
      return {
        recordings,
        next,
        openAllUrl: openAllUrl(connection.origin, input.projectId, query),
        lastUsedName,
      };
    },
    'site/add': adds,
  } satisfies Handlers;

  return {
    handlers,
    /** Another key or PostHog: nothing found with the old one is shown again. */
    clear: () => cache.clear(),
    /** Drops the lists past their time (they name people); when the next kept one expires. */
    sweepCache: () => cache.sweep(),
  };
}
export type SiteFeature = ReturnType<typeof createSiteFeature>;
