import { t } from '../lib/platform/i18n';

/** From any page: the searchable list of every dashboard, in a tab of its own. */
export function DashboardViewButton(props: { onOpen: () => void }) {
  return (
    <p class="share-dashboards">
      <button type="button" onClick={props.onOpen}>
        {t('openAllDashboards')}
      </button>
    </p>
  );
}
