import type { PendingChanges } from './pending-queue';

/** The one alarm: the next try of a change waiting to be made (pending-queue.ts). */
// Stryker disable next-line StringLiteral: the name is only ever compared with itself, and no other alarm of Hogmark is unnamed
export const PENDING_ALARM = 'hogmark-pending-changes';

/** The part of `browser.alarms` the schedule uses (structural, so tests pass a recording fake). */
export interface AlarmsLike {
  create(name: string, info: { when: number }): unknown;
  clear(name: string): unknown;
}

/** PendingDeps' `schedule`: one alarm at the next try, or none (the browser's minimum is a second away). */
export function pendingAlarm(alarms: AlarmsLike, now: () => number = Date.now) {
  return (when: number | null): void => {
    if (when === null) void alarms.clear(PENDING_ALARM);
    else void alarms.create(PENDING_ALARM, { when: Math.max(when, now() + 1000) });
  };
}

/** PostHog pages that say nothing of a session: its sign-in, sign-up and sign-out pages. */
const SIGN_IN_PAGES = /^\/(login|signup|logout)\b/;

/** What makes waiting changes be tried: their alarm, the browser back online, a PostHog page loading. */
export function createPendingTriggers(deps: {
  pending: Pick<PendingChanges, 'tryDue' | 'pageLoaded'>;
  /** Cloud origins plus the user's own. */
  appOrigins: () => Promise<readonly string[]>;
}) {
  return {
    /** `alarms.onAlarm`. */
    onAlarm(alarm: { name: string }): Promise<void> | undefined {
      return alarm.name === PENDING_ALARM ? deps.pending.tryDue() : undefined;
    },

    /** The worker's `online` event: every change that waits for PostHog to be reachable. */
    onOnline: () => deps.pending.tryDue({ all: true }),

    /** A tab finished loading `url`: on a PostHog page (perhaps just after signing in), its origin's changes. */
    async onPageComplete(url: string | undefined): Promise<void> {
      // Stryker disable next-line ConditionalExpression: no URL does not parse either
      if (url === undefined) return;
      if (!URL.canParse(url)) return;
      const { origin, pathname } = new URL(url);
      if (SIGN_IN_PAGES.test(pathname)) return;
      if ((await deps.appOrigins()).includes(origin)) await deps.pending.pageLoaded(origin);
    },
  };
}
