import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardList, Status } from '../../lib/messaging/messages';
import { AppError } from '../../lib/platform/errors';
import { createDashboardListStore } from '../../lib/stores/dashboard-list';
import { createCopyStore } from '../../lib/stores/share-copy';
import { dashboardSummary } from '../support/dashboard-summary';
import { deferred } from '../support/deferred';
import { type AnswerData, type Answers, fakeBackground } from '../support/fake-background';
import { fakeClipboard } from '../support/fake-clipboard';
import { flush } from '../support/flush';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';
const CAPABILITIES = { addToPlaylist: { ok: true }, pin: { ok: true }, shareLinks: { ok: true } };
const STATUS: Status = {
  configured: true,
  origin: US,
  projectId: 1,
  projectName: 'Acme web app',
  maskedKey: 'phx_…a1B2',
  capabilities: CAPABILITIES,
};
const LIST: DashboardList = {
  origin: US,
  projectId: 1,
  fetchedAt: 1000,
  dashboards: [
    dashboardSummary(2, { name: 'Marketing' }),
    dashboardSummary(1, { name: 'Product KPIs', pinned: true, shared: true }),
    dashboardSummary(3, { name: 'Finance', canEdit: false, restricted: true }),
  ],
};

function setup(answers: Answers) {
  const background = fakeBackground({ 'status/get': STATUS, ...answers });
  const clipboard = fakeClipboard();
  const opened: string[] = [];
  const copy = createCopyStore({ writeText: clipboard.writeText, setTimeout: () => 0 });
  const store = createDashboardListStore({
    send: background.send,
    copy,
    openTab: async (url) => void opened.push(url),
    openOptions: async () => undefined,
  });
  const names = () => store.matches.value.map((id) => store.byId.value.get(id)?.name);
  return { background, clipboard, copy, store, opened, names };
}

const listAnswer = (stale: boolean, list: DashboardList | null = LIST) => ({ list, stale });

