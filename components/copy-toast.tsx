import { t } from '../lib/platform/i18n';
import type { Toast } from '../lib/stores/share-copy';

/**
 * Says what was just copied. The live region is always in the page, so screen readers announce
 * each new toast; an error with a way forward keeps its link until dismissed.
 */
export function CopyToast(props: { toast: Toast | null; onDismiss: () => void }) {
  const { toast } = props;
  return (
    <div class="copy-toast-region" role="status" aria-live="polite">
      {toast ? (
        <div class={`copy-toast ${toast.kind === 'ok' ? 'success' : 'error'}`}>
          <span>{toast.text}</span>
          {toast.action ? (
            <a href={toast.action.url} target="_blank" rel="noreferrer">
              {toast.action.label}
            </a>
          ) : null}
          <button type="button" class="link-button" onClick={props.onDismiss} aria-label={t('dismiss')}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
