import { t, tCount } from '../lib/platform/i18n';
import type { DashboardListStore } from '../lib/stores/dashboard-list';
import { dashboardDisplayName } from '../lib/stores/dashboard-search';
import { DashboardRows } from './dashboard-rows';

/**
 * The parts of the dashboards view that change while the user types. Each reads the signals it shows
 * itself, so a keystroke that changes the matches renders these and not the whole view.
 */

/** "12 of 10000 match", and the active dashboard's name for screen readers. */
export function DashboardMatchCount(props: { store: DashboardListStore }) {
  const { store } = props;
  const active = store.activeDashboard.value;
  const hasQuery = store.hasQuery.value;
  return (
    // Its line is kept while empty (share-panels.css): the count coming with the first letter moves nothing.
    <p class="muted small match-count" role="status">
      {hasQuery ? tCount('dashboardsMatching', store.matches.value.length, store.total.value) : ''}
      {active && hasQuery ? <span class="visually-hidden"> {dashboardDisplayName(active)}</span> : null}
    </p>
  );
}

/** The matching rows, or why there are none. */
export function DashboardMatches(props: { store: DashboardListStore; onFocusLost: () => void }) {
  const { store } = props;
  const matches = store.matches.value;
  const total = store.total.value;
  return (
    <>
      {total === 0 ? <p class="muted">{t('dashboardsEmpty')}</p> : null}
      {total > 0 && matches.length === 0 ? <p class="muted">{t('dashboardsNoMatch')}</p> : null}
      <DashboardRows
        ids={matches}
        byId={store.byId.value}
        active={store.active.value}
        pinning={store.pinning.value}
        sharing={store.sharing.value}
        pinBlocked={store.pinBlocked.value}
        linkOf={store.linkOf}
        onActivate={(position) => store.setActive(position)}
        onTogglePin={(dashboard) => void store.togglePin(dashboard)}
        onCopyShare={(dashboard) => void store.copyShareLink(dashboard)}
        onCopyPrivate={(dashboard) => void store.copyPrivateLink(dashboard)}
        onFocusLost={props.onFocusLost}
      />
    </>
  );
}
