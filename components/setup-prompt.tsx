import { t } from '../lib/platform/i18n';

export function SetupPrompt(props: { onOpenOptions: () => void }) {
  return (
    <section class="setup" aria-labelledby="setup-title">
      <h1 id="setup-title">{t('setupTitle')}</h1>
      <p class="muted">{t('setupBody')}</p>
      <button type="button" class="primary" onClick={props.onOpenOptions}>
        {t('setupOpenOptions')}
      </button>
    </section>
  );
}
