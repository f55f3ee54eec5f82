import { t } from '../../platform/i18n';

export const COPY_DASHBOARD_MENU_ID = 'hogmark-copy-dashboard-link';

/** The part of `browser.contextMenus` the menu item uses. */
export interface MenusLike {
  create(properties: { id: string; title: string; contexts: ['link']; targetUrlPatterns: string[] }): unknown;
  remove(id: string): Promise<void>;
}

/**
 * Match patterns for dashboard links on the PostHog origins Hogmark knows. Ports are left out
 * (match patterns do not take them everywhere, and without one any port matches); the click handler
 * checks the exact origin again.
 */
export function dashboardLinkPatterns(appOrigins: readonly string[]): string[] {
  return appOrigins.flatMap((origin) => {
    if (!URL.canParse(origin)) return [];
    // `URL.hostname` keeps an IPv6 address's brackets (`[::1]`), as patterns want them.
    const { protocol, hostname } = new URL(origin);
    return [`${protocol}//${hostname}/project/*/dashboard/*`, `${protocol}//${hostname}/dashboard/*`];
  });
}

/** Registers (again) the "Copy dashboard link" item; call on start and after every settings change. */
export function createDashboardLinkMenu(deps: {
  menus: MenusLike;
  getAppOrigins: () => Promise<readonly string[]>;
  onError?: (error: unknown) => void;
}) {
  let queue: Promise<void> = Promise.resolve();
  return {
    sync(): Promise<void> {
      queue = queue.then(async () => {
        try {
          // Removing first makes this safe on every service-worker start (ids must be unique).
          await deps.menus.remove(COPY_DASHBOARD_MENU_ID).catch(() => undefined);
          const patterns = dashboardLinkPatterns(await deps.getAppOrigins());
          if (patterns.length === 0) return;
          deps.menus.create({
            id: COPY_DASHBOARD_MENU_ID,
            title: t('menuCopyDashboardLink'),
            contexts: ['link'],
            targetUrlPatterns: patterns,
          });
        } catch (error) {
          deps.onError?.(error);
        }
      });
      return queue;
    },
  };
}