describe('the dashboards view', () => {
  it('paints a fresh cache and sends nothing more', async () => {
    const { background, store, names } = setup({ 'dashboards/list': listAnswer(false) });
    await store.load();
    expect(store.phase.value).toBe('ready');
    expect(names()).toEqual(['Product KPIs', 'Finance', 'Marketing']);
    expect(background.sent.map((m) => [m.type, m.input.source])).toEqual([
      ['status/get', undefined],
      ['dashboards/list', 'cache'],
    ]);
  });

  it('paints a stale cache first, then revalidates once', async () => {
    const fresh = deferred<AnswerData<'dashboards/list'>>();
    const { background, store, names } = setup({
      'dashboards/list': (input: { source: string }) =>
        input.source === 'cache' ? listAnswer(true) : fresh.promise,
    });
    const loading = store.load();
    await flush();
    expect(store.phase.value).toBe('ready');
    expect(store.refreshing.value).toBe(true);
    expect(names()).toHaveLength(3);
    fresh.resolve(
      listAnswer(false, { ...LIST, fetchedAt: 2000, dashboards: [dashboardSummary(9, { name: 'New' })] }),
    );
    await loading;
    expect(names()).toEqual(['New']);
    expect(store.fetchedAt.value).toBe(2000);
    expect(background.sent.filter((m) => m.type === 'dashboards/list').map((m) => m.input.source)).toEqual([
      'cache',
      'fresh',
    ]);
  });

  it('fetches when nothing is cached, and says when that fails', async () => {
    const { store } = setup({
      'dashboards/list': (input: { source: string }) => {
        if (input.source === 'cache') return listAnswer(true, null);
        throw new AppError('network');
      },
    });
    await store.load();
    expect(store.phase.value).toBe('error');
    expect(store.error.value?.kind).toBe('network');
  });

  it('keeps the cached list on screen when its revalidation fails', async () => {
    const { store } = setup({
      'dashboards/list': (input: { source: string }) => {
        if (input.source === 'cache') return listAnswer(true);
        throw new AppError('rate-limited', { retryAfterSeconds: 30 });
      },
    });
    await store.load();
    expect(store.phase.value).toBe('ready');
    expect(store.refreshError.value?.message).toBe(
      'PostHog is rate-limiting your key. Try again in 30 seconds.',
    );
  });

  it('asks to set up a key first', async () => {
    const { background, store } = setup({ 'status/get': { configured: false } });
    await store.load();
    expect(store.phase.value).toBe('setup');
    expect(background.count('dashboards/list')).toBe(0);
  });

  it('refreshes from the server on request', async () => {
    const { background, store } = setup({ 'dashboards/list': listAnswer(false) });
    await store.load();
    await store.refresh();
    expect(background.sent.at(-1)).toEqual({
      type: 'dashboards/list',
      input: { projectId: 1, source: 'server' },
    });
  });

  it('filters as the user types, keeping pinned first, and moves the active row with the keys', async () => {
    const { store, names } = setup({ 'dashboards/list': listAnswer(false) });
    await store.load();
    store.setQuery('i');
    expect(names()).toEqual(['Product KPIs', 'Finance', 'Marketing']);
    store.moveActive(1);
    store.moveActive(5);
    expect(store.activeDashboard.value?.name).toBe('Marketing');
    store.moveActive(-10);
    expect(store.activeDashboard.value?.name).toBe('Product KPIs');
    store.setQuery('fin');
    expect(names()).toEqual(['Finance']);
    expect(store.active.value).toBe(0);
    store.setQuery('nothing like it');
    expect(names()).toEqual([]);
    expect(store.activeDashboard.value).toBeNull();
  });

  it('pins in place: the row shows the new state without moving, and rolls back on refusal', async () => {
    const { store, names } = setup({
      'dashboards/list': listAnswer(false),
      'dashboards/pin': new AppError('forbidden'),
    });
    await store.load();
    const marketing = store.byId.value.get(2);
    if (!marketing) throw new Error('missing');
    await store.togglePin(marketing);
    expect(store.byId.value.get(2)?.pinned).toBe(false);
    expect(store.pinFailure.value?.dashboardId).toBe(2);
    expect(names()).toEqual(['Product KPIs', 'Finance', 'Marketing']);
  });

  it('opens a dashboard and copies its private link', async () => {
    const { store, opened, clipboard, copy } = setup({ 'dashboards/list': listAnswer(false) });
    await store.load();
    const kpis = store.byId.value.get(1);
    if (!kpis) throw new Error('missing');
    await store.open(kpis);
    await store.copyPrivateLink(kpis);
    expect(opened).toEqual([`${US}/project/1/dashboard/1`]);
    expect(clipboard.written).toEqual([`${US}/project/1/dashboard/1`]);
    expect(copy.toast.value?.text).toBe('Copied the private link of “Product KPIs”');
  });

  it('copies the public link of a shared dashboard, once per click in flight', async () => {
    const answer = deferred<AnswerData<'dashboards/share-link'>>();
    const { background, store, clipboard, copy } = setup({
      'dashboards/list': listAnswer(false),
      'dashboards/share-link': () => answer.promise,
    });
    await store.load();
    const kpis = store.byId.value.get(1);
    if (!kpis) throw new Error('missing');
    const first = store.copyShareLink(kpis);
    await store.copyShareLink(kpis);
    answer.resolve({
      enabled: true,
      url: `${US}/shared/tok`,
      settingsUrl: `${US}/project/1/dashboard/1/sharing`,
    });
    await first;
    expect(background.count('dashboards/share-link')).toBe(1);
    expect(clipboard.written).toEqual([`${US}/shared/tok`]);
    expect(copy.toast.value?.text).toBe('Copied the public link of “Product KPIs”');
  });

  it('copies nothing when sharing is off, and points to the sharing settings', async () => {
    const { store, clipboard, copy } = setup({
      'dashboards/list': listAnswer(false),
      'dashboards/share-link': { enabled: false, settingsUrl: `${US}/project/1/dashboard/2/sharing` },
    });
    await store.load();
    const marketing = store.byId.value.get(2);
    if (!marketing) throw new Error('missing');
    await store.copyShareLink(marketing);
    expect(clipboard.written).toEqual([]);
    expect(copy.toast.value).toEqual({
      kind: 'error',
      text: 'Public sharing is off for “Marketing”, so it has no public link.',
      action: { label: 'Open sharing settings', url: `${US}/project/1/dashboard/2/sharing` },
    });
  });

  it('says which scope is missing without asking, when the key check already knows', async () => {
    const { background, store, copy } = setup({
      'status/get': {
        ...STATUS,
        capabilities: {
          ...CAPABILITIES,
          shareLinks: { ok: false, missingScope: 'sharing_configuration:read', fix: 'Add the scope.' },
          pin: { ok: false, missingScope: 'dashboard:write', fix: 'Add dashboard:write.' },
        },
      },
      'dashboards/list': listAnswer(false),
    });
    await store.load();
    const kpis = store.byId.value.get(1);
    if (!kpis) throw new Error('missing');
    await store.copyShareLink(kpis);
    expect(copy.toast.value?.text).toBe('Add the scope.');
    expect(store.pinBlocked.value).toBe('Add dashboard:write.');
    expect(background.count('dashboards/share-link')).toBe(0);
  });
});
