import { useEffect, useRef } from 'preact/hooks';
import { t, tCount } from '../lib/platform/i18n';
import type { DashboardListStore } from '../lib/stores/dashboard-list';
import { pinFailureText } from '../lib/stores/dashboard-pin';
import type { CopyStore } from '../lib/stores/share-copy';
import { CopyToast } from './copy-toast';
import { DashboardMatchCount, DashboardMatches } from './dashboard-matches';
import { ErrorNotice } from './error-notice';
import { SetupPrompt } from './setup-prompt';

function updatedLabel(fetchedAt: number | null, now: number): string {
  if (fetchedAt === null) return '';
  const minutes = Math.floor((now - fetchedAt) / 60_000);
  return minutes < 1 ? t('updatedJustNow') : t('updatedMinutesAgo', minutes);
}

/**
 * The dashboards view: search, pinned first, pin toggles, open, copy links. It reads neither the
 * query nor the matches: what typing changes renders in `dashboard-matches.tsx`, not here.
 */
export function DashboardFinder(props: { store: DashboardListStore; copy: CopyStore; now?: () => number }) {
  const { store, copy } = props;
  const phase = store.phase.value;
  const status = store.status.value;
  const total = store.total.value;
  const search = useRef<HTMLInputElement>(null);
  // The page exists to search: the field takes the focus as soon as the list is there.
  const ready = phase === 'ready';
  useEffect(() => {
    if (ready) search.current?.focus();
  }, [ready]);

  const onKeyDown = (event: KeyboardEvent) => {
    // Read on the key, not in render: moving the active row does not render the view.
    const active = store.activeDashboard.value;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      store.moveActive(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'PageDown' || event.key === 'PageUp') {
      event.preventDefault();
      store.moveActive(event.key === 'PageDown' ? 10 : -10);
    } else if (event.key === 'Enter' && active) {
      event.preventDefault();
      if (event.altKey) void store.togglePin(active);
      else void store.open(active);
    } else if (event.key === 'Escape' && store.query.value) {
      event.preventDefault();
      store.setQuery('');
    }
  };

  return (
    <main class="finder" aria-busy={phase === 'loading' || store.refreshing.value}>
      <header class="finder-header">
        <div>
          <h1>{t('dashboardsTitle')}</h1>
          <p class="muted small">
            {[
              status?.projectName ?? (status?.projectId ? t('projectUnnamed', status.projectId) : ''),
              phase === 'ready' ? tCount('dashboardsCount', total) : '',
              store.refreshing.value
                ? t('refreshing')
                : updatedLabel(store.fetchedAt.value, (props.now ?? Date.now)()),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        {phase === 'ready' ? (
          <button type="button" onClick={() => void store.refresh()} disabled={store.refreshing.value}>
            {t('refresh')}
          </button>
        ) : null}
      </header>
      {phase === 'loading' ? <p class="muted">{t('dashboardsLoading')}</p> : null}
      {phase === 'setup' ? <SetupPrompt onOpenOptions={() => void store.openOptions()} /> : null}
      {phase === 'error' && store.error.value ? (
        <ErrorNotice error={store.error.value} onRetry={() => void store.load()} />
      ) : null}
      {phase === 'ready' ? (
        <>
          {store.refreshError.value ? (
            <div class="error-notice" role="alert">
              <p class="error">{t('refreshFailed', store.refreshError.value.message)}</p>
            </div>
          ) : null}
          <div role="status">
            {store.pinWaiting.value !== null ? (
              <p>
                {t('stillWaiting')}{' '}
                <button type="button" onClick={() => void store.cancelPin(store.pinWaiting.value as number)}>
                  {t('stopWaiting')}
                </button>
              </p>
            ) : null}
          </div>
          {store.pinFailure.value ? (
            <div class="error-notice" role="alert">
              <p class="error">{pinFailureText(store.pinFailure.value.error)}</p>
              {['outcome-unknown', 'cancelled'].includes(store.pinFailure.value.error.kind) ? (
                <button type="button" onClick={() => void store.checkPin()}>
                  {t('checkAgain')}
                </button>
              ) : null}
            </div>
          ) : null}
          {store.pinBlocked.value ? <p class="muted small">{store.pinBlocked.value}</p> : null}
          <label class="finder-search" for="dashboard-search">
            <span>{t('searchDashboards')}</span>
            <input
              id="dashboard-search"
              type="search"
              ref={search}
              autoComplete="off"
              spellcheck={false}
              // Bound to the signal, not read here: a keystroke that changes no match renders nothing.
              value={store.query}
              aria-controls="dashboard-rows"
              aria-describedby="search-help"
              onInput={(event) => store.setQuery((event.currentTarget as HTMLInputElement).value)}
              onKeyDown={onKeyDown}
            />
          </label>
          <p id="search-help" class="muted small">
            {t('searchHelp')}
          </p>
          <DashboardMatchCount store={store} />
          <DashboardMatches store={store} onFocusLost={() => search.current?.focus()} />
        </>
      ) : null}
      <CopyToast toast={copy.toast.value} onDismiss={() => copy.dismiss()} />
    </main>
  );
}
