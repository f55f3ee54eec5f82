import { t } from '../lib/platform/i18n';
import type { InsightPageStore } from '../lib/stores/insight-page';
import { ShareLinksSection } from './share-links-section';

/** Under the header of an insight: its public link where PostHog shares it, and its private link. */
export function InsightPanel(props: { store: InsightPageStore }) {
  const { store } = props;
  const elsewhere = store.phase.value === 'elsewhere';
  const share = store.share.value;
  return (
    <div class="share-panel" aria-busy={!elsewhere && share.phase === 'loading'}>
      {elsewhere ? <p class="muted">{t('insightElsewhere')}</p> : null}
      <ShareLinksSection
        subject="insight"
        share={elsewhere ? null : share}
        onCopyPublic={(markdown) => store.copyPublic(markdown)}
        onCopyPrivate={(markdown) => store.copyPrivate(markdown)}
        onRetry={() => void store.retryShare()}
      />
    </div>
  );
}
