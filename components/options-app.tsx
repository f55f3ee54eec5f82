import { t } from '../lib/i18n';
import type { OptionsStore } from '../lib/stores/options';
import { ErrorNotice } from './error-notice';

export function OptionsApp(props: { store: OptionsStore }) {
  const state = props.store.state.value;
  return (
    <main class="options" aria-busy={state.phase === 'loading'}>
      <h1>{t('optionsTitle')}</h1>
      <p class="muted">{t('optionsIntro')}</p>
      {state.phase === 'error' ? (
        <ErrorNotice error={state.error} onRetry={() => void props.store.load()} />
      ) : null}
      {state.phase === 'ready' ? (
        <p>
          {state.settings.maskedKey
            ? t('connectedTo', state.settings.origin, state.settings.maskedKey)
            : t('optionsNoKey', state.settings.origin)}
        </p>
      ) : null}
    </main>
  );
}
