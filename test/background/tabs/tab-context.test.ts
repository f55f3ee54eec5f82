import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPrefetcher } from '../../../lib/background/tabs/prefetch';
import { createTabContextService, type TabContextDeps } from '../../../lib/background/tabs/tab-context';
import { deferred } from '../../support/deferred';
import { fromTab } from '../../support/from-tab';

beforeEach(() => fakeBrowser.reset());

const RECORDING = 'https://us.posthog.com/project/1/replay/0191dd9d-ec00-726b-b2a7-4de452e6b438';
const DASHBOARD = 'https://us.posthog.com/project/1/dashboard/2';

function setup(urls: Record<number, string>, hooks: Partial<TabContextDeps> = {}) {
  return createTabContextService({
    session: browser.storage.session,
    getTabUrl: async (tabId) => urls[tabId],
    getAppOrigins: async () => ['https://us.posthog.com', 'https://eu.posthog.com'],
    ...hooks,
  });
}

describe('tab context', () => {
  it('reads the context from the tab URL and adds the hints sent from that URL', async () => {
    const tabs = setup({ 5: RECORDING });
    await tabs.hint({ title: 'Checkout bug' }, fromTab(5, RECORDING));
    await tabs.hint({ currentSecond: 42 }, fromTab(5, RECORDING));
    await expect(tabs.get(5)).resolves.toEqual({
      context: expect.objectContaining({
        kind: 'recording',
        recordingId: '0191dd9d-ec00-726b-b2a7-4de452e6b438',
      }),
      hints: { title: 'Checkout bug', currentSecond: 42 },
    });
  });

  it('drops hints sent from a URL the tab has left', async () => {
    const urls: Record<number, string> = { 5: RECORDING };
    const tabs = setup(urls);
    await tabs.hint({ currentSecond: 42 }, fromTab(5, RECORDING));
    urls[5] = DASHBOARD;
    await expect(tabs.get(5)).resolves.toMatchObject({
      context: { kind: 'dashboard', dashboardId: 2 },
      hints: {},
    });
    await tabs.hint({ title: 'KPIs' }, fromTab(5, DASHBOARD));
    await expect(tabs.get(5)).resolves.toMatchObject({ hints: { title: 'KPIs' } });
  });

  it('keeps each tab to its own hints and forgets closed tabs', async () => {
    const tabs = setup({ 5: RECORDING, 6: RECORDING });
    await tabs.hint({ currentSecond: 1 }, fromTab(5, RECORDING));
    await expect(tabs.get(6)).resolves.toMatchObject({ hints: {} });
    await tabs.forgetTab(5);
    await expect(tabs.get(5)).resolves.toMatchObject({ hints: {} });
  });

  it('answers no context for a tab it cannot see or a page that is not PostHog', async () => {
    const tabs = setup({ 9: 'https://example.com/' });
    await expect(tabs.get(8)).resolves.toEqual({ context: null, hints: {} });
    await expect(tabs.get(9)).resolves.toEqual({ context: null, hints: {} });
  });
});

