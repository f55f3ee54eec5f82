import { t } from '../lib/platform/i18n';
import type { DashboardPageStore } from '../lib/stores/dashboard-page';
import { DashboardCollaborators } from './dashboard-collaborators';
import { DashboardPinToggle } from './dashboard-pin-toggle';
import { ShareLinksSection } from './share-links-section';

/** Under the header of a dashboard page: pin, links and collaborators. */
export function DashboardPanel(props: { store: DashboardPageStore }) {
  const { store } = props;
  const phase = store.phase.value;
  const dashboard = store.dashboard.value;
  const loadError = store.loadError.value;
  const copyPrivate = (markdown: boolean) => store.copyPrivate(markdown);

  if (phase === 'elsewhere') {
    return (
      <div class="share-panel">
        <p class="muted">{t('dashboardElsewhere')}</p>
        <ShareLinksSection
          share={null}
          onCopyPublic={() => undefined}
          onCopyPrivate={copyPrivate}
          onRetry={() => undefined}
        />
      </div>
    );
  }

  return (
    <div class="share-panel" aria-busy={phase === 'loading'}>
      {phase === 'loading' ? <p class="muted">{t('dashboardLoading')}</p> : null}
      {loadError ? (
        <div class="error-notice" role="alert">
          <p class="error">
            {phase === 'error' ? loadError.message : t('dashboardMaybeStale', loadError.message)}
          </p>
          <button type="button" onClick={() => void store.load()}>
            {t('tryAgain')}
          </button>
        </div>
      ) : null}
      {dashboard ? (
        <DashboardPinToggle
          pinned={dashboard.pinned}
          busy={store.pinning.value}
          blocked={store.pinBlocked.value}
          failure={store.pinFailure.value}
          unknown={store.pinUnknown.value}
          waiting={store.pinWaiting.value}
          onToggle={() => void store.togglePin()}
          onCancel={() => void store.cancelPin()}
          onCheckAgain={() => void store.checkPin()}
        />
      ) : null}
      <ShareLinksSection
        share={store.share.value}
        onCopyPublic={(markdown) => store.copyPublic(markdown)}
        onCopyPrivate={copyPrivate}
        onRetry={() => void store.load()}
      />
      <DashboardCollaborators state={store.collaborators.value} />
    </div>
  );
}
