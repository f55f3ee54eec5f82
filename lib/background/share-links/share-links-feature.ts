import type { PageHints } from '../../messaging/messages';
import { logFailure } from '../../platform/log';
import { type PageContext, parsePageContext } from '../../posthog/context';
import type { DashboardsService } from '../dashboards/dashboards';
import type { Handlers } from '../messages/dispatcher';
import type { SettingsService } from '../settings/settings';
import type { BadgeFlash } from '../toolbar/badge-flash';
import type { ClipboardWriter } from '../toolbar/clipboard';
import { createCopyLinkCommand } from './copy-link';
import { COPY_DASHBOARD_MENU_ID, createDashboardLinkMenu, type MenusLike } from './dashboard-link-menu';
import { createShareLinks } from './share-links';

export interface ShareLinksFeatureDeps {
  browser: { contextMenus: MenusLike };
  settings: Pick<SettingsService, 'connection' | 'appOrigins' | 'publicSharing'>;
  dashboards: Pick<DashboardsService, 'sharing'>;
  /** What a tab shows (the tabs room). */
  view: (tabId: number) => Promise<{ context: PageContext | null; hints: PageHints }>;
  toolbar: { flash: BadgeFlash; clipboard: Pick<ClipboardWriter, 'write'> };
}

/**
 * The right link of what the user looks at: public when PostHog says sharing is on, else private;
 * a recording at the player's second. For the popup (`dashboards/share-link`), the copy shortcut
 * and the "Copy dashboard link" menu item.
 */
export function createShareLinksFeature(deps: ShareLinksFeatureDeps) {
  const { browser, settings, toolbar } = deps;
  const appOrigins = settings.appOrigins;
  const shareLinks = createShareLinks({
    connection: settings.connection,
    sharing: deps.dashboards.sharing,
    publicSharing: settings.publicSharing,
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
  const menu = createDashboardLinkMenu({
    menus: browser.contextMenus,
    getAppOrigins: appOrigins,
    onError: (error) => logFailure('dashboard menu', error),
  });
  const handlers = {
    'dashboards/share-link': shareLinks.shareLink,
  } satisfies Handlers;

  return {
    handlers,
    syncMenus: menu.sync,
    /** The copy shortcut: the best link of the page in the tab. */
    copyFromTab: copyLink.copyFromTab,
    /** `contextMenus.onClicked`: "Copy dashboard link" on a dashboard link. */
    async onMenuClicked(info: { menuItemId: string | number; linkUrl?: string }, tab?: { id?: number }) {
      if (info.menuItemId !== COPY_DASHBOARD_MENU_ID) return;
      if (tab?.id !== undefined && info.linkUrl) await copyLink.copyFromLink(tab.id, info.linkUrl);
    },
  };
}
export type ShareLinksFeature = ReturnType<typeof createShareLinksFeature>;
