import { t } from '../lib/platform/i18n';
import { describedBy, FieldMessages } from './field-messages';

/**
 * The key field. A plain text field on purpose: a password field would make the browser offer to
 * save the key in its password manager, outside Hogmark's custody.
 */
export function OptionsKey(props: {
  value: string;
  maskedKey?: string;
  error?: string;
  onInput: (value: string) => void;
}) {
  const hint = props.maskedKey ? t('optionsKeySaved', props.maskedKey) : t('optionsKeyHint');
  return (
    <div class="field key">
      <label for="api-key">{t('optionsKeyLabel')}</label>
      <input
        id="api-key"
        type="text"
        autocomplete="off"
        autocapitalize="off"
        spellcheck={false}
        placeholder={props.maskedKey ?? 'phx_…'}
        value={props.value}
        onInput={(event) => props.onInput(event.currentTarget.value)}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={describedBy('api-key', true, !!props.error)}
      />
      <FieldMessages id="api-key" hint={hint} error={props.error} />
    </div>
  );
}
