import type { SerializedError } from '../lib/platform/errors';
import { t } from '../lib/platform/i18n';

/**
 * Why a public link could not be read, with Try again when that can help. Always in the page (empty
 * otherwise), so a screen reader announces the error when it appears.
 */
export function ShareStatus(props: { error: SerializedError | null; onRetry: () => void }) {
  const { error } = props;
  return (
    <div class="share-status" role="alert">
      {error ? (
        <div class="share-off">
          <p class="error">{error.message}</p>
          {error.retryable ? (
            <button type="button" onClick={props.onRetry}>
              {t('tryAgain')}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
