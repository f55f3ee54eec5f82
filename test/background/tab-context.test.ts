import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createTabContextService } from '../../lib/background/tab-context';
import { parsePageContext } from '../../lib/context';

beforeEach(() => fakeBrowser.reset());

const RECORDING = 'https://us.posthog.com/project/1/replay/0191dd9d-ec00-726b-b2a7-4de452e6b438';
const DASHBOARD = 'https://us.posthog.com/project/1/dashboard/2';

function setup(urls: Record<number, string>) {
  return createTabContextService({
    session: browser.storage.session,
    getTabUrl: async (tabId) => urls[tabId],
    parsePageContext,
    getAppOrigins: async () => ['https://us.posthog.com', 'https://eu.posthog.com'],
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
