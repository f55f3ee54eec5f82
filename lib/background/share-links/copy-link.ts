import type { PageHints } from '../../messaging/messages';
import { toAppError } from '../../platform/errors';
import { type MessageKey, t } from '../../platform/i18n';
import type { PageContext } from '../../posthog/context';
import type { BestLink, BestLinkKind } from './share-links';

export interface CopyLinkDeps {
  /** What the tab shows, as the tab-context service knows it. */
  view: (tabId: number) => Promise<{ context: PageContext | null; hints: PageHints }>;
  parsePageContext: (url: string, appOrigins?: readonly string[]) => PageContext | null;
  getAppOrigins: () => Promise<readonly string[]>;
  bestLink: (context: PageContext, hints: PageHints) => Promise<BestLink>;
  write: (text: string) => Promise<unknown>;
  /** The confirmation on the toolbar button of the tab the user acted in (the shared badge flash). */
  flash: (tabId: number, kind: 'done' | 'failed', title: string) => Promise<void>;
  onError?: (error: unknown) => void;
}

const COPIED_KEYS: Readonly<Record<BestLinkKind, MessageKey>> = {
  public: 'copiedPublicLink',
  private: 'copiedPrivateLink',
  recording: 'copiedRecordingLink',
  page: 'copiedPageLink',
};

/**
 * "Copy link" without the popup: the shortcut copies the best link of the page in the active tab,
 * the context-menu item the best link of a dashboard link the user right-clicked. Both confirm on
 * the toolbar button, including when there was nothing to copy or the copy failed.
 */
export function createCopyLinkCommand(deps: CopyLinkDeps) {
  async function copy(
    tabId: number,
    context: PageContext | null,
    hints: PageHints,
  ): Promise<BestLink | null> {
    if (!context) {
      await deps.flash(tabId, 'failed', t('toolbarTitle', t('copyNothingHere')));
      return null;
    }
    try {
      const link = await deps.bestLink(context, hints);
      await deps.write(link.url);
      await deps.flash(tabId, 'done', t('toolbarTitle', t(COPIED_KEYS[link.kind])));
      return link;
    } catch (error) {
      deps.onError?.(error);
      const reason = t('copyFailed', toAppError(error).userMessage());
      await deps.flash(tabId, 'failed', t('toolbarTitle', reason));
      return null;
    }
  }

  return {
    /** The shortcut: the page in this tab. */
    async copyFromTab(tabId: number): Promise<BestLink | null> {
      const { context, hints } = await deps.view(tabId);
      return copy(tabId, context, hints);
    },

    /** A menu item on a link: only a page of that kind on a PostHog Hogmark knows is copied. */
    async copyFromLink(
      tabId: number,
      linkUrl: string,
      kind: 'dashboard' | 'insight' | 'notebook' = 'dashboard',
    ): Promise<BestLink | null> {
      const context = deps.parsePageContext(linkUrl, await deps.getAppOrigins());
      return copy(tabId, context?.kind === kind ? context : null, {});
    },
  };
}
export type CopyLinkCommand = ReturnType<typeof createCopyLinkCommand>;
