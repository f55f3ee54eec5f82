import { type MessageKey, t } from '../lib/platform/i18n';
import type { Where } from '../lib/stores/options';
import { describedBy, FieldMessages } from './field-messages';

const CHOICES: ReadonlyArray<readonly [Where, MessageKey]> = [
  ['us', 'optionsWhereUs'],
  ['eu', 'optionsWhereEu'],
  ['self-hosted', 'optionsWhereSelfHosted'],
];

/** US cloud, EU cloud or a self-hosted address. */
export function OptionsWhere(props: {
  where: Where;
  address: string;
  error?: string;
  onWhere: (where: Where) => void;
  onAddress: (address: string) => void;
}) {
  const selfHosted = props.where === 'self-hosted';
  return (
    <fieldset
      class="field where"
      aria-describedby={selfHosted ? undefined : describedBy('where', false, !!props.error)}
    >
      <legend>{t('optionsWhereLegend')}</legend>
      {CHOICES.map(([value, label]) => (
        <div class="choice" key={value}>
          <input
            type="radio"
            id={`where-${value}`}
            name="where"
            value={value}
            checked={props.where === value}
            onChange={() => props.onWhere(value)}
          />
          <label for={`where-${value}`}>{t(label)}</label>
        </div>
      ))}
      {selfHosted ? (
        <div class="field address">
          <label for="address">{t('optionsAddressLabel')}</label>
          <input
            id="address"
            type="text"
            inputMode="url"
            autocomplete="url"
            autocapitalize="off"
            spellcheck={false}
            placeholder="https://posthog.example.com"
            value={props.address}
            onInput={(event) => props.onAddress(event.currentTarget.value)}
            aria-invalid={props.error ? 'true' : undefined}
            aria-describedby={describedBy('address', true, !!props.error)}
          />
          <FieldMessages id="address" hint={t('optionsAddressHint')} error={props.error} />
        </div>
      ) : (
        <FieldMessages id="where" error={props.error} />
      )}
    </fieldset>
  );
}
