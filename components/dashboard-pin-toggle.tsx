import type { SerializedError } from '../lib/platform/errors';
import { t } from '../lib/platform/i18n';
import { pinFailureText } from '../lib/stores/dashboard-pin';

export interface DashboardPinToggleProps {
  pinned: boolean;
  /** A toggle is in flight: further clicks send nothing (the button keeps its focus). */
  busy: boolean;
  /** Why the user cannot pin here; the toggle is off and this sentence says why. */
  blocked: string | null;
  failure: SerializedError | null;
  /** PostHog did not confirm the last toggle and reading it back failed. */
  unknown: boolean;
  /** The toggle has waited a few seconds: say so and offer Cancel. */
  waiting: boolean;
  onToggle: () => void;
  onCancel: () => void;
  onCheckAgain: () => void;
}

/** Pin or unpin, with the reminder that a pin changes the list for the whole project. */
export function DashboardPinToggle(props: DashboardPinToggleProps) {
  const { pinned, busy, blocked, failure, unknown } = props;
  return (
    <section class="dashboard-pin" aria-labelledby="pin-title">
      <div class="dashboard-pin-row">
        <p id="pin-title" class="dashboard-pin-state">
          {unknown ? t('pinStateUnknown') : pinned ? t('pinStatePinned') : t('pinStateNotPinned')}
        </p>
        <button
          type="button"
          class={pinned ? '' : 'primary'}
          disabled={blocked !== null}
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          aria-describedby={blocked ? 'pin-blocked' : 'pin-note'}
          onClick={props.onToggle}
        >
          {pinned ? t('unpinAction') : t('pinAction')}
        </button>
      </div>
      {blocked ? (
        <p id="pin-blocked" class="dashboard-pin-blocked">
          {blocked}
        </p>
      ) : (
        <p id="pin-note" class="muted small">
          {t('pinSharedNote')}
        </p>
      )}
      <div class="dashboard-pin-status" role="status">
        {props.waiting ? (
          <p>
            {t('stillWaiting')}{' '}
            <button type="button" onClick={props.onCancel}>
              {t('stopWaiting')}
            </button>
          </p>
        ) : null}
      </div>
      {failure ? (
        <div class="error-notice" role="alert">
          <p class="error">{pinFailureText(failure)}</p>
          {unknown || failure.kind === 'cancelled' ? (
            <button type="button" onClick={props.onCheckAgain}>
              {t('checkAgain')}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
