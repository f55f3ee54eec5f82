import type { OpenedAsk } from '../../messaging/person-messages';
import { t } from '../../platform/i18n';
import { askFromPersonLink, askFromText, type PersonAsk } from '../../posthog/person-asks';
import { linkPatterns } from '../share-links/link-menus';
import type { FlashKind } from '../toolbar/badge-flash';

export const MENU_FIND_SELECTION = 'hogmark-find-person-in-selection';
export const MENU_FIND_PERSON_LINK = 'hogmark-find-person-of-link';

/** The part of `browser.contextMenus` used here. */
export interface PersonMenusLike {
  remove(id: string): Promise<void>;
  create(properties: {
    id: string;
    title: string;
    contexts: ['selection'] | ['link'];
    targetUrlPatterns?: string[];
  }): unknown;
}

export interface PersonMenusDeps {
  menus: PersonMenusLike;
  getAppOrigins: () => Promise<readonly string[]>;
  /** The connected PostHog: a person link elsewhere is not looked up there. */
  connectedOrigin: () => Promise<string | null>;
  /** Opens the person page for this ask next to the tab the menu was used in. */
  openPersonPage: (opened: OpenedAsk, tab?: { id?: number; index?: number }) => Promise<void>;
  flash: (tabId: number, kind: FlashKind, title: string) => Promise<void>;
  onError?: (error: unknown) => void;
}

/**
 * "Find recordings of “ana@acme.com” in PostHog" on any selection (the browser writes the selection,
 * shortened, in place of `%s`), and "Find this person's recordings" on a link to a person's page in
 * PostHog. Only the menu's own `selectionText` is read: nothing of the page.
 */
export function createPersonMenus(deps: PersonMenusDeps) {
  let queue: Promise<unknown> = Promise.resolve();

  async function rebuild(): Promise<void> {
    await Promise.all(
      [MENU_FIND_SELECTION, MENU_FIND_PERSON_LINK].map((id) => deps.menus.remove(id).catch(() => undefined)),
    );
    deps.menus.create({
      id: MENU_FIND_SELECTION,
      title: t('menuFindPersonSelection'),
      contexts: ['selection'],
    });
    const patterns = linkPatterns(await deps.getAppOrigins(), ['/person/*', '/persons/*']);
    if (patterns.length > 0) {
      deps.menus.create({
        id: MENU_FIND_PERSON_LINK,
        title: t('menuFindPersonLink'),
        contexts: ['link'],
        targetUrlPatterns: patterns,
      });
    }
  }

  async function open(ask: PersonAsk, tab: { id?: number; index?: number } | undefined, projectId?: number) {
    await deps.openPersonPage(projectId === undefined ? { ask } : { ask, projectId }, tab);
  }

  async function clicked(
    info: { menuItemId: string | number; selectionText?: string; linkUrl?: string },
    tab?: { id?: number; index?: number },
  ): Promise<void> {
    const refuse = async (message: string) => {
      if (tab?.id !== undefined) await deps.flash(tab.id, 'failed', message);
    };
    if (info.menuItemId === MENU_FIND_SELECTION) {
      const ask = askFromText(info.selectionText ?? '');
      if (!ask) return refuse(t('personAskUnreadable'));
      return open(ask, tab);
    }
    if (info.menuItemId !== MENU_FIND_PERSON_LINK || !info.linkUrl) return;
    const link = askFromPersonLink(info.linkUrl, await deps.getAppOrigins());
    if (!link) return;
    const connected = await deps.connectedOrigin();
    if (connected !== null && connected !== link.origin) {
      return refuse(t('contextOtherOrigin', link.origin, connected));
    }
    await open(link.ask, tab, link.projectId ?? undefined);
  }

  return {
    /** On start and after every settings change (a self-hosted origin adds its link patterns). */
    sync(): Promise<void> {
      const run = queue.then(rebuild, rebuild).catch((error: unknown) => deps.onError?.(error));
      queue = run;
      return run;
    },
    async onClicked(
      info: { menuItemId: string | number; selectionText?: string; linkUrl?: string },
      tab?: { id?: number; index?: number },
    ): Promise<void> {
      await clicked(info, tab).catch((error: unknown) => deps.onError?.(error));
    },
  };
}
export type PersonMenus = ReturnType<typeof createPersonMenus>;
