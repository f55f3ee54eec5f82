import { computed, signal } from '@preact/signals';
import type {
  CollaboratorSummary,
  DashboardSummary,
  PageHints,
  SendMessage,
  Status,
} from '../messaging/messages';
import { AppError, type SerializedError, serializeError } from '../platform/errors';
import { t } from '../platform/i18n';
import type { DashboardContext } from '../posthog/context';
import { dashboardSharingLink, privateDashboardLink } from '../posthog/links';
import { createPinner } from './dashboard-pin';
import type { CopyStore } from './share-copy';
import {
  copyShareLink,
  knownMissingScope,
  missingScopeShare,
  type ShareState,
  shareStateOf,
} from './share-state';

export type { ShareState } from './share-state';

export type CollaboratorsState =
  | { phase: 'hidden' }
  | { phase: 'loading' }
  | { phase: 'ready'; collaborators: CollaboratorSummary[] }
  /** This PostHog has no collaborators feature (FOSS builds). */
  | { phase: 'unavailable' }
  | { phase: 'error'; error: SerializedError };

/** `elsewhere`: the page is on another PostHog than the key's, so only its own link is offered. */
export type DashboardPhase = 'loading' | 'ready' | 'error' | 'elsewhere';

export interface DashboardPageDeps {
  send: SendMessage;
  copy: CopyStore;
  context: DashboardContext;
  /** The configured connection, with what the key may do. */
  status: Status;
  hints: PageHints;
}

/** The popup over a dashboard: its pin, its links and (when restricted) who may edit it. */
export function createDashboardPageStore(deps: DashboardPageDeps) {
  const { send, copy, context, status, hints } = deps;
  const projectId = context.projectId ?? status.projectId ?? null;
  const connected = status.origin === context.origin && projectId !== null;
  const where = { origin: context.origin, projectId, dashboardId: context.dashboardId };
  const settingsUrl = dashboardSharingLink(where);
  const privateUrl = privateDashboardLink(where);

  const phase = signal<DashboardPhase>(connected ? 'loading' : 'elsewhere');
  const dashboard = signal<DashboardSummary | null>(null);
  const loadError = signal<SerializedError | null>(null);
  const share = signal<ShareState>({ phase: 'loading' });
  const collaborators = signal<CollaboratorsState>({ phase: 'hidden' });
  const pinner = createPinner({
    send,
    apply: (id, change) => {
      if (dashboard.value?.id === id) dashboard.value = change(dashboard.value);
    },
  });

  const name = computed(
    () => dashboard.value?.name ?? (hints.title?.trim() || t('contextDashboardNumber', context.dashboardId)),
  );
  /** Why the toggle is off, in one sentence; null when it may be used. */
  const pinBlocked = computed(() => {
    const capability = status.capabilities?.pin;
    if (capability && !capability.ok) {
      return capability.fix ?? t('errorMissingScope', capability.missingScope ?? 'dashboard:write');
    }
    if (dashboard.value && !dashboard.value.canEdit) return t('pinReadOnly');
    return null;
  });

  function show(fresh: DashboardSummary): void {
    // A toggle in flight wins over an older read of the same dashboard.
    const current = dashboard.value;
    dashboard.value = current && pinner.isPinning(fresh.id) ? { ...fresh, pinned: current.pinned } : fresh;
    phase.value = 'ready';
  }

  async function loadCollaborators(ref: { projectId: number; dashboardId: number }): Promise<void> {
    collaborators.value = { phase: 'loading' };
    try {
      const answer = await send('dashboards/collaborators', ref);
      collaborators.value = answer.available
        ? { phase: 'ready', collaborators: answer.collaborators }
        : { phase: 'unavailable' };
    } catch (error) {
      collaborators.value = { phase: 'error', error: serializeError(error) };
    }
  }

  async function loadDashboard(ref: { projectId: number; dashboardId: number }): Promise<void> {
    try {
      const cached = await send('dashboards/get', { ...ref, source: 'cache' });
      if (cached.dashboard && !dashboard.value) show(cached.dashboard);
    } catch {
      // The cache is only a head start; the server read below decides.
    }
    try {
      const answer = await send('dashboards/get', { ...ref, source: 'server' });
      if (!answer.dashboard) throw new AppError('not-found');
      show(answer.dashboard);
      loadError.value = null;
      if (answer.dashboard.restricted) await loadCollaborators(ref);
    } catch (error) {
      loadError.value = serializeError(error);
      // What the cache showed stays on screen, with the reason it may be out of date.
      if (!dashboard.value) phase.value = 'error';
    }
  }

  async function loadShare(ref: { projectId: number; dashboardId: number }): Promise<void> {
    const missingScope = knownMissingScope(status.capabilities?.shareLinks);
    if (missingScope) {
      // Known from the last key check: no request that can only be refused.
      share.value = missingScopeShare(missingScope, settingsUrl);
      return;
    }
    share.value = { phase: 'loading' };
    try {
      share.value = shareStateOf(await send('dashboards/share-link', ref));
    } catch (error) {
      share.value = { phase: 'error', error: serializeError(error), settingsUrl };
    }
  }

  const copyLink = (url: string, markdown: boolean, kind: 'public' | 'private') =>
    copyShareLink(copy, { url, name: name.value, kind, markdown });

  return {
    phase,
    dashboard,
    loadError,
    share,
    collaborators,
    name,
    pinBlocked,
    pinning: computed(() => pinner.inFlight.value.has(context.dashboardId)),
    pinFailure: computed(() => pinner.failure.value?.error ?? null),
    /** PostHog did not confirm the last pin and reading it back failed: its state is unknown. */
    pinUnknown: computed(() => pinner.unknown.value.has(context.dashboardId)),
    pinWaiting: computed(() => pinner.waiting.value === context.dashboardId),
    cancelPin: () => (projectId === null ? Promise.resolve() : pinner.cancel(projectId, context.dashboardId)),
    checkPin: () => pinner.checkAgain(),
    privateUrl,
    settingsUrl,

    async load(): Promise<void> {
      if (!connected || projectId === null) return;
      phase.value = dashboard.value ? 'ready' : 'loading';
      const ref = { projectId, dashboardId: context.dashboardId };
      await Promise.all([loadDashboard(ref), loadShare(ref)]);
    },

    async togglePin(): Promise<boolean> {
      const current = dashboard.value;
      if (!current || projectId === null || pinBlocked.value) return false;
      return pinner.toggle(projectId, current);
    },

    copyPublic(markdown = false): Promise<boolean> {
      const state = share.value;
      return state.phase === 'enabled' ? copyLink(state.url, markdown, 'public') : Promise.resolve(false);
    },
    copyPrivate: (markdown = false) => copyLink(privateUrl, markdown, 'private'),
  };
}
export type DashboardPageStore = ReturnType<typeof createDashboardPageStore>;
