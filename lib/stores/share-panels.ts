import { signal } from '@preact/signals';
import type { PageHints, SendMessage, Status } from '../messaging/messages';
import { t } from '../platform/i18n';
import type { DashboardContext, RecordingContext } from '../posthog/context';
import { formatClock } from '../posthog/context-labels';
import { markdownLink } from '../posthog/links';
import { createDashboardPageStore, type DashboardPageStore } from './dashboard-page';
import { createInsightPageStore, type InsightPageContext, type InsightPageStore } from './insight-page';
import { createPageLinksStore, type LinkPageContext, type PageLinksStore } from './page-links';
import {
  createRecordingPublicLink,
  type RecordingPublicLink,
  type RecordingPublicState,
} from './recording-public-link';
import { createReviewDocStore } from './review-doc';
import { createCopyStore } from './share-copy';
import {
  parseTypedTime,
  publicRecordingLink,
  type RecordingShareLinks,
  recordingLinkName,
  recordingShareLinks,
} from './share-recording';

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
  /** The recording's public link, when the popup may read it. */
  publicLink: RecordingPublicState;
  /** That link at the private link's second; undefined unless PostHog shares the recording. */
  publicUrl: string | undefined;
  copyPublicLink: () => Promise<boolean>;
  copyPublicMarkdown: () => Promise<boolean>;
  retryPublicLink: () => Promise<void>;
}

/** Keeps the store of the page the popup shows, so a re-render reuses it and sends nothing again. */
function onePerPage<S extends { load: () => Promise<void> }>() {
  let current: { key: string; store: S } | null = null;
  return (key: unknown[], make: () => S): S => {
    const id = JSON.stringify(key);
    if (current?.key === id) return current.store;
    const store = make();
    current = { key: id, store };
    void store.load();
    return store;
  };
}

/** The recording's confirmation toasts, by link and form, with the second when the link has one. */
const RECORDING_COPIED = {
  private: {
    plain: ['copiedRecordingLink', 'copiedRecordingLinkAt'],
    markdown: ['copiedRecordingMarkdown', 'copiedRecordingMarkdownAt'],
  },
  public: {
    plain: ['copiedRecordingPublicLink', 'copiedRecordingPublicLinkAt'],
    markdown: ['copiedRecordingPublicMarkdown', 'copiedRecordingPublicMarkdownAt'],
  },
} as const;

/**
 * What the popup adds under the page header: the dashboard, insight, recording, page and collection
 * panels, and the one toast that confirms every copy. A panel's store is made once per page and loads itself, so
 * re-rendering the popup never sends a request twice.
 */
export function createSharePanels(deps: SharePanelsDeps) {
  const copy = createCopyStore({ writeText: deps.writeText });
  // Made once and idle until asked: it reads nothing before the user clicks.
  const reviewDoc = createReviewDocStore({ send: deps.send, copy });
  const dashboards = onePerPage<DashboardPageStore>();
  const insights = onePerPage<InsightPageStore>();
  const pages = onePerPage<PageLinksStore>();
  const recordingLinks = onePerPage<RecordingPublicLink>();
  // Kept for the recording it was typed for: a popup that follows its tab to another recording
  // starts that one's link from nothing typed.
  const typed = signal({ recording: '', text: '' });
  const connection = (status: Status | undefined) => [status?.origin, status?.projectId];

  return {
    copy,
    /** A collection as a review doc: from a collection's page or a row of the picker. */
    reviewDoc,
    openDashboards: deps.openDashboards,

    dashboardFor(context: DashboardContext, status: Status, hints: PageHints): DashboardPageStore {
      const key = [context.origin, context.projectId, context.dashboardId, ...connection(status)];
      return dashboards(key, () =>
        createDashboardPageStore({ send: deps.send, copy, context, status, hints }),
      );
    },

    insightFor(context: InsightPageContext, status: Status, hints: PageHints): InsightPageStore {
      const key = [context.origin, context.projectId, context.shortId, ...connection(status)];
      const store = insights(key, () =>
        createInsightPageStore({ send: deps.send, copy, context, status, hints }),
      );
      // A title the page says later names the Markdown; the store and its requests stay.
      if (store.hints.peek() !== hints) store.hints.value = hints;
      return store;
    },

    /** A notebook's or any other PostHog page's link. */
    pageFor(context: LinkPageContext, status: Status, hints: PageHints): PageLinksStore {
      const key = [
        context.kind,
        context.origin,
        context.projectId,
        pageLinkId(context),
        ...connection(status),
      ];
      const store = pages(key, () => createPageLinksStore({ send: deps.send, copy, context, status, hints }));
      if (store.hints.peek() !== hints) store.hints.value = hints;
      return store;
    },

    /** `status`: the connection, to read the recording's public link; without it only the private link. */
    recordingFor(context: RecordingContext, hints: PageHints, status?: Status): RecordingPanel {
      const recording = JSON.stringify([context.origin, context.projectId, context.recordingId]);
      const text = typed.value.recording === recording ? typed.value.text : '';
      const typedSecond = text.trim() === '' ? undefined : parseTypedTime(text);
      const links = recordingShareLinks(context, hints, typedSecond);
      const publicLink = recordingLinks(
        [context.origin, context.projectId, context.recordingId, ...connection(status)],
        () =>
          createRecordingPublicLink({ send: deps.send, context, status: status ?? { configured: false } }),
      );
      const shared = publicLink.state.value;
      const publicUrl =
        shared.phase === 'enabled' ? publicRecordingLink(shared.baseUrl, links.second) : undefined;
      const copyRecording = (link: 'private' | 'public', form: 'plain' | 'markdown', url: string) => {
        const [key, keyAt] = RECORDING_COPIED[link][form];
        const confirmation = links.second === undefined ? t(key) : t(keyAt, formatClock(links.second));
        const text = form === 'plain' ? url : markdownLink(recordingLinkName(hints, links.second), url);
        return copy.copy(text, confirmation);
      };
      return {
        links,
        typedTime: text,
        typedTimeInvalid: text.trim() !== '' && typedSecond === undefined,
        setTypedTime: (value) => {
          typed.value = { recording, text: value };
        },
        copyLink: () => copyRecording('private', 'plain', links.url),
        copyMarkdown: () => copyRecording('private', 'markdown', links.url),
        publicLink: shared,
        publicUrl,
        copyPublicLink: () =>
          publicUrl === undefined ? Promise.resolve(false) : copyRecording('public', 'plain', publicUrl),
        copyPublicMarkdown: () =>
          publicUrl === undefined ? Promise.resolve(false) : copyRecording('public', 'markdown', publicUrl),
        retryPublicLink: () => publicLink.load(),
      };
    },
  };
}
export type SharePanels = ReturnType<typeof createSharePanels>;

/** What tells two pages of a kind apart. */
function pageLinkId(context: LinkPageContext): string {
  return 'path' in context ? context.path : context.shortId;
}
