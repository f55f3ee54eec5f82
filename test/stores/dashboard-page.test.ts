import { beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../lib/messaging/messages';
import { AppError } from '../../lib/platform/errors';
import type { DashboardContext } from '../../lib/posthog/context';
import { createDashboardPageStore } from '../../lib/stores/dashboard-page';
import { createCopyStore } from '../../lib/stores/share-copy';
import { dashboardSummary } from '../support/dashboard-summary';
import { deferred } from '../support/deferred';
import { type AnswerData, type Answers, fakeBackground } from '../support/fake-background';
import { fakeClipboard } from '../support/fake-clipboard';
import { flush } from '../support/flush';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';
const CONTEXT: DashboardContext = { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 2 };
const STATUS: Status = {
  configured: true,
  origin: US,
  projectId: 1,
  capabilities: { addToPlaylist: { ok: true }, pin: { ok: true }, shareLinks: { ok: true } },
};
const SETTINGS_URL = `${US}/project/1/dashboard/2/sharing`;
const SHARED = { enabled: true, url: `${US}/shared/tok`, settingsUrl: SETTINGS_URL };
const NOT_SHARED = { enabled: false, settingsUrl: SETTINGS_URL };

function setup(
  answers: Answers,
  options: { status?: Status; context?: DashboardContext; title?: string } = {},
) {
  const background = fakeBackground({
    'dashboards/get': (input: { source: string }) =>
      input.source === 'cache'
        ? { dashboard: null }
        : { dashboard: dashboardSummary(2, { name: 'Marketing' }) },
    'dashboards/share-link': NOT_SHARED,
    ...answers,
  });
  const clipboard = fakeClipboard();
  const copy = createCopyStore({ writeText: clipboard.writeText, setTimeout: () => 0 });
  const store = createDashboardPageStore({
    send: background.send,
    copy,
    context: options.context ?? CONTEXT,
    status: options.status ?? STATUS,
    hints: options.title ? { title: options.title } : {},
  });
  return { background, clipboard, copy, store };
}

describe('the popup over a dashboard', () => {
  it('paints what the cache knows, then what PostHog says', async () => {
    const server = deferred<AnswerData<'dashboards/get'>>();
    const { store } = setup({
      'dashboards/get': (input: { source: string }) =>
        input.source === 'cache' ? { dashboard: dashboardSummary(2, { name: 'Old name' }) } : server.promise,
    });
    const loading = store.load();
    await flush();
    expect(store.phase.value).toBe('ready');
    expect(store.name.value).toBe('Old name');
    server.resolve({ dashboard: dashboardSummary(2, { name: 'Marketing', pinned: true }) });
    await loading;
    expect(store.name.value).toBe('Marketing');
    expect(store.dashboard.value?.pinned).toBe(true);
  });

  it('names the dashboard by the page title until it is loaded', () => {
    const { store } = setup({}, { title: 'Marketing' });
    expect(store.name.value).toBe('Marketing');
    expect(setup({}).store.name.value).toBe('Dashboard 2');
  });

  it('pins optimistically and keeps the pin when a slower read arrives', async () => {
    const pin = deferred<AnswerData<'dashboards/pin'>>();
    const { background, store } = setup({ 'dashboards/pin': () => pin.promise });
    await store.load();
    const toggling = store.togglePin();
    expect(store.dashboard.value?.pinned).toBe(true);
    expect(store.pinning.value).toBe(true);
    await store.togglePin();
    pin.resolve({ dashboard: dashboardSummary(2, { name: 'Marketing', pinned: true }) });
    await toggling;
    expect(background.sent.filter((m) => m.type === 'dashboards/pin').map((m) => m.input)).toEqual([
      { projectId: 1, dashboardId: 2, pinned: true },
    ]);
    expect(store.pinning.value).toBe(false);
  });

  it('rolls back with the reason when PostHog refuses the pin', async () => {
    const { store } = setup({
      'dashboards/pin': new AppError('forbidden', {
        status: 403,
        detail: "You don't have edit permissions for this dashboard.",
      }),
    });
    await store.load();
    await store.togglePin();
    expect(store.dashboard.value?.pinned).toBe(false);
    expect(store.pinFailure.value?.kind).toBe('forbidden');
  });

  it('turns the toggle off, with the reason, for a dashboard the user may only view', async () => {
    const { background, store } = setup({
      'dashboards/get': {
        dashboard: dashboardSummary(3, { name: 'Finance', canEdit: false, restricted: true }),
      },
      'dashboards/collaborators': { available: true, collaborators: [] },
    });
    await store.load();
    expect(store.pinBlocked.value).toBe(
      'You can only view this dashboard, so you cannot pin or unpin it. Ask its owner or a project admin for edit access.',
    );
    await expect(store.togglePin()).resolves.toBe(false);
    expect(background.count('dashboards/pin')).toBe(0);
  });

  it('turns the toggle off when the key cannot write dashboards', async () => {
    const { store } = setup(
      {},
      {
        status: {
          ...STATUS,
          capabilities: {
            addToPlaylist: { ok: true },
            shareLinks: { ok: true },
            pin: {
              ok: false,
              missingScope: 'dashboard:write',
              fix: 'Your API key lacks the dashboard:write scope.',
            },
          },
        },
      },
    );
    await store.load();
    expect(store.pinBlocked.value).toBe('Your API key lacks the dashboard:write scope.');
  });

  it('offers no public link where the organisation has public sharing off', async () => {
    const { clipboard, store } = setup({
      'dashboards/share-link': { ...SHARED, publicSharing: 'off' },
    });
    await store.load();
    expect(store.share.value).toEqual({ phase: 'org-off', settingsUrl: SETTINGS_URL });
    await expect(store.copyPublic()).resolves.toBe(false);
    expect(clipboard.written).toEqual([]);
  });

  it('offers the public link when sharing is on, plain and as Markdown with the name', async () => {
    const { clipboard, copy, store } = setup({ 'dashboards/share-link': SHARED });
    await store.load();
    expect(store.share.value).toEqual({
      phase: 'enabled',
      url: `${US}/shared/tok`,
      passwordRequired: false,
      publicSharing: 'unknown',
      settingsUrl: SETTINGS_URL,
    });
    await store.copyPublic();
    expect(copy.toast.value?.text).toBe('Copied the public link');
    await store.copyPublic(true);
    expect(copy.toast.value?.text).toBe('Copied the public link as Markdown');
    await store.copyPrivate(true);
    expect(clipboard.written).toEqual([
      `${US}/shared/tok`,
      `[Marketing](${US}/shared/tok)`,
      `[Marketing](${US}/project/1/dashboard/2)`,
    ]);
  });

  it('says sharing is off and copies no public link then', async () => {
    const { clipboard, store } = setup({});
    await store.load();
    expect(store.share.value).toEqual({ phase: 'disabled', settingsUrl: SETTINGS_URL });
    await expect(store.copyPublic()).resolves.toBe(false);
    expect(clipboard.written).toEqual([]);
  });

  it('explains a missing sharing scope, from the server or from the last key check', async () => {
    const scope = 'sharing_configuration:read';
    const fromServer = setup({
      'dashboards/share-link': new AppError('missing-scope', { status: 403, scope }),
    });
    await fromServer.store.load();
    const expected = {
      phase: 'error',
      settingsUrl: SETTINGS_URL,
      error: expect.objectContaining({
        kind: 'missing-scope',
        message: `Your API key lacks the ${scope} scope. Add it in PostHog → Settings → Personal API keys, then check the key again.`,
      }),
    };
    expect(fromServer.store.share.value).toEqual(expected);

    const fromCheck = setup(
      {},
      {
        status: {
          ...STATUS,
          capabilities: {
            ...STATUS.capabilities,
            shareLinks: { ok: false, missingScope: scope },
          } as Status['capabilities'],
        },
      },
    );
    await fromCheck.store.load();
    expect(fromCheck.store.share.value).toEqual(expected);
    expect(fromCheck.background.count('dashboards/share-link')).toBe(0);
  });

  it('lists the collaborators of a restricted dashboard only', async () => {
    const people = [{ name: 'Bo', email: 'bo@example.com', level: 37 }];
    const restricted = setup({
      'dashboards/get': { dashboard: dashboardSummary(4, { restricted: true }) },
      'dashboards/collaborators': { available: true, collaborators: people },
    });
    await restricted.store.load();
    expect(restricted.store.collaborators.value).toEqual({ phase: 'ready', collaborators: people });

    const open = setup({});
    await open.store.load();
    expect(open.store.collaborators.value).toEqual({ phase: 'hidden' });
    expect(open.background.count('dashboards/collaborators')).toBe(0);
  });

  it('keeps the cached dashboard with a notice when PostHog cannot be reached', async () => {
    const { store } = setup({
      'dashboards/get': (input: { source: string }) => {
        if (input.source === 'cache') return { dashboard: dashboardSummary(2, { name: 'Marketing' }) };
        throw new AppError('network');
      },
    });
    await store.load();
    expect(store.phase.value).toBe('ready');
    expect(store.loadError.value?.kind).toBe('network');
  });

  it('offers only the page’s own link for a dashboard on another PostHog, and asks nothing', async () => {
    const other: DashboardContext = { ...CONTEXT, origin: 'https://eu.posthog.com' };
    const { background, clipboard, store } = setup({}, { context: other });
    await store.load();
    expect(store.phase.value).toBe('elsewhere');
    await store.copyPrivate();
    expect(clipboard.written).toEqual(['https://eu.posthog.com/project/1/dashboard/2']);
    expect(background.sent).toEqual([]);
  });

  it('tells the user when the browser refused the clipboard', async () => {
    const { clipboard, copy, store } = setup({});
    await store.load();
    clipboard.refuseNext();
    await expect(store.copyPrivate()).resolves.toBe(false);
    expect(copy.toast.value?.kind).toBe('error');
  });
});
