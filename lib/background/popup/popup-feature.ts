import { createPopupOpen } from '../../messaging/first-view/popup-open';
import type { CollectionsFeature } from '../collections/collections-feature';
import type { Handlers } from '../messages/dispatcher';
import type { PendingChanges } from '../pending/pending-queue';
import type { RecordingsFeature } from '../recordings/recordings-feature';
import type { SettingsService } from '../settings/settings';
import type { TabView } from '../tabs/tab-context';

export interface PopupFeatureDeps {
  browser: { tabs: { get(tabId: number): Promise<{ url?: string }> } };
  settings: Pick<SettingsService, 'status'>;
  /** What a tab shows (the tabs room). */
  tabView: (tabId: number) => Promise<TabView>;
  recordings: Pick<RecordingsFeature, 'sessionState'>;
  collections: Pick<CollectionsFeature, 'cachedList'>;
  pending: Pick<PendingChanges, 'takeState'>;
  /** Wraps the handler (test builds mark the worker's first answer for the benchmark). */
  firstAnswer?: <I, O>(handler: (input: I) => Promise<O>) => (input: I) => Promise<O>;
  onError: (error: unknown) => void;
}

/** What the popup's first paint needs, in the one answer to `popup/open`: nothing there asks PostHog. */
export function createPopupFeature(deps: PopupFeatureDeps) {
  const { browser } = deps;
  const open = createPopupOpen({
    status: deps.settings.status,
    tabView: deps.tabView,
    sessionState: deps.recordings.sessionState,
    cachedPlaylists: deps.collections.cachedList,
    tabUrl: async (tabId) => (await browser.tabs.get(tabId)).url,
    pendingState: deps.pending.takeState,
    onError: deps.onError,
  });
  const handlers = {
    'popup/open': deps.firstAnswer ? deps.firstAnswer(open) : open,
  } satisfies Handlers;
  return { handlers };
}
