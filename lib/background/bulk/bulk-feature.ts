import { parsePageContext } from '../../posthog/context';
import type { CollectionService } from '../collections/collections';
import type { Handlers } from '../messages/dispatcher';
import type { RecordingActionsDeps } from '../recordings/recording-actions';
import type { LinkScope } from '../recordings/recording-menus';
import type { RecordingsFeature } from '../recordings/recordings-feature';
import type { SettingsService } from '../settings/settings';
import type { BadgeFlash } from '../toolbar/badge-flash';
import { createBulkAdd } from './bulk-add';
import { createBulkAsks } from './bulk-ask';
import { createLinkCollector, linksInDocument } from './link-collector';
import { createLinkedRecordingsAdd } from './linked-recordings';

/** The parts of the browser the bulk room uses. */
export interface BulkBrowser {
  windows: { create(data: { url: string; type: 'popup'; width: number; height: number }): Promise<unknown> };
  runtime: { getURL(path: '/bulk-ask.html'): string };
  /** With a menu click's activeTab grant: reads the links of the selection or page, once. */
  scripting: {
    executeScript(injection: {
      target: { tabId: number; frameIds: number[] };
      func: (scope: LinkScope) => string[];
      args: [LinkScope];
    }): Promise<Array<{ result?: unknown }>>;
  };
}

export interface BulkFeatureDeps {
  browser: BulkBrowser;
  settings: Pick<SettingsService, 'appOrigins'>;
  /** The collections room's service: the last-used collection, membership. */
  collections: CollectionService;
  /**
   * The recordings room's writes (one recording's way, key refusals), and who a recording is when
   * already known (never a request), to name those not added.
   */
  recordings: Pick<RecordingsFeature, 'actions' | 'cachedFace'>;
  /** The session room's `forward`: a request made with the signed-in PostHog tab's session. */
  forward: RecordingActionsDeps['forward'];
  flash: BadgeFlash;
}

/**
 * Many recordings at once: those linked in a selection or on a page (the recordings room's menu),
 * or a person's (the persons room), to one collection, with the question before more than 20 or
 * another project's asked in a window of its own (`bulk/question`, `bulk/answer`).
 */
export function createBulkFeature(deps: BulkFeatureDeps) {
  const { browser, recordings } = deps;
  const asks = createBulkAsks({
    openAskWindow: async (askId) => {
      const url = browser.runtime.getURL(`/bulk-ask.html?ask=${askId}` as '/bulk-ask.html');
      await browser.windows.create({ url, type: 'popup', width: 420, height: 260 });
    },
  });
  const bulkAdd = createBulkAdd({
    playlists: deps.collections,
    actions: recordings.actions,
    forward: deps.forward,
    confirm: asks.ask,
  });
  const handlers = {
    'bulk/question': ({ askId }) => asks.question(askId),
    'bulk/answer': ({ askId, accept }) => asks.answer(askId, accept),
  } satisfies Handlers;

  return {
    handlers,
    bulkAdd,
    /** The recordings room's menu on a selection or a page: every recording linked there. */
    addLinked: createLinkedRecordingsAdd({
      collectLinks: createLinkCollector({
        readLinks: async (tabId, frameId, scope) =>
          (
            await browser.scripting.executeScript({
              target: { tabId, frameIds: [frameId] },
              func: linksInDocument,
              args: [scope],
            })
          )[0]?.result,
      }),
      getAppOrigins: deps.settings.appOrigins,
      parsePageContext,
      bulkAdd,
      flash: deps.flash,
      cachedFace: recordings.cachedFace,
      dropQuestions: asks.dropAll,
    }),
  };
}
export type BulkFeature = ReturnType<typeof createBulkFeature>;
