import { signal } from '@preact/signals';
import type { PageHints, SendMessage, Status } from '../messaging/messages';
import { t } from '../platform/i18n';
import type { DashboardContext, RecordingContext } from '../posthog/context';
import { formatClock } from '../posthog/context-labels';
import { createDashboardPageStore, type DashboardPageStore } from './dashboard-page';
import { createCopyStore } from './share-copy';
import { parseTypedTime, type RecordingShareLinks, recordingShareLinks } from './share-recording';

export interface SharePanelsDeps {
  send: SendMessage;
  writeText: (text: string) => Promise<void>;
  /** The dashboards view, in a tab of its own. */
  openDashboards: () => Promise<void>;
}

export interface RecordingPanel {
  links: RecordingShareLinks;
  /** What the user typed as the start time (offered when the player's position is unknown). */
  typedTime: string;
  typedTimeInvalid: boolean;
  setTypedTime: (text: string) => void;
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
  // Kept for the recording it was typed for: a popup that follows its tab to another recording
  // starts that one's link from nothing typed.
  const typed = signal({ recording: '', text: '' });

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
      const recording = JSON.stringify([context.origin, context.projectId, context.recordingId]);
      const text = typed.value.recording === recording ? typed.value.text : '';
      const typedSecond = text.trim() === '' ? undefined : parseTypedTime(text);
      const links = recordingShareLinks(context, hints, typedSecond);
      const confirmation = (kind: 'Link' | 'Markdown') =>
        links.second === undefined
          ? t(kind === 'Link' ? 'copiedRecordingLink' : 'copiedRecordingMarkdown')
          : t(
              kind === 'Link' ? 'copiedRecordingLinkAt' : 'copiedRecordingMarkdownAt',
              formatClock(links.second),
            );
      return {
        links,
        typedTime: text,
        typedTimeInvalid: text.trim() !== '' && typedSecond === undefined,
        setTypedTime: (value) => {
          typed.value = { recording, text: value };
        },
        copyLink: () => copy.copy(links.url, confirmation('Link')),
        copyMarkdown: () => copy.copy(links.markdown, confirmation('Markdown')),
      };
    },
  };
}
export type SharePanels = ReturnType<typeof createSharePanels>;
