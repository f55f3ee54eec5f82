import { t } from '../lib/platform/i18n';

/**
 * The options page's one status line: what the last save did, or, while PostHog keeps the key check
 * unanswered, that Hogmark is still waiting, with Cancel.
 */
export function OptionsStatus(props: { notice: string | null; waiting: boolean; onCancel: () => void }) {
  return (
    <>
      <p class={props.waiting ? 'notice' : 'success notice'} role="status">
        {props.waiting ? t('stillWaiting') : (props.notice ?? '')}
      </p>
      {props.waiting ? (
        <button type="button" onClick={props.onCancel}>
          {t('stopWaiting')}
        </button>
      ) : null}
    </>
  );
}
