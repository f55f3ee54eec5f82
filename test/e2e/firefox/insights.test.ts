import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../fake-posthog/demo-ids';
import { useFirefoxExtension } from './fixtures';
import type { FirefoxPage } from './page';

const { shared, derived } = DEMO.insights;
const INSIGHT_SHARING = /^\/api\/projects\/1\/insights\/\d+\/sharing\/?$/;

declare const browser: {
  action: { getTitle(details: { tabId: number }): Promise<string> };
  runtime: {
    getBackgroundPage(): Promise<{ hogmarkTest: { menuClicked(info: object, tab: object): Promise<void> } }>;
  };
};

describe('Firefox: insights, notebooks and other PostHog pages', () => {
  const env = useFirefoxExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  const opened: FirefoxPage[] = [];
  const insightUrl = (shortId: string) => `${env.server.url}/project/1/insights/${shortId}`;
  const titleOf = (tabId: number) =>
    env.session.control.evaluate((id: number) => browser.action.getTitle({ tabId: id }), tabId);
  /** What a click on one of Hogmark's link menu items reaches (test builds expose the listener). */
  const clickLinkMenu = (menuItemId: string, tabId: number, linkUrl: string) =>
    env.session.control.evaluate(
      async (click: { menuItemId: string; tabId: number; linkUrl: string }) => {
        const background = await browser.runtime.getBackgroundPage();
        await background.hogmarkTest.menuClicked(
          { menuItemId: click.menuItemId, linkUrl: click.linkUrl, editable: false },
          { id: click.tabId },
        );
      },
      { menuItemId, tabId, linkUrl },
    );

  beforeEach(() => env.server.clearRequests());
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.close()));
  });

  it("Alt+Shift+C copies a shared insight's public link, once read, and an unshared one's private link", async () => {
    const { page, tabId } = await env.session.openTab(insightUrl(shared.shortId));
    opened.push(page);
    await env.session.bidi.send('browsingContext.activate', { context: page.context });
    await expect.poll(() => titleOf(tabId)).toContain('Weekly signups');
    await env.session.pressShortcut('C', 'alt,shift');
    await expect
      .poll(() => env.session.readClipboard())
      .toBe(`${env.server.url}/shared/${DEMO.insightSharedToken}`);
    await expect.poll(() => titleOf(tabId)).toBe('Copied the public link — Hogmark');
    await env.session.pressShortcut('C', 'alt,shift');
    expect(
      env.server.requests.filter((r) => r.method === 'GET' && INSIGHT_SHARING.test(r.path)),
    ).toHaveLength(1);

    const other = await env.session.openTab(insightUrl(derived.shortId));
    opened.push(other.page);
    await env.session.bidi.send('browsingContext.activate', { context: other.page.context });
    await env.session.pressShortcut('C', 'alt,shift');
    await expect.poll(() => env.session.readClipboard()).toBe(insightUrl(derived.shortId));
    await expect.poll(() => titleOf(other.tabId)).toBe('Copied the private link — Hogmark');
  });

  it('copies a right-clicked insight link (public when shared) and a notebook link', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/1/dashboard/${DEMO.dashboards.marketing}`,
    );
    opened.push(page);
    await clickLinkMenu('hogmark-copy-insight-link', tabId, insightUrl(shared.shortId));
    await expect
      .poll(() => env.session.readClipboard())
      .toBe(`${env.server.url}/shared/${DEMO.insightSharedToken}`);
    const notebook = `${env.server.url}/project/1/notebooks/${DEMO.notebooks.titled}`;
    await clickLinkMenu('hogmark-copy-notebook-link', tabId, notebook);
    await expect.poll(() => env.session.readClipboard()).toBe(notebook);
  });

  it('logged no uncaught error', async () => {
    await expect(env.session.extensionErrors()).resolves.toEqual([]);
  });
});
