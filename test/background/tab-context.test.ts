import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPrefetcher } from '../../lib/background/prefetch';
import { createTabContextService, type TabContextDeps } from '../../lib/background/tab-context';
import { parsePageContext } from '../../lib/context';

beforeEach(() => fakeBrowser.reset());

const RECORDING = 'https://us.posthog.com/project/1/replay/0191dd9d-ec00-726b-b2a7-4de452e6b438';
const DASHBOARD = 'https://us.posthog.com/project/1/dashboard/2';

function setup(urls: Record<number, string>, hooks: Partial<TabContextDeps> = {}) {
  return createTabContextService({
    session: browser.storage.session,
    getTabUrl: async (tabId) => urls[tabId],
    parsePageContext,
    getAppOrigins: async () => ['https://us.posthog.com', 'https://eu.posthog.com'],
    ...hooks,
  });
}

const fromTab = (tabId: number, url: string) => ({ sender: { kind: 'content-script' as const, tabId, url } });

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
    const { tabs, views, changes } = withHooks({});
    await tabs.observeTab(5, RECORDING);
    expect(views).toHaveBeenLastCalledWith(5, {
      context: expect.objectContaining({ kind: 'recording' }),
      hints: {},
    });
    expect(changes).toHaveBeenLastCalledWith(5, expect.objectContaining({ kind: 'recording' }));
    await tabs.observeTab(5, DASHBOARD);
    expect(changes).toHaveBeenLastCalledWith(
      5,
      expect.objectContaining({ kind: 'dashboard', dashboardId: 2 }),
    );
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('does not prefetch again when only the playback second or a hint changes', async () => {
    const urls: Record<number, string> = { 5: RECORDING };
    const { tabs, views, changes } = withHooks(urls);
    await tabs.observeTab(5, RECORDING);
    urls[5] = `${RECORDING}?t=30`;
    await tabs.observeTab(5, urls[5]);
    await tabs.hint({ title: 'Checkout bug', currentSecond: 31 }, fromTab(5, urls[5]));
    expect(changes).toHaveBeenCalledTimes(1);
    expect(views).toHaveBeenCalledTimes(3);
    expect(views).toHaveBeenLastCalledWith(5, {
      context: expect.objectContaining({ kind: 'recording', t: 30 }),
      hints: { title: 'Checkout bug', currentSecond: 31 },
    });
  });

  it('reports a tab that left PostHog as no context', async () => {
    const { tabs, views, changes } = withHooks({});
    await tabs.observeTab(5, RECORDING);
    // Without host access the browser gives no URL: not a PostHog page.
    await expect(tabs.observeTab(5, undefined)).resolves.toEqual({ context: null, hints: {} });
    expect(views).toHaveBeenLastCalledWith(5, { context: null, hints: {} });
    expect(changes).toHaveBeenLastCalledWith(5, null);
  });

  it("shows a hint against the tab's current URL, not one it has left", async () => {
    const urls: Record<number, string> = { 5: DASHBOARD };
    const { tabs, views } = withHooks(urls);
    await tabs.hint({ title: 'Old page' }, fromTab(5, RECORDING));
    expect(views).toHaveBeenLastCalledWith(5, {
      context: expect.objectContaining({ kind: 'dashboard' }),
      hints: {},
    });
  });

  it('answers the hint even when a hook fails, and reports the failure', async () => {
    const { tabs, views, errors } = withHooks({ 5: RECORDING });
    views.mockRejectedValueOnce(new Error('action API gone'));
    await expect(tabs.hint({ currentSecond: 3 }, fromTab(5, RECORDING))).resolves.toEqual({});
    expect(errors).toHaveBeenCalledWith(new Error('action API gone'));
  });

  it('counts a forgotten tab id as new when it comes back', async () => {
    const { tabs, changes } = withHooks({});
    await tabs.observeTab(5, RECORDING);
    await tabs.forgetTab(5);
    await tabs.observeTab(5, RECORDING);
    expect(changes).toHaveBeenCalledTimes(2);
  });
});

describe('prefetch on a context change', () => {
  it('warms what the popup asks first on pages it acts on, and nowhere else', async () => {
    const warmStatus = vi.fn(async () => ({ configured: true }));
    const tabs = setup({}, { onContextChange: createPrefetcher({ warmStatus }) });
    await tabs.observeTab(5, 'https://us.posthog.com/project/1/dashboard');
    await tabs.observeTab(5, 'https://example.com/');
    expect(warmStatus).not.toHaveBeenCalled();
    await tabs.observeTab(5, RECORDING);
    await tabs.observeTab(6, DASHBOARD);
    await tabs.observeTab(7, 'https://us.posthog.com/project/1/replay/playlists/eKdNnFRI');
    expect(warmStatus).toHaveBeenCalledTimes(3);
  });

  it('reports a failed warm-up instead of failing the tab update', async () => {
    const onError = vi.fn();
    const prefetch = createPrefetcher({ warmStatus: async () => Promise.reject(new Error('idb')), onError });
    const tabs = setup({}, { onContextChange: prefetch });
    await expect(tabs.observeTab(5, RECORDING)).resolves.toMatchObject({ context: { kind: 'recording' } });
    expect(onError).toHaveBeenCalledWith(new Error('idb'));
  });
});
