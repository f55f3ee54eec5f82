import { t } from '../lib/i18n';
import type { PopupStore } from '../lib/stores/popup';
import { ErrorNotice } from './error-notice';
import { SetupPrompt } from './setup-prompt';

export function PopupApp(props: { store: PopupStore }) {
  const { store } = props;
  const state = store.state.value;
  return (
    <main class="popup" aria-busy={state.phase === 'loading'}>
      {state.phase === 'loading' ? <p class="muted">{t('loading')}</p> : null}
      {state.phase === 'setup' ? <SetupPrompt onOpenOptions={() => void store.openOptions()} /> : null}
      {state.phase === 'error' ? <ErrorNotice error={state.error} onRetry={() => void store.load()} /> : null}
      {state.phase === 'ready' ? (
        <section aria-labelledby="ready-title">
          <h1 id="ready-title">{t('extName')}</h1>
          <p class="muted">{t('connectedTo', state.status.origin ?? '', state.status.projectName ?? '')}</p>
          <p class="muted">{t('keyLabel', state.status.maskedKey ?? '')}</p>
        </section>
      ) : null}
    </main>
  );
}
