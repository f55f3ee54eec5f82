import { createPostHogClient } from '../../api/client';
import type { PageHints } from '../../messaging/messages';
import { logFailure } from '../../platform/log';
import type { StorageAreaLike } from '../../platform/storage';
import { type PageContext, parsePageContext } from '../../posthog/context';
import type { DashboardsService } from '../dashboards/dashboards';
import type { Handlers } from '../messages/dispatcher';
import type { SettingsService } from '../settings/settings';
import type { BadgeFlash } from '../toolbar/badge-flash';
import type { ClipboardWriter } from '../toolbar/clipboard';
import { createCopyLinkCommand } from './copy-link';
import { createItemLinks } from './item-links';
import { createLinkMenus, MENU_KINDS, type MenusLike } from './link-menus';
import { createReviewDoc } from './review-doc';
import { createShareLinks } from './share-links';

export interface ShareLinksFeatureDeps {
  browser: { contextMenus: MenusLike; storage: { session: StorageAreaLike } };
  settings: Pick<SettingsService, 'connection' | 'appOrigins' | 'publicSharing' | 'keyCan'>;
  dashboards: Pick<DashboardsService, 'sharing'>;
  /** What a tab shows (the tabs room). */
  view: (tabId: number) => Promise<{ context: PageContext | null; hints: PageHints }>;
  toolbar: { flash: BadgeFlash; clipboard: Pick<ClipboardWriter, 'write'> };
  /** Told when a kept answer expires (the storage room's sweep). */
  expiresAt?: (when: number) => void;
}

/**
 * The right link of what the user looks at: public when PostHog says sharing is on, else private;
 * a recording at the player's second. For the popup (`dashboards/share-link`, `insights/…`,
 * `recordings/share-link`, `notebooks/get`), a collection as a review doc (`playlists/review-doc`,
 * `recordings/notes`), the copy shortcut and the link menu items.
 */
export function createShareLinksFeature(deps: ShareLinksFeatureDeps) {
  const { browser, settings, toolbar } = deps;
  const appOrigins = settings.appOrigins;
  const items = createItemLinks({
    connection: settings.connection,
    api: (connection, projectId) => createPostHogClient(connection).project(projectId).items,
    publicSharing: settings.publicSharing,
    canReadRecordings: () => settings.keyCan('recordingFaces'),
    session: browser.storage.session,
    ...(deps.expiresAt ? { expiresAt: deps.expiresAt } : {}),
  });
  const reviewDoc = createReviewDoc({
    connection: settings.connection,
    api: (connection, projectId) => {
      const project = createPostHogClient(connection).project(projectId);
      return { playlists: project.playlists, items: project.items };
    },
  });
  const shareLinks = createShareLinks({
    connection: settings.connection,
    sharing: deps.dashboards.sharing,
    publicSharing: settings.publicSharing,
    insightShareLink: items.insightShareLink,
  });
  const copyLink = createCopyLinkCommand({
    view: deps.view,
    parsePageContext,
    getAppOrigins: appOrigins,
    bestLink: (context, hints) => shareLinks.bestLink(context, hints),
    write: toolbar.clipboard.write,
    flash: toolbar.flash,
    onError: (error) => logFailure('copy link', error),
  });
  const menu = createLinkMenus({
    menus: browser.contextMenus,
    getAppOrigins: appOrigins,
    onError: (error) => logFailure('link menu', error),
  });
  const handlers = {
    'dashboards/share-link': shareLinks.shareLink,
    'insights/get': items.insight,
    'insights/share-link': items.insightShareLink,
    'recordings/share-link': items.recordingShareLink,
    'notebooks/get': items.notebook,
    'recordings/face': items.recordingFace,
    'playlists/review-doc': reviewDoc.collection,
    'recordings/notes': reviewDoc.notes,
  } satisfies Handlers;

  return {
    handlers,
    syncMenus: menu.sync,
    /** For the settings room: answers read with another key are not reused. */
    clear: items.clear,
    /** Drops the answers past their time (the storage room's sweep). */
    sweepCache: items.sweep,
    /** Who a tab's recording is, when PostHog already said (the toolbar's title; no request). */
    recordingPerson: items.recordingPerson,
    /** The copy shortcut: the best link of the page in the tab. */
    copyFromTab: copyLink.copyFromTab,
    /** `contextMenus.onClicked`: "Copy dashboard / insight / notebook link" on such a link. */
    async onMenuClicked(info: { menuItemId: string | number; linkUrl?: string }, tab?: { id?: number }) {
      const kind = MENU_KINDS.get(String(info.menuItemId));
      if (kind && tab?.id !== undefined && info.linkUrl)
        await copyLink.copyFromLink(tab.id, info.linkUrl, kind);
    },
  };
}
export type ShareLinksFeature = ReturnType<typeof createShareLinksFeature>;
