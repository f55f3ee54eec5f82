import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { DashboardSummary } from '../lib/messaging/messages';
import { t } from '../lib/platform/i18n';
import { dashboardDisplayName } from '../lib/stores/dashboard-search';
import { scrollToShow, visibleWindow } from '../lib/stores/dashboard-window';

/** Fixed, so the window can be computed without measuring rows (kept in step with the CSS). */
export const DASHBOARD_ROW_HEIGHT = 48;

export interface DashboardRowsProps {
  ids: readonly number[];
  byId: ReadonlyMap<number, DashboardSummary>;
  active: number;
  pinning: ReadonlySet<number>;
  sharing: ReadonlySet<number>;
  /** Why no pin toggle can be used (the key cannot write dashboards), or null. */
  pinBlocked: string | null;
  linkOf: (dashboard: DashboardSummary) => string;
  onActivate: (position: number) => void;
  onTogglePin: (dashboard: DashboardSummary) => void;
  onCopyShare: (dashboard: DashboardSummary) => void;
  onCopyPrivate: (dashboard: DashboardSummary) => void;
  /** The focus was on a control of a dashboard that the new matches no longer show. */
  onFocusLost: () => void;
}

const rowDomId = (dashboardId: number) => `dashboard-row-${dashboardId}`;
const CONTROLS = 'a, button';

/** Which dashboard's row holds the focus, and on which of its controls (they are alike in every row). */
interface HeldFocus {
  rowId: string;
  control: number;
}

function heldFocus(list: HTMLElement | null): HeldFocus | null {
  const focused = document.activeElement;
  const row = focused?.closest('li');
  if (!focused || !row || !list?.contains(row)) return null;
  return { rowId: row.id, control: [...row.querySelectorAll(CONTROLS)].indexOf(focused) };
}

/**
 * The matching dashboards, windowed: only the rows in view (plus a few) are in the DOM, whatever the
 * number of matches. The active row (moved with the arrow keys in the search field) is kept in view.
 *
 * Rows are keyed by position, not by dashboard: when a keystroke changes the matches, Preact patches
 * the rows on screen in place (new text and attributes) instead of building every one again. So a
 * row holds nothing of its own: whatever belongs to a dashboard (pressed, busy, labels, the link)
 * comes from the props on every render, and the focus, which the DOM keeps, is handed on below.
 */
export function DashboardRows(props: DashboardRowsProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(480);

  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    setHeight(element.clientHeight);
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const target = scrollToShow(props.active, {
      scrollTop: element.scrollTop,
      viewportHeight: element.clientHeight,
      rowHeight: DASHBOARD_ROW_HEIGHT,
    });
    if (target !== null) element.scrollTop = target;
  }, [props.active]);

  // A new search starts at the top.
  useEffect(() => {
    if (viewport.current) viewport.current.scrollTop = 0;
  }, [props.ids]);

  // New matches: read before the DOM is patched, since the row holding the focus may then show
  // another dashboard. (Scrolling changes no row's dashboard: a slot's position is its key.)
  const shownIds = useRef(props.ids);
  const focus = shownIds.current === props.ids ? null : heldFocus(list.current);
  const { onFocusLost } = props;
  useLayoutEffect(() => {
    shownIds.current = props.ids;
    if (!focus) return;
    // The focused dashboard's row, wherever the new matches put it (or nowhere).
    const row = document.getElementById(focus.rowId);
    const control = row?.querySelectorAll<HTMLElement>(CONTROLS)[focus.control];
    if (document.activeElement === control) return;
    if (control) control.focus({ preventScroll: true });
    else onFocusLost();
  });

  const range = visibleWindow({
    scrollTop,
    viewportHeight: height,
    rowHeight: DASHBOARD_ROW_HEIGHT,
    count: props.ids.length,
  });
  const rows = [];
  for (let position = range.start; position < range.end; position++) {
    const dashboard = props.byId.get(props.ids[position] ?? -1);
    if (!dashboard) continue;
    rows.push(<DashboardRow key={position} position={position} dashboard={dashboard} {...props} />);
  }

  return (
    <div
      class="dashboard-rows"
      ref={viewport}
      onScroll={(event) => setScrollTop((event.currentTarget as HTMLDivElement).scrollTop)}
    >
      <ul
        id="dashboard-rows"
        ref={list}
        style={{ height: `${range.totalHeight}px` }}
        aria-label={t('dashboardsListLabel')}
      >
        {rows}
      </ul>
    </div>
  );
}

/** One slot of the window, showing whichever dashboard is at its position: no state, no hooks. */
function DashboardRow(props: DashboardRowsProps & { position: number; dashboard: DashboardSummary }) {
  const { dashboard, position } = props;
  const name = dashboardDisplayName(dashboard);
  const pinning = props.pinning.has(dashboard.id);
  const readOnly = !dashboard.canEdit;
  const pinReason = props.pinBlocked ?? (readOnly ? t('pinReadOnly') : null);
  return (
    <li
      id={rowDomId(dashboard.id)}
      class={position === props.active ? 'dashboard-row active' : 'dashboard-row'}
      style={{ top: `${position * DASHBOARD_ROW_HEIGHT}px` }}
      aria-setsize={props.ids.length}
      aria-posinset={position + 1}
      onMouseEnter={() => props.onActivate(position)}
    >
      <button
        type="button"
        class={dashboard.pinned ? 'pin-toggle pinned' : 'pin-toggle'}
        aria-pressed={dashboard.pinned}
        aria-label={t('pinToggleLabel', name)}
        title={pinReason ?? (dashboard.pinned ? t('unpinAction') : t('pinAction'))}
        disabled={pinReason !== null}
        aria-busy={pinning || undefined}
        onClick={() => props.onTogglePin(dashboard)}
      >
        {dashboard.pinned ? '★' : '☆'}
      </button>
      <a class="dashboard-name" href={props.linkOf(dashboard)} target="_blank" rel="noreferrer" title={name}>
        {name}
      </a>
      {dashboard.shared ? <span class="dashboard-badge">{t('dashboardSharedBadge')}</span> : null}
      {dashboard.restricted ? <span class="dashboard-badge">{t('dashboardRestrictedBadge')}</span> : null}
      <span class="dashboard-actions">
        <button
          type="button"
          aria-label={t('copyShareLinkOf', name)}
          aria-busy={props.sharing.has(dashboard.id) || undefined}
          onClick={() => props.onCopyShare(dashboard)}
        >
          {t('copyShareLinkShort')}
        </button>
        <button
          type="button"
          aria-label={t('copyPrivateLinkOf', name)}
          onClick={() => props.onCopyPrivate(dashboard)}
        >
          {t('copyPrivateLinkShort')}
        </button>
      </span>
    </li>
  );
}
