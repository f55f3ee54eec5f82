import { logFailure } from '../../platform/log';
import type { StorageAreaLike } from '../../platform/storage';
import type { Handlers } from '../messages/dispatcher';
import type { SettingsService } from '../settings/settings';
import { type ActiveTabQuery, activeTabId } from '../toolbar/active-tab';
import type { BadgeService } from '../toolbar/badge';
import type { BadgeFlash } from '../toolbar/badge-flash';
import { createPendingChanges, type PendingDeps } from './pending-queue';
import { type AlarmsLike, createPendingTriggers, pendingAlarm } from './pending-triggers';

export interface PendingFeatureDeps {
  browser: { alarms: AlarmsLike; tabs: ActiveTabQuery };
  /** The trusted area (IndexedDB): waiting changes outlive the worker and the browser. */
  trusted: StorageAreaLike;
  /** Makes one change (the recordings room knows how). */
  apply: PendingDeps['apply'];
  settings: Pick<SettingsService, 'appOrigins'>;
  /** The badge counts what waits; a flash says what was made or given up. */
  toolbar: { badge: Pick<BadgeService, 'setPending'>; flash: BadgeFlash };
}

/**
 * Changes PostHog could not take when asked (signed out, offline, down, answer lost): kept in order,
 * made once when a PostHog page loads, the browser is back online or their alarm rings; and the
 * popup's `pending/*` messages.
 */
export function createPendingFeature(deps: PendingFeatureDeps) {
  const { toolbar } = deps;
  const queue = createPendingChanges({
    store: deps.trusted,
    apply: deps.apply,
    onCount: (count) => void toolbar.badge.setPending(count),
    // An alarm wakes the worker for the next try of a change waiting to be made.
    schedule: pendingAlarm(deps.browser.alarms),
    // Made or given up: a mark on the toolbar button where the user is now (the popup says the rest).
    onSettled: async (notice) => {
      const tabId = await activeTabId(deps.browser.tabs).catch(() => undefined);
      if (tabId !== undefined)
        await toolbar.flash(tabId, notice.outcome === 'applied' ? 'done' : 'failed', notice.sentence);
    },
    onError: (error) => logFailure('pending changes', error),
  });
  const triggers = createPendingTriggers({ pending: queue, appOrigins: () => deps.settings.appOrigins() });
  const handlers = {
    'pending/retry': ({ id }) => queue.retryNow(id),
    'pending/discard': ({ id }) => queue.discard(id),
  } satisfies Handlers;

  return {
    queue,
    handlers,
    /** On every start: recover what a stopped worker left in flight, then try what is due. */
    start: (): Promise<void> => queue.start().then(() => queue.tryDue()),
    onAlarm: triggers.onAlarm,
    onOnline: triggers.onOnline,
    onPageComplete: triggers.onPageComplete,
  };
}
export type PendingFeature = ReturnType<typeof createPendingFeature>;
