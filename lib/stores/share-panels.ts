import type { DashboardContext, RecordingContext } from '../context';
import { formatClock } from '../context-labels';
import { t } from '../i18n';
import type { PageHints, SendMessage, Status } from '../messages';
import { createDashboardPageStore, type DashboardPageStore } from './dashboard-page';
import { createCopyStore } from './share-copy';
import { type RecordingShareLinks, recordingShareLinks } from './share-recording';

export interface SharePanelsDeps {
  send: SendMessage;
  writeText: (text: string) => Promise<void>;
  /** The dashboards view, in a tab of its own. */
  openDashboards: () => Promise<void>;
}

export interface RecordingPanel {
  links: RecordingShareLinks;
  copyLink: () => Promise<boolean>;
  copyMarkdown: () => Promise<boolean>;
}

/**
 * What the popup adds under the page header: the dashboard panel and the recording links, and the
 * one toast that confirms every copy. A panel's store is made once per page and loads itself, so
 * re-rendering the popup never sends a request twice.
 */
export function createSharePanels(deps: SharePanelsDeps) {
  const copy = createCopyStore({ writeText: deps.writeText });
  let current: { key: string; store: DashboardPageStore } | null = null;

  return {
    copy,
    openDashboards: deps.openDashboards,

    dashboardFor(context: DashboardContext, status: Status, hints: PageHints): DashboardPageStore {
      const key = JSON.stringify([
        context.origin,
        context.projectId,
        context.dashboardId,
        status.origin,
        status.projectId,
      ]);
      if (current?.key === key) return current.store;
      const store = createDashboardPageStore({ send: deps.send, copy, context, status, hints });
      current = { key, store };
      void store.load();
      return store;
    },

    recordingFor(context: RecordingContext, hints: PageHints): RecordingPanel {
      const links = recordingShareLinks(context, hints);
      const confirmation = (kind: 'Link' | 'Markdown') =>
        links.second === undefined
          ? t(kind === 'Link' ? 'copiedRecordingLink' : 'copiedRecordingMarkdown')
          : t(
              kind === 'Link' ? 'copiedRecordingLinkAt' : 'copiedRecordingMarkdownAt',
              formatClock(links.second),
            );
      return {
        links,
        copyLink: () => copy.copy(links.url, confirmation('Link')),
        copyMarkdown: () => copy.copy(links.markdown, confirmation('Markdown')),
      };
    },
  };
}
export type SharePanels = ReturnType<typeof createSharePanels>;
