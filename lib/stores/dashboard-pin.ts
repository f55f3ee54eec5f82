import { signal } from '@preact/signals';
import type { DashboardSummary, SendMessage } from '../messaging/messages';
import { type SerializedError, serializeError } from '../platform/errors';
import { t } from '../platform/i18n';

export interface PinFailure {
  dashboardId: number;
  projectId: number;
  error: SerializedError;
}

/** A pin still unanswered after this long says so and offers Cancel. */
export const PIN_WAIT_NOTICE_MS = 3000;

/**
 * Failures after which PostHog may still change the pin: nobody could read it back, or the user
 * stopped waiting (the abandoned PATCH may yet land). Check again finds out.
 */
const OPEN_OUTCOMES: ReadonlySet<SerializedError['kind']> = new Set(['outcome-unknown', 'cancelled']);

/** What the pin toggle says after a failure: "Not changed." only when that is known. */
export function pinFailureText(error: SerializedError): string {
  return OPEN_OUTCOMES.has(error.kind) ? error.message : t('pinFailed', error.message);
}

export interface PinnerDeps {
  send: SendMessage;
  /** Changes one dashboard wherever the owning store keeps it. */
  apply: (dashboardId: number, change: (dashboard: DashboardSummary) => DashboardSummary) => void;
}

/**
 * Pin and unpin, optimistically: the new state shows at once, the server's answer replaces it, and
 * a refusal puts the old state back with the reason. While one toggle of a dashboard is in flight,
 * further clicks on it send nothing.
 */
export function createPinner(deps: PinnerDeps) {
  const inFlight = signal<ReadonlySet<number>>(new Set());
  const failure = signal<PinFailure | null>(null);
  /** Dashboards whose pin PostHog did not confirm and Hogmark could not read back. */
  const unknown = signal<ReadonlySet<number>>(new Set());
  /** The dashboard whose pin has waited long enough to offer Cancel. */
  const waiting = signal<number | null>(null);

  const setUnknown = (id: number, on: boolean) => {
    if (unknown.value.has(id) === on) return;
    const next = new Set(unknown.value);
    if (on) next.add(id);
    else next.delete(id);
    unknown.value = next;
  };

  const setInFlight = (id: number, busy: boolean) => {
    const next = new Set(inFlight.value);
    if (busy) next.add(id);
    else next.delete(id);
    inFlight.value = next;
  };

  return {
    inFlight,
    failure,
    unknown,
    waiting,
    isPinning: (dashboardId: number) => inFlight.value.has(dashboardId),

    /** Resolves once PostHog answered; false when nothing was sent or PostHog refused. */
    async toggle(projectId: number, dashboard: DashboardSummary): Promise<boolean> {
      if (inFlight.value.has(dashboard.id) || !dashboard.canEdit) return false;
      const before = dashboard.pinned;
      const pinned = !before;
      setInFlight(dashboard.id, true);
      setUnknown(dashboard.id, false);
      if (failure.value?.dashboardId === dashboard.id) failure.value = null;
      deps.apply(dashboard.id, (current) => ({ ...current, pinned }));
      const slow = setTimeout(() => {
        waiting.value = dashboard.id;
      }, PIN_WAIT_NOTICE_MS);
      try {
        const answer = await deps.send('dashboards/pin', { projectId, dashboardId: dashboard.id, pinned });
        deps.apply(dashboard.id, () => answer.dashboard);
        return true;
      } catch (thrown) {
        const error = serializeError(thrown);
        // Any other failure means PostHog did not change the pin (the background read it back).
        if (error.kind === 'outcome-unknown') setUnknown(dashboard.id, true);
        else deps.apply(dashboard.id, (current) => ({ ...current, pinned: before }));
        failure.value = { dashboardId: dashboard.id, projectId, error };
        return false;
      } finally {
        clearTimeout(slow);
        if (waiting.value === dashboard.id) waiting.value = null;
        setInFlight(dashboard.id, false);
      }
    },

    /** Stops waiting: the pin's answer then says what PostHog did (or that it was cancelled). */
    async cancel(projectId: number, dashboardId: number): Promise<void> {
      if (waiting.value === dashboardId) waiting.value = null;
      await deps.send('dashboards/cancel-pin', { projectId, dashboardId }).catch(() => undefined);
    },

    /** After an unknown outcome: reads the dashboard from PostHog and shows what it says. */
    async checkAgain(): Promise<void> {
      const current = failure.value;
      if (!current) return;
      setInFlight(current.dashboardId, true);
      try {
        const { dashboard } = await deps.send('dashboards/get', {
          projectId: current.projectId,
          dashboardId: current.dashboardId,
          source: 'server',
        });
        if (dashboard) deps.apply(current.dashboardId, () => dashboard);
        setUnknown(current.dashboardId, false);
        if (failure.value === current) failure.value = null;
      } catch (thrown) {
        failure.value = { ...current, error: serializeError(thrown) };
      } finally {
        setInFlight(current.dashboardId, false);
      }
    },

    dismissFailure(): void {
      failure.value = null;
    },
  };
}
export type Pinner = ReturnType<typeof createPinner>;
