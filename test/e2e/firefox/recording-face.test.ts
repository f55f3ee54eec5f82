import { afterEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../fake-posthog/demo-ids';
import { recordingPage } from '../../support/recording-page';
import { CHOOSE_COLLECTION, serveTicketLinking } from '../picker-window';
import { clickMenu, useFirefoxExtension, waitForOpened } from './fixtures';
import { FirefoxPage } from './page';
import { firefoxPopupOver } from './popup';

declare const browser: {
  runtime: {
    getBackgroundPage(): Promise<{ browser: { action: { openPopup(): Promise<void> } } }>;
  };
};

describe('Firefox: who a recording is, in the popup', () => {
  const env = useFirefoxExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  /** Makes the background's `action.openPopup()` fail as a browser that refuses it does (or undoes that). */
  const refuseToolbarPopup = (refuse: boolean) =>
    env.session.control.evaluate(async (on: boolean) => {
      const { action } = (await browser.runtime.getBackgroundPage()).browser;
      const kept = action as typeof action & { hogmarkOpenPopup?: () => Promise<void> };
      kept.hogmarkOpenPopup ??= action.openPopup;
      action.openPopup = on
        ? () => Promise.reject(new Error('openPopup requires a user gesture'))
        : kept.hogmarkOpenPopup;
    }, refuse);
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
      // Where Firefox lets the menu open the toolbar popup (newer releases) that popup takes the pick;
      // where it refuses (ESR 140), Hogmark opens the picker window, which this test checks on both.
      await refuseToolbarPopup(true);
      await clickMenu(
        env.session,
        { menuItemId: CHOOSE_COLLECTION, linkUrl, pageUrl: ticket.url },
        tabId,
      ).finally(() => refuseToolbarPopup(false));
      const found = await waitForOpened(env.session, `${env.session.base}/popup.html?recording=`);
      expect(found.url).toContain(
        `/popup.html?recording=${DEMO.recordings.inCheckout}&project=1&from=${tabId}`,
      );
      const picker = new FirefoxPage(env.session.bidi, found.context);
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
