import { computed, signal } from '@preact/signals';
import type { DashboardList, DashboardSummary, SendMessage, Status } from '../messaging/messages';
import { type SerializedError, serializeError } from '../platform/errors';
import { t } from '../platform/i18n';
import { privateDashboardLink } from '../posthog/links';
import { createPinner } from './dashboard-pin';
import {
  buildSearchIndex,
  createIndexSearch,
  dashboardDisplayName,
  orderDashboards,
  type SearchEntry,
} from './dashboard-search';
import type { CopyStore } from './share-copy';

export type DashboardListPhase = 'loading' | 'setup' | 'ready' | 'error';

export interface DashboardListDeps {
  send: SendMessage;
  copy: CopyStore;
  /** Opens a PostHog page in a new tab. */
  openTab: (url: string) => Promise<void>;
  openOptions: () => Promise<void>;
}

/**
 * The dashboards view: every dashboard of the configured project, searchable, pinned first. It paints
 * from the background's cache, then revalidates once if the cache is stale; the search index is built
 * once per list, so typing only filters.
 */
export function createDashboardListStore(deps: DashboardListDeps) {
  const { send, copy } = deps;
  const phase = signal<DashboardListPhase>('loading');
  const status = signal<Status | null>(null);
  const error = signal<SerializedError | null>(null);
  const refreshError = signal<SerializedError | null>(null);
  const refreshing = signal(false);
  const fetchedAt = signal<number | null>(null);
  const byId = signal<ReadonlyMap<number, DashboardSummary>>(new Map());
  const index = signal<SearchEntry[]>([]);
  const query = signal('');
  const active = signal(0);
  const sharing = signal<ReadonlySet<number>>(new Set());
  const pinner = createPinner({
    send,
    apply: (id, change) => {
      const current = byId.value.get(id);
      if (!current) return;
      const next = new Map(byId.value);
      next.set(id, change(current));
      byId.value = next;
    },
  });

  const search = computed(() => createIndexSearch(index.value));
  // The same array while the matches stay the same: typing that changes nothing renders nothing.
  const matches = computed(() => search.value(query.value));
  const projectId = computed(() => status.value?.projectId ?? null);
  const origin = computed(() => status.value?.origin ?? null);

  /** Order and index are set here only: a pin toggled in the view does not move its row away. */
  function setList(list: DashboardList): void {
    const ordered = orderDashboards(list.dashboards);
    byId.value = new Map(ordered.map((dashboard) => [dashboard.id, dashboard]));
    index.value = buildSearchIndex(ordered);
    fetchedAt.value = list.fetchedAt;
    active.value = Math.min(active.value, Math.max(0, matches.value.length - 1));
    phase.value = 'ready';
  }

  async function fetchList(source: 'fresh' | 'server'): Promise<void> {
    const project = projectId.value;
    if (project === null) return;
    refreshing.value = true;
    try {
      const { list } = await send('dashboards/list', { projectId: project, source });
      if (list) setList(list);
      refreshError.value = null;
    } catch (thrown) {
      const serialised = serializeError(thrown);
      // With a list on screen, a failed refresh is a notice; without one, it is the page.
      if (phase.value === 'ready') refreshError.value = serialised;
      else {
        error.value = serialised;
        phase.value = 'error';
      }
    } finally {
      refreshing.value = false;
    }
  }

  function linkOf(dashboard: DashboardSummary): string {
    return privateDashboardLink({
      origin: origin.value ?? '',
      projectId: projectId.value,
      dashboardId: dashboard.id,
    });
  }

  async function copyShareLink(dashboard: DashboardSummary): Promise<void> {
    const project = projectId.value;
    if (project === null || sharing.value.has(dashboard.id)) return;
    const name = dashboardDisplayName(dashboard);
    const capability = status.value?.capabilities?.shareLinks;
    if (capability && !capability.ok) {
      copy.show({
        kind: 'error',
        text: capability.fix ?? t('errorMissingScope', capability.missingScope ?? ''),
      });
      return;
    }
    sharing.value = new Set([...sharing.value, dashboard.id]);
    try {
      const answer = await send('dashboards/share-link', { projectId: project, dashboardId: dashboard.id });
      if (answer.url) await copy.copy(answer.url, t('copiedPublicLinkOf', name));
      else {
        copy.show({
          kind: 'error',
          text: t('sharingOffFor', name),
          action: { label: t('openSharingSettings'), url: answer.settingsUrl },
        });
      }
    } catch (thrown) {
      copy.show({ kind: 'error', text: serializeError(thrown).message });
    } finally {
      const next = new Set(sharing.value);
      next.delete(dashboard.id);
      sharing.value = next;
    }
  }

  return {
    phase,
    status,
    error,
    refreshError,
    refreshing,
    fetchedAt,
    byId,
    query,
    /** Whether anything is typed: the count line shows then (a boolean, so typing more renders nothing). */
    hasQuery: computed(() => query.value !== ''),
    matches,
    active,
    sharing,
    pinning: pinner.inFlight,
    pinFailure: pinner.failure,
    pinUnknown: pinner.unknown,
    pinWaiting: pinner.waiting,
    cancelPin: (dashboardId: number) =>
      projectId.value === null ? Promise.resolve() : pinner.cancel(projectId.value, dashboardId),
    checkPin: () => pinner.checkAgain(),
    total: computed(() => index.value.length),
    /** Why pin toggles are off for every dashboard (the key cannot write dashboards), or null. */
    pinBlocked: computed(() => {
      const capability = status.value?.capabilities?.pin;
      return capability && !capability.ok
        ? (capability.fix ?? t('errorMissingScope', capability.missingScope ?? 'dashboard:write'))
        : null;
    }),

    async load(): Promise<void> {
      phase.value = 'loading';
      error.value = null;
      try {
        const current = await send('status/get', {});
        status.value = current;
        if (!current.configured || current.projectId === undefined) {
          phase.value = 'setup';
          return;
        }
        const cached = await send('dashboards/list', { projectId: current.projectId, source: 'cache' });
        if (cached.list) setList(cached.list);
        if (!cached.list || cached.stale) await fetchList('fresh');
      } catch (thrown) {
        error.value = serializeError(thrown);
        phase.value = 'error';
      }
    },

    refresh: () => fetchList('server'),

    setQuery(value: string): void {
      query.value = value;
      active.value = 0;
    },

    /** Arrow keys in the search field: the active row moves, clamped to the matches. */
    moveActive(delta: number): void {
      const last = matches.value.length - 1;
      active.value = Math.max(0, Math.min(last, active.value + delta));
    },
    setActive(position: number): void {
      active.value = Math.max(0, Math.min(matches.value.length - 1, position));
    },
    activeDashboard: computed(() => byId.value.get(matches.value[active.value] ?? -1) ?? null),

    async togglePin(dashboard: DashboardSummary): Promise<boolean> {
      const project = projectId.value;
      if (project === null) return false;
      return pinner.toggle(project, dashboard);
    },
    dismissPinFailure: () => pinner.dismissFailure(),

    linkOf,
    open: (dashboard: DashboardSummary) => deps.openTab(linkOf(dashboard)),
    openOptions: () => deps.openOptions(),
    copyShareLink,
    copyPrivateLink: (dashboard: DashboardSummary) =>
      copy.copy(linkOf(dashboard), t('copiedPrivateLinkOf', dashboardDisplayName(dashboard))),
  };
}
export type DashboardListStore = ReturnType<typeof createDashboardListStore>;
