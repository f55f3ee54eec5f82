import { t } from '../../platform/i18n';
import { MENU_NAME_CHARS, shortCollectionName } from '../../posthog/collection-names';
import type { PageContext } from '../../posthog/context';
import type { RecordingTarget } from './quick-add';

export const MENU_ADD_TO_LAST = 'hogmark-add-to-last-playlist';
export const MENU_CHOOSE = 'hogmark-choose-playlist';
/** The recordings linked in a selection, or on a page: all of them to the last-used collection. */
export const MENU_ADD_LINKED_SELECTION = 'hogmark-add-linked-in-selection';
export const MENU_ADD_LINKED_PAGE = 'hogmark-add-linked-on-page';

/** Where the links are read: the user's selection, or the whole page (the frame clicked in). */
export type LinkScope = 'selection' | 'page';

/** A click of the menu on a selection or a page: what the bulk room reads the links of. */
export interface LinkClick {
  tabId: number;
  frameId: number;
  scope: LinkScope;
  /** The menu's `selectionText`: addresses written as text count too. */
  selectionText?: string;
}

/** The part of `browser.contextMenus` used here (structural, so tests pass a recording fake). */
export interface ContextMenusLike {
  remove(id: string): Promise<void>;
  create(properties: {
    id: string;
    title: string;
    contexts: ['link'] | ['selection'] | ['page'];
    targetUrlPatterns?: string[];
  }): unknown;
  update(id: string, properties: { title: string }): Promise<void>;
}

export interface ContextMenuDeps {
  menus: ContextMenusLike;
  /** Cloud origins plus the user's own. */
  getAppOrigins: () => Promise<readonly string[]>;
  parsePageContext: (url: string, appOrigins?: readonly string[]) => PageContext | null;
  /** `pageUrl`: the page the link was on (the menu's `pageUrl`), where the result is reported. */
  addToLastUsed: (target: RecordingTarget, tabId: number | undefined, pageUrl?: string) => Promise<unknown>;
  /** Opens the popup's picker for the recording (resolving a missing project to the default one). */
  /** `tabId`: the tab the link was in (a pick that waits keeps its Firefox container). */
  choose: (target: RecordingTarget, tabId?: number) => Promise<unknown>;
  /** The menu on a selection or a page (`bulk/linked-recordings.ts`); without it, no such items. */
  addLinked?: (click: LinkClick) => Promise<unknown>;
  /** The connected project's last-used collection's name; null when none was used yet. */
  lastUsedName?: () => Promise<string | null>;
  onError?: (error: unknown) => void;
}

/**
 * Link forms of a recording on each app origin: `/project/<p>/replay/<id>`, and the legacy
 * unprefixed `/replay/<id>` and `/recordings/<id>`. Match patterns carry no port, so a local
 * PostHog at `http://127.0.0.1:8010` becomes `http://127.0.0.1/…` (patterns match any port).
 */
export function recordingLinkPatterns(origins: readonly string[]): string[] {
  return origins.flatMap((origin) => {
    const { protocol, hostname } = new URL(origin);
    const base = `${protocol}//${hostname}`;
    return [
      `${base}/project/*/replay/*`,
      `${base}/project/*/recordings/*`,
      `${base}/replay/*`,
      `${base}/recordings/*`,
    ];
  });
}

/**
 * The two items on recording links: add to the last-used playlist, or choose one; with `addLinked`,
 * one on selections and one on pages that adds every recording linked there.
 */
export function createContextMenus(deps: ContextMenuDeps) {
  let queue: Promise<unknown> = Promise.resolve();
  const queued = (task: () => Promise<void>): Promise<void> => {
    const run = queue.then(task, task).catch((error: unknown) => deps.onError?.(error));
    queue = run;
    return run;
  };

  /** "Add recording to Checkout bugs": the item names where it adds, once a collection was used. */
  async function addToLastTitle(): Promise<string> {
    const name = (await deps.lastUsedName?.().catch(() => null)) ?? null;
    return name ? t('menuAddToNamed', shortCollectionName(name, MENU_NAME_CHARS)) : t('menuAddToLast');
  }

  async function rebuild(): Promise<void> {
    const targetUrlPatterns = recordingLinkPatterns(await deps.getAppOrigins());
    // Only our own items: other features keep theirs. Removing first makes this safe on every start.
    const ours = [MENU_ADD_TO_LAST, MENU_CHOOSE];
    if (deps.addLinked) ours.push(MENU_ADD_LINKED_SELECTION, MENU_ADD_LINKED_PAGE);
    await Promise.all(ours.map((id) => deps.menus.remove(id).catch(() => undefined)));
    deps.menus.create({
      id: MENU_ADD_TO_LAST,
      title: await addToLastTitle(),
      contexts: ['link'],
      targetUrlPatterns,
    });
    deps.menus.create({ id: MENU_CHOOSE, title: t('menuChoose'), contexts: ['link'], targetUrlPatterns });
    if (!deps.addLinked) return;
    // On any page (the links are what count): a browser menu cannot show how many there are, so the
    // click reads them and the toolbar button tells the count.
    deps.menus.create({
      id: MENU_ADD_LINKED_SELECTION,
      title: t('menuAddLinkedInSelection'),
      contexts: ['selection'],
    });
    deps.menus.create({ id: MENU_ADD_LINKED_PAGE, title: t('menuAddLinkedOnPage'), contexts: ['page'] });
  }

  return {
    /** On start and after every settings change (a self-hosted origin adds its patterns). */
    sync: (): Promise<void> => queued(rebuild),

    /** After the last-used collection (or its name) changed: the add item's title follows. */
    retitle: (): Promise<void> =>
      queued(async () => deps.menus.update(MENU_ADD_TO_LAST, { title: await addToLastTitle() })),

    /** `contextMenus.onClicked`; the link, not the page, says which recording. */
    async onClicked(
      info: {
        menuItemId: string | number;
        linkUrl?: string;
        pageUrl?: string;
        frameId?: number;
        selectionText?: string;
      },
      tab?: { id?: number },
    ) {
      if (info.menuItemId === MENU_ADD_LINKED_SELECTION || info.menuItemId === MENU_ADD_LINKED_PAGE) {
        if (tab?.id === undefined || !deps.addLinked) return;
        const scope = info.menuItemId === MENU_ADD_LINKED_PAGE ? 'page' : 'selection';
        const { selectionText } = info;
        await deps
          .addLinked({
            tabId: tab.id,
            frameId: info.frameId ?? 0,
            scope,
            ...(selectionText ? { selectionText } : {}),
          })
          .catch((error: unknown) => deps.onError?.(error));
        return;
      }
      if (info.menuItemId !== MENU_ADD_TO_LAST && info.menuItemId !== MENU_CHOOSE) return;
      if (!info.linkUrl) return;
      try {
        const context = deps.parsePageContext(info.linkUrl, await deps.getAppOrigins());
        if (context?.kind !== 'recording') return;
        const target = {
          origin: context.origin,
          projectId: context.projectId,
          recordingId: context.recordingId,
        };
        if (info.menuItemId === MENU_ADD_TO_LAST) await deps.addToLastUsed(target, tab?.id, info.pageUrl);
        else await deps.choose(target, tab?.id);
      } catch (error) {
        deps.onError?.(error);
      }
    },
  };
}
export type ContextMenus = ReturnType<typeof createContextMenus>;
