import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { badgeText } from './collections-harness';
import { allowClipboard, apiRequests, popupOver, readClipboard } from './dashboards-harness';
import { useExtension } from './fixtures';
import type { ExtensionSession } from './harness';
import { readInPage, waitForContentScript } from './in-page';

const { shared, derived } = DEMO.insights;
const INSIGHT_SHARING = /^\/api\/projects\/1\/insights\/\d+\/sharing\/?$/;

type TestHooks = {
  hogmarkTest: {
    command(command: string, tab?: { id?: number }): Promise<void>;
    menuClicked(info: object, tab: object): Promise<void>;
  };
};

/** What Alt+Shift+C reaches: the shortcut listener, for the tab it was pressed in. */
function pressCopyShortcut(session: ExtensionSession, tabId: number): Promise<void> {
  return session.serviceWorker.evaluate(
    (id) => (globalThis as unknown as TestHooks).hogmarkTest.command('copy-link', { id }),
    tabId,
  );
}

/** What a right-click on a link and a click on one of Hogmark's items reaches. */
function clickLinkMenu(
  session: ExtensionSession,
  menuItemId: string,
  page: Page,
  tabId: number,
  linkUrl: string,
) {
  return session.serviceWorker.evaluate(
    (click) =>
      (globalThis as unknown as TestHooks).hogmarkTest.menuClicked(
        {
          menuItemId: click.menuItemId,
          linkUrl: click.linkUrl,
          pageUrl: click.pageUrl,
          frameId: 0,
          editable: false,
        },
        { id: click.tabId, url: click.pageUrl, active: true, windowId: -1, index: 0, pinned: false },
      ),
    { menuItemId, tabId, linkUrl, pageUrl: page.url() },
  );
}

function titleOf(session: ExtensionSession, tabId: number): Promise<string> {
  return session.serviceWorker.evaluate((id) => {
    type Action = { getTitle(details: { tabId: number }): Promise<string> };
    return (globalThis as unknown as { chrome: { action: Action } }).chrome.action.getTitle({ tabId: id });
  }, tabId);
}

describe('insights, notebooks and other PostHog pages without the popup', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  const insightUrl = (shortId: string) => `${env.server.url}/project/1/insights/${shortId}`;

  beforeAll(async () => {
    await allowClipboard(env.session, env.server.url);
  });

  it("Alt+Shift+C copies a shared insight's public link, and the toolbar says so; one sharing read in ten minutes", async () => {
    const { page, tabId } = await env.session.openTab(insightUrl(shared.shortId));
    // The tab's title names the insight once PostHog has loaded it.
    await expect.poll(() => titleOf(env.session, tabId)).toContain('Weekly signups');
    env.server.clearRequests();
    await pressCopyShortcut(env.session, tabId);
    expect(await readClipboard(page)).toBe(`${env.server.url}/shared/${DEMO.insightSharedToken}`);
    expect(await titleOf(env.session, tabId)).toBe('Copied the public link — Hogmark');
    expect(await badgeText(env.session, tabId)).toBe('✓');
    await pressCopyShortcut(env.session, tabId);
    expect(apiRequests(env.server, 'GET', INSIGHT_SHARING)).toHaveLength(1);
    await page.close();
  });

  it("Alt+Shift+C copies an unshared insight's private link, and says it is the private one", async () => {
    const { page, tabId } = await env.session.openTab(`${insightUrl(derived.shortId)}/edit#panel=docs`);
    await pressCopyShortcut(env.session, tabId);
    expect(await readClipboard(page)).toBe(insightUrl(derived.shortId));
    expect(await titleOf(env.session, tabId)).toBe('Copied the private link — Hogmark');
    await page.close();
  });

  it('copies a right-clicked insight link the same way, and a notebook link as it is', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/1/dashboard/${DEMO.dashboards.marketing}`,
    );
    await clickLinkMenu(env.session, 'hogmark-copy-insight-link', page, tabId, insightUrl(shared.shortId));
    await expect.poll(() => readClipboard(page)).toBe(`${env.server.url}/shared/${DEMO.insightSharedToken}`);
    const notebook = `${env.server.url}/project/1/notebooks/${DEMO.notebooks.titled}`;
    await clickLinkMenu(env.session, 'hogmark-copy-notebook-link', page, tabId, notebook);
    await expect.poll(() => readClipboard(page)).toBe(notebook);
    expect(await titleOf(env.session, tabId)).toBe('Copied the link of this page — Hogmark');
    // The insight item on a notebook link copies nothing, and says so.
    await clickLinkMenu(env.session, 'hogmark-copy-insight-link', page, tabId, notebook);
    expect(await titleOf(env.session, tabId)).toContain('Nothing to copy');
    expect(await readClipboard(page)).toBe(notebook);
    await page.close();
  });

  it('/replay/kiosk is not a recording: no in-page button, and the popup offers no add', async () => {
    const { page, tabId } = await env.session.openTab(`${env.server.url}/project/1/replay/kiosk`);
    await waitForContentScript(page, env.session.extensionId);
    const popup = await popupOver(env.session, tabId);
    expect(await popup.getByRole('combobox').count()).toBe(0);
    expect(await popup.getByText('Add to', { exact: false }).count()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await readInPage(page)).toBeNull();
    await Promise.all([popup.close(), page.close()]);
  });
});
