import { t } from '../lib/platform/i18n';

/** Any tab that is not a PostHog page Hogmark acts on: what Hogmark does and how to get there. */
export function EmptyState(props: { postHogUrl: string }) {
  return (
    <section class="empty-state" aria-labelledby="empty-title">
      <h1 id="empty-title">{t('emptyTitle')}</h1>
      <p class="muted">{t('emptyBody')}</p>
      <a class="button primary" href={props.postHogUrl} target="_blank" rel="noreferrer">
        {t('emptyOpenPostHog')}
      </a>
    </section>
  );
}
