import { signal } from '@preact/signals';
import { type SerializedError, serializeError } from '../errors';
import type { DashboardSummary, SendMessage } from '../messages';

export interface PinFailure {
  dashboardId: number;
  error: SerializedError;
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

  const setInFlight = (id: number, busy: boolean) => {
    const next = new Set(inFlight.value);
    if (busy) next.add(id);
    else next.delete(id);
    inFlight.value = next;
  };

  return {
    inFlight,
    failure,
    isPinning: (dashboardId: number) => inFlight.value.has(dashboardId),

    /** Resolves once PostHog answered; false when nothing was sent or PostHog refused. */
    async toggle(projectId: number, dashboard: DashboardSummary): Promise<boolean> {
      if (inFlight.value.has(dashboard.id) || !dashboard.canEdit) return false;
      const before = dashboard.pinned;
      const pinned = !before;
      setInFlight(dashboard.id, true);
      if (failure.value?.dashboardId === dashboard.id) failure.value = null;
      deps.apply(dashboard.id, (current) => ({ ...current, pinned }));
      try {
        const answer = await deps.send('dashboards/pin', { projectId, dashboardId: dashboard.id, pinned });
        deps.apply(dashboard.id, () => answer.dashboard);
        return true;
      } catch (error) {
        deps.apply(dashboard.id, (current) => ({ ...current, pinned: before }));
        failure.value = { dashboardId: dashboard.id, error: serializeError(error) };
        return false;
      } finally {
        setInFlight(dashboard.id, false);
      }
    },

    dismissFailure(): void {
      failure.value = null;
    },
  };
}
export type Pinner = ReturnType<typeof createPinner>;
