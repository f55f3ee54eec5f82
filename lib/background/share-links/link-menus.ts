import { type MessageKey, t } from '../../platform/i18n';

export const COPY_DASHBOARD_MENU_ID = 'hogmark-copy-dashboard-link';
export const COPY_INSIGHT_MENU_ID = 'hogmark-copy-insight-link';
export const COPY_NOTEBOOK_MENU_ID = 'hogmark-copy-notebook-link';

/** The part of `browser.contextMenus` the menu items use. */
export interface MenusLike {
  create(properties: { id: string; title: string; contexts: ['link']; targetUrlPatterns: string[] }): unknown;
  remove(id: string): Promise<void>;
}

/** The link menu items: which links each is offered on (paths with and without `/project/{p}`). */
const LINK_MENUS: ReadonlyArray<{ id: string; title: MessageKey; paths: readonly string[] }> = [
  { id: COPY_DASHBOARD_MENU_ID, title: 'menuCopyDashboardLink', paths: ['/dashboard/*'] },
  { id: COPY_INSIGHT_MENU_ID, title: 'menuCopyInsightLink', paths: ['/insights/*', '/i/*'] },
  { id: COPY_NOTEBOOK_MENU_ID, title: 'menuCopyNotebookLink', paths: ['/notebooks/*'] },
];

/** Which page kind each item copies; the click handler copies nothing else. */
export const MENU_KINDS: ReadonlyMap<string, 'dashboard' | 'insight' | 'notebook'> = new Map([
  [COPY_DASHBOARD_MENU_ID, 'dashboard'],
  [COPY_INSIGHT_MENU_ID, 'insight'],
  [COPY_NOTEBOOK_MENU_ID, 'notebook'],
]);

/**
 * Match patterns for links to `paths` on the PostHog origins Hogmark knows. Ports are left out
 * (match patterns do not take them everywhere, and without one any port matches); the click handler
 * checks the exact origin again.
 */
export function linkPatterns(appOrigins: readonly string[], paths: readonly string[]): string[] {
  return appOrigins.flatMap((origin) => {
    if (!URL.canParse(origin)) return [];
    // `URL.hostname` keeps an IPv6 address's brackets (`[::1]`), as patterns want them.
    const { protocol, hostname } = new URL(origin);
    return paths.flatMap((path) => [
      `${protocol}//${hostname}/project/*${path}`,
      `${protocol}//${hostname}${path}`,
    ]);
  });
}

export const dashboardLinkPatterns = (appOrigins: readonly string[]) =>
  linkPatterns(appOrigins, ['/dashboard/*']);

/** Registers (again) the "Copy … link" items; call on start and after every settings change. */
export function createLinkMenus(deps: {
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
          await Promise.all(LINK_MENUS.map((menu) => deps.menus.remove(menu.id).catch(() => undefined)));
          const appOrigins = await deps.getAppOrigins();
          for (const menu of LINK_MENUS) {
            const patterns = linkPatterns(appOrigins, menu.paths);
            if (patterns.length === 0) continue;
            deps.menus.create({
              id: menu.id,
              title: t(menu.title),
              contexts: ['link'],
              targetUrlPatterns: patterns,
            });
          }
        } catch (error) {
          deps.onError?.(error);
        }
      });
      return queue;
    },
  };
}
