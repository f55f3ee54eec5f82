import { useState } from 'preact/hooks';
import { t } from '../lib/platform/i18n';
import { askFromText, type PersonAsk } from '../lib/posthog/person-asks';

/**
 * "Find a person's recordings": an email address or a distinct id, looked for on the connected
 * PostHog when the person page opens. In the popup, and on the person page for the next ask.
 */
export function PersonFinder(props: { onFind: (ask: PersonAsk) => void; id: string }) {
  const [invalid, setInvalid] = useState(false);
  const submit = (event: Event) => {
    event.preventDefault();
    const field = (event.currentTarget as HTMLFormElement).elements.namedItem('ask') as HTMLInputElement;
    const ask = askFromText(field.value);
    setInvalid(ask === null);
    if (ask) props.onFind(ask);
  };
  const hint = `${props.id}-hint`;
  return (
    <form class="person-finder" onSubmit={submit}>
      <label for={props.id}>{t('personFinderLabel')}</label>
      <span class="person-finder-row">
        <input
          id={props.id}
          name="ask"
          type="search"
          autoComplete="off"
          spellcheck={false}
          placeholder={t('personFinderPlaceholder')}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? hint : undefined}
        />
        <button type="submit">{t('personFinderFind')}</button>
      </span>
      {invalid ? (
        <p id={hint} class="error small">
          {t('personAskUnreadable')}
        </p>
      ) : null}
    </form>
  );
}
