import { afterEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../fake-posthog/demo-ids';
import { recordingPage } from '../../support/recording-page';
import { CHOOSE_COLLECTION, serveTicketLinking } from '../picker-window';
import { useFirefoxExtension } from './fixtures';
import { FirefoxPage } from './page';
import { firefoxPopupOver } from './popup';

declare const browser: {
  runtime: {
    getBackgroundPage(): Promise<{ hogmarkTest: { menuClicked(info: object, tab: object): Promise<void> } }>;
  };
};

type Tree = { contexts: Array<{ context: string; url: string }> };

describe('Firefox: who a recording is, in the popup', () => {
  const env = useFirefoxExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  const opened: FirefoxPage[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.close()));
  });

  it('names the person, when it started, how long it lasted and where', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/1/replay/${DEMO.recordings.inCheckout}`,
    );
    opened.push(page);
    const popup = await firefoxPopupOver(env, tabId);
    opened.push(popup);
    await popup.waitForTarget({ css: 'h1', text: 'ana@acme.com' });
    await expect
      .poll(() => popup.text({ css: '.context-face' }))
      .toMatch(/^Started .+ · 05:12 long · shop\.example\.com\/checkout$/);
  });

  it("the window a link's “Choose a collection…” opens on another site names the recording's person, never the empty state", async () => {
    const ticket = await serveTicketLinking([recordingPage(env.server, DEMO.recordings.inCheckout)]);
    try {
      const { page, tabId } = await env.session.openTab(ticket.url);
      opened.push(page);
      const linkUrl = await page.evaluate(
        () => (document.getElementById('recording-0') as HTMLAnchorElement).href,
      );
      // Firefox opens the toolbar popup only on a user's own gesture: the menu opens the picker window.
      await env.session.control.evaluate(
        async (click: { id: string; tabId: number; url: string; linkUrl: string }) => {
          const background = await browser.runtime.getBackgroundPage();
          await background.hogmarkTest.menuClicked(
            { menuItemId: click.id, linkUrl: click.linkUrl, pageUrl: click.url, editable: false },
            { id: click.tabId, index: 1 },
          );
        },
        { id: CHOOSE_COLLECTION, tabId, url: ticket.url, linkUrl },
      );
      const windowOf = async () => {
        const tree = await env.session.bidi.send<Tree>('browsingContext.getTree', { maxDepth: 0 });
        return tree.contexts.find((context) =>
          context.url.startsWith(`${env.session.base}/popup.html?recording=`),
        );
      };
      await expect.poll(windowOf).toBeDefined();
      const found = await windowOf();
      expect(found?.url).toContain(
        `/popup.html?recording=${DEMO.recordings.inCheckout}&project=1&from=${tabId}`,
      );
      const picker = new FirefoxPage(env.session.bidi, found?.context ?? '');
      opened.push(picker);
      await picker.waitForTarget({ css: 'h1', text: 'ana@acme.com' });
      await expect
        .poll(() => picker.text({ css: '.context-face' }))
        .toMatch(/^Started .+ · 05:12 long · shop\.example\.com\/checkout$/);
      await picker.waitForTarget({ css: '[role="option"]', hasText: 'Checkout bugs' });
      expect(await picker.text({ css: 'h1', text: 'Open a recording or dashboard' })).toBeNull();
      expect(await picker.text({ css: '.empty-state' })).toBeNull();
    } finally {
      ticket.server.close();
    }
  });

  it('says Anonymous for a recording PostHog has no person for', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/1/replay/${DEMO.recordings.anonymous}`,
    );
    opened.push(page);
    const popup = await firefoxPopupOver(env, tabId);
    opened.push(popup);
    await popup.waitForTarget({ css: 'h1', text: 'Anonymous' });
  });
});
