import { createPostHogClient } from '../../api/client';
import type { QuickAddResult } from '../../messaging/collection-messages';
import { logFailure } from '../../platform/log';
import type { StorageAreaLike } from '../../platform/storage';
import { personPagePath } from '../../posthog/person-asks';
import type { BulkAdd } from '../bulk/bulk-add';
import type { Handlers } from '../messages/dispatcher';
import type { RecordingTarget } from '../recordings/quick-add';
import type { SettingsService } from '../settings/settings';
import type { BadgeFlash } from '../toolbar/badge-flash';
import { createKeptPersonAsks } from './kept-person-asks';
import { createPersonAdds } from './person-adds';
import { createPersonCache } from './person-cache';
import { createPersonLookup } from './person-lookup';
import { createPersonMenus, type PersonMenusLike } from './person-menus';

/** The parts of the browser the persons room uses. */
export interface PersonsBrowser {
  contextMenus: PersonMenusLike;
  storage: { session: StorageAreaLike };
  runtime: { getURL(path: '/persons.html'): string };
  tabs: { create(properties: { url: string; index?: number; openerTabId?: number }): Promise<unknown> };
}

export interface PersonsFeatureDeps {
  browser: PersonsBrowser;
  settings: Pick<SettingsService, 'connection' | 'appOrigins'>;
  /** The recordings room's adds: the shortcut's way for one, and the picker. */
  recordings: {
    addToLastUsed: (target: RecordingTarget) => Promise<QuickAddResult>;
    choose: (target: RecordingTarget) => Promise<unknown>;
    /** The project's last-used collection's name; null before one was used. */
    lastUsedName?: (projectId: number) => Promise<string | null>;
  };
  /** The bulk room's add: the selection's way for several. */
  bulkAdd: Pick<BulkAdd, 'add'>;
  flash: BadgeFlash;
  /** Told when a kept answer expires (the storage room's sweep). */
  expiresAt?: (when: number) => void;
}

/**
 * A customer's recordings from any page: the menu on a selection or a person link opens Hogmark's
 * person page (`persons.html?ask=<id>`, the ask kept in `storage.session`), which reads its ask with
 * `persons/kept-ask` and asks `persons/find`, `persons/recordings` and `persons/add`.
 */
export function createPersonsFeature(deps: PersonsFeatureDeps) {
  const { browser, settings } = deps;
  const cache = createPersonCache(browser.storage.session, Date.now, undefined, deps.expiresAt);
  const lookup = createPersonLookup({
    connection: settings.connection,
    // Every listing counts against a small allowance: a 429 is reported with its wait, never retried.
    api: (connection, projectId) =>
      createPostHogClient({ ...connection, retry: { retryThrottled: false } }).project(projectId).persons,
    cache,
  });
  const keptAsks = createKeptPersonAsks(browser.storage.session);
  const connectedOrigin = async () => (await settings.connection()).origin;
  const menus = createPersonMenus({
    menus: browser.contextMenus,
    getAppOrigins: settings.appOrigins,
    connectedOrigin: () => connectedOrigin().catch(() => null),
    openPersonPage: async (opened, tab) => {
      const url = browser.runtime.getURL(personPagePath(await keptAsks.keep(opened)) as '/persons.html');
      await browser.tabs.create({
        url,
        ...(tab?.index === undefined ? {} : { index: tab.index + 1 }),
        ...(tab?.id === undefined ? {} : { openerTabId: tab.id }),
      });
    },
    flash: deps.flash,
    onError: (error) => logFailure('person menu', error),
  });
  const adds = createPersonAdds({
    connectedOrigin,
    addToLastUsed: deps.recordings.addToLastUsed,
    choose: deps.recordings.choose,
    bulkAdd: deps.bulkAdd,
  });
  /** The page says where A adds ("Adding to: Checkout bugs"), with every list and every add. */
  const named = async (projectId: number) => ({
    lastUsedName: (await deps.recordings.lastUsedName?.(projectId).catch(() => null)) ?? null,
  });
  const handlers = {
    'persons/keep-ask': async (opened) => ({ askId: await keptAsks.keep(opened) }),
    'persons/kept-ask': async ({ askId }) => ({ opened: await keptAsks.read(askId) }),
    'persons/find': lookup.find,
    'persons/recordings': async (input) => ({
      ...(await lookup.recordings(input)),
      ...(await named(input.projectId)),
    }),
    'persons/add': async (input) => ({ ...(await adds(input)), ...(await named(input.projectId)) }),
  } satisfies Handlers;

  return {
    handlers,
    syncMenus: menus.sync,
    onMenuClicked: menus.onClicked,
    /** Another key, PostHog or project: nothing found with the old one is shown again. */
    clear: lookup.clear,
    /** Drops the answers past their time (the storage room's sweep). */
    sweepCache: lookup.sweep,
    /**
     * PostHog's listing wait per origin, which it counts per key across every recordings list: the
     * other lists (the site room's) read and keep it here too.
     */
    listingWait: { throttledUntil: cache.throttledUntil, throttle: cache.throttle },
  };
}
export type PersonsFeature = ReturnType<typeof createPersonsFeature>;