describe('tab context hooks', () => {
  function withHooks(urls: Record<number, string>) {
    const views = vi.fn();
    const changes = vi.fn();
    const errors = vi.fn();
    const tabs = setup(urls, { onViewChange: views, onContextChange: changes, onHookError: errors });
    return { tabs, views, changes, errors };
  }

  it('reports a URL change to the toolbar and a new page to the prefetcher', async () => {
    const urls: Record<number, string> = { 5: RECORDING };
    const { tabs, views, changes } = withHooks(urls);
    await tabs.observeTab(5);
    expect(views).toHaveBeenLastCalledWith(
      5,
      { context: expect.objectContaining({ kind: 'recording' }), hints: {} },
      'tab',
    );
    expect(changes).toHaveBeenLastCalledWith(5, expect.objectContaining({ kind: 'recording' }));
    urls[5] = DASHBOARD;
    await tabs.observeTab(5);
    expect(changes).toHaveBeenLastCalledWith(
      5,
      expect.objectContaining({ kind: 'dashboard', dashboardId: 2 }),
    );
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('does not prefetch again when only the playback second or a hint changes', async () => {
    const urls: Record<number, string> = { 5: RECORDING };
    const { tabs, views, changes } = withHooks(urls);
    await tabs.observeTab(5);
    urls[5] = `${RECORDING}?t=30`;
    await tabs.observeTab(5);
    await tabs.hint({ title: 'Checkout bug', currentSecond: 31 }, fromTab(5, urls[5]));
    expect(changes).toHaveBeenCalledTimes(1);
    expect(views).toHaveBeenCalledTimes(3);
    expect(views).toHaveBeenLastCalledWith(
      5,
      {
        context: expect.objectContaining({ kind: 'recording', t: 30 }),
        hints: { title: 'Checkout bug', currentSecond: 31 },
      },
      'hint',
    );
  });

  it('reports a tab that left PostHog as no context', async () => {
    const urls: Record<number, string> = { 5: RECORDING };
    const { tabs, views, changes } = withHooks(urls);
    await tabs.observeTab(5);
    // Without host access the browser gives no URL: not a PostHog page.
    delete urls[5];
    await expect(tabs.observeTab(5)).resolves.toEqual({ context: null, hints: {} });
    expect(views).toHaveBeenLastCalledWith(5, { context: null, hints: {} }, 'tab');
    expect(changes).toHaveBeenLastCalledWith(5, null);
  });

  it('drops a hint for a URL the tab has left, without touching the toolbar', async () => {
    const { tabs, views } = withHooks({ 5: DASHBOARD });
    await tabs.hint({ title: 'Old page' }, fromTab(5, RECORDING));
    await tabs.hint({ title: 'Old page', url: RECORDING }, fromTab(5, DASHBOARD));
    expect(views).not.toHaveBeenCalled();
    await expect(tabs.get(5)).resolves.toMatchObject({ hints: {} });
  });

  // Chrome's sender.url keeps the URL the document was loaded with; after pushState only the page knows.
  it('files a hint under the page URL the content script names, when the tab is on it', async () => {
    const { tabs, views } = withHooks({ 5: DASHBOARD });
    await tabs.hint({ title: 'KPIs', url: DASHBOARD }, fromTab(5, RECORDING));
    expect(views).toHaveBeenLastCalledWith(
      5,
      { context: expect.objectContaining({ kind: 'dashboard' }), hints: { title: 'KPIs' } },
      'hint',
    );
    await expect(tabs.get(5)).resolves.toMatchObject({ hints: { title: 'KPIs' } });
  });

  it('refuses a named URL on another origin than the sender', async () => {
    const elsewhere = 'https://eu.posthog.com/project/1/dashboard/2';
    const { tabs, views } = withHooks({ 5: elsewhere });
    await tabs.hint({ title: 'KPIs', url: elsewhere }, fromTab(5, RECORDING));
    await tabs.hint({ title: 'KPIs', url: 'not a url' }, fromTab(5, RECORDING));
    expect(views).not.toHaveBeenCalled();
  });

  it("handles a tab's events in order, each with the URL the tab has when it runs", async () => {
    const urls: Record<number, string> = { 5: RECORDING };
    const gate = deferred();
    let first = true;
    const views = vi.fn();
    const tabs = setup(urls, {
      // The first event is slow to read the settings; the second is not.
      getAppOrigins: async () => {
        if (first) {
          first = false;
          await gate.promise;
        }
        return ['https://us.posthog.com'];
      },
      onViewChange: views,
    });
    const slow = tabs.observeTab(5);
    urls[5] = DASHBOARD;
    const fast = tabs.observeTab(5);
    gate.resolve();
    await Promise.all([slow, fast]);
    expect(views).toHaveBeenLastCalledWith(
      5,
      expect.objectContaining({ context: expect.objectContaining({ kind: 'dashboard' }) }),
      'tab',
    );
  });

  it('answers the hint even when a hook fails, and reports the failure', async () => {
    const { tabs, views, errors } = withHooks({ 5: RECORDING });
    views.mockRejectedValueOnce(new Error('action API gone'));
    await expect(tabs.hint({ currentSecond: 3 }, fromTab(5, RECORDING))).resolves.toEqual({});
    expect(errors).toHaveBeenCalledWith(new Error('action API gone'));
  });

  it('counts a forgotten tab id as new when it comes back', async () => {
    const { tabs, changes } = withHooks({ 5: RECORDING });
    await tabs.observeTab(5);
    await tabs.forgetTab(5);
    await tabs.observeTab(5);
    expect(changes).toHaveBeenCalledTimes(2);
  });
});

describe('tab hints in memory', () => {
  it("reads a tab's hints from storage once, then answers from memory what it wrote", async () => {
    const get = vi.spyOn(browser.storage.session, 'get');
    const tabs = setup({ 5: RECORDING });
    await tabs.get(5);
    await tabs.hint({ currentSecond: 42 }, fromTab(5, RECORDING));
    await tabs.get(5);
    await expect(tabs.get(5)).resolves.toMatchObject({ hints: { currentSecond: 42 } });
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('finds the hints again after a restart (a new service reads storage)', async () => {
    await setup({ 5: RECORDING }).hint({ title: 'Checkout bug' }, fromTab(5, RECORDING));
    await expect(setup({ 5: RECORDING }).get(5)).resolves.toMatchObject({ hints: { title: 'Checkout bug' } });
  });

  it('drops a closed tab from memory as well as from storage', async () => {
    const tabs = setup({ 5: RECORDING });
    await tabs.hint({ currentSecond: 3 }, fromTab(5, RECORDING));
    await tabs.forgetTab(5);
    await expect(browser.storage.session.get(null)).resolves.toEqual({});
    await expect(tabs.get(5)).resolves.toMatchObject({ hints: {} });
  });
});

describe('prefetch on a context change', () => {
  it('warms what the popup asks first on pages it acts on, and nowhere else', async () => {
    const warmStatus = vi.fn(async () => ({ configured: true }));
    const urls: Record<number, string> = {
      5: 'https://us.posthog.com/project/1/dashboard',
      6: 'https://example.com/',
    };
    const tabs = setup(urls, { onContextChange: createPrefetcher({ warmStatus }) });
    await tabs.observeTab(5);
    await tabs.observeTab(6);
    expect(warmStatus).not.toHaveBeenCalled();
    Object.assign(urls, {
      5: RECORDING,
      6: DASHBOARD,
      7: 'https://us.posthog.com/project/1/replay/playlists/eKdNnFRI',
    });
    await Promise.all([tabs.observeTab(5), tabs.observeTab(6), tabs.observeTab(7)]);
    await vi.waitFor(() => expect(warmStatus).toHaveBeenCalledTimes(3));
  });

  it('reports a failed warm-up instead of failing the tab update', async () => {
    const onError = vi.fn();
    const prefetch = createPrefetcher({ warmStatus: async () => Promise.reject(new Error('idb')), onError });
    const tabs = setup({ 5: RECORDING }, { onContextChange: prefetch });
    await expect(tabs.observeTab(5)).resolves.toMatchObject({ context: { kind: 'recording' } });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('idb')));
  });
});

describe('tab titles', () => {
  it("name an insight, a notebook or another page from the tab's own title, read with its URL", async () => {
    const tabs: Record<number, { url: string; title: string }> = {
      1: {
        url: 'https://us.posthog.com/project/1/insights/Wk7pQ2xZ',
        title: 'Weekly signups • Product analytics • PostHog',
      },
      2: { url: 'https://us.posthog.com/project/1/insights/Wk7pQ2xZ', title: 'Product analytics • PostHog' },
      3: { url: DASHBOARD, title: 'Marketing • Dashboards • PostHog' },
    };
    const service = setup({}, { getTab: async (tabId) => tabs[tabId] });
    await expect(service.get(1)).resolves.toMatchObject({ hints: { title: 'Weekly signups' } });
    await expect(service.get(2)).resolves.toEqual({
      context: expect.objectContaining({ kind: 'insight' }),
      hints: {},
    });
    // A dashboard's name comes from its content script or the cached list, never the tab title here.
    await expect(service.get(3)).resolves.toMatchObject({ hints: {} });
  });
});
