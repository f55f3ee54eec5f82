import type { SerializedError } from '../lib/platform/errors';
import { t } from '../lib/platform/i18n';

/** One sentence saying what happened and what to do, with a retry where retrying makes sense. */
export function ErrorNotice(props: { error: SerializedError; onRetry?: () => void }) {
  return (
    <div class="error-notice" role="alert">
      <p class="error">{props.error.message}</p>
      {props.onRetry ? (
        <button type="button" onClick={props.onRetry}>
          {t('tryAgain')}
        </button>
      ) : null}
    </div>
  );
}
