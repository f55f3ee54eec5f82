import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { type FakePostHog, startFakePostHog } from '../fake-posthog/index';
import {
  allowClipboard,
  configure,
  popupOver,
  readClipboard,
  startScopeRefusingProxy,
} from './dashboards-harness';
import { launchTestExtension } from './fixtures';
import type { ExtensionSession } from './harness';

type ChromeApis = {
  offscreen: { createDocument(parameters: object): Promise<void> };
  runtime: { sendMessage(message: object): Promise<unknown> };
};

describe('copying links in the built extension', () => {
  let server: FakePostHog;
  let session: ExtensionSession;

  beforeAll(async () => {
    server = await startFakePostHog({ flavor: 'posthog', seed: 'demo' });
    session = await launchTestExtension();
    await allowClipboard(session, server.url);
    await configure(session, server.url, server.keys.all);
  });
  afterAll(async () => {
    await session?.close();
    await server?.close();
  });

  it('copies the recording link at the second the player shows, plain and as Markdown', async () => {
    const recording = `${server.url}/project/1/replay/${DEMO.recordings.inCheckout}`;
    const { page, tabId } = await session.openTab(recording);
    // The demo player starts at 12 s; two skips make it 32 s.
    await page.getByRole('button', { name: '+10 s' }).click();
    await page.getByRole('button', { name: '+10 s' }).click();
    let popup = await popupOver(session, tabId);
    // The player's second reaches the background as a throttled hint: reopen until it has arrived,
    // each time waiting for the popup to show its recording link before reading it.
    await expect
      .poll(
        async () => {
          await popup.close();
          popup = await popupOver(session, tabId);
          await popup
            .getByRole('group', { name: /^Recording link/ })
            .first()
            .waitFor();
          return popup.getByRole('group', { name: 'Recording link at 00:32' }).count();
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(1);
    const group = popup.getByRole('group', { name: 'Recording link at 00:32' });
    await group.getByRole('button', { name: 'Copy link' }).click();
    await popup.getByRole('status').getByText('Copied the recording link at 00:32').waitFor();
    expect(await readClipboard(page)).toBe(`${recording}?t=32`);

    await popup.bringToFront();
    await group.getByRole('button', { name: 'Copy as Markdown' }).click();
    await expect.poll(() => readClipboard(page)).toBe(`[Checkout flow at 00:32](${recording}?t=32)`);
    await Promise.all([popup.close(), page.close()]);
  });

  it('copies from the background through the offscreen document (the shortcut and menu route)', async () => {
    const text = `${server.url}/shared/${DEMO.sharedToken}`;
    const answer = await session.serviceWorker.evaluate(async (copied) => {
      const chrome = (globalThis as unknown as { chrome: ChromeApis }).chrome;
      await chrome.offscreen.createDocument({
        url: 'offscreen.html',
        reasons: ['CLIPBOARD'],
        justification: 'test',
      });
      return chrome.runtime.sendMessage({ type: 'clipboard/write', input: { text: copied } });
    }, text);
    expect(answer, JSON.stringify(answer)).toEqual({ ok: true, data: { copied: true } });
    const page = await session.context.newPage();
    await page.goto(`${server.url}/`);
    expect(await readClipboard(page)).toBe(text);
    await page.close();
  });

  it('opens the dashboards view from the popup over any page', async () => {
    const popup = await session.openPopup();
    await popup.locator('main.popup[aria-busy="false"]').waitFor();
    const [view] = await Promise.all([
      session.context.waitForEvent('page'),
      popup.getByRole('button', { name: 'All dashboards' }).click(),
    ]);
    await view.getByLabel('Search dashboards').waitFor();
    expect(view.url()).toBe(`chrome-extension://${session.extensionId}/dashboards.html`);
    await view.close();
  });
});

describe('a key without sharing_configuration:read', () => {
  let server: FakePostHog;
  let proxy: { url: string; close: () => Promise<void> };
  let session: ExtensionSession;

  beforeAll(async () => {
    server = await startFakePostHog({ flavor: 'posthog', seed: 'demo' });
    proxy = await startScopeRefusingProxy(server.url, {
      pattern: /^\/api\/projects\/\d+\/dashboards\/\d+\/sharing\/?$/,
      scope: 'sharing_configuration:read',
    });
    session = await launchTestExtension();
    await allowClipboard(session, proxy.url);
    await configure(session, proxy.url, server.keys.all);
  });
  afterAll(async () => {
    await session?.close();
    await proxy?.close();
    await server?.close();
  });

  it('says which scope is missing and how to add it, and still copies the private link', async () => {
    const { page, tabId } = await session.openTab(
      `${proxy.url}/project/1/dashboard/${DEMO.dashboards.productKpis}`,
    );
    const popup = await popupOver(session, tabId);
    await popup
      .getByText(
        'Your API key lacks the sharing_configuration:read scope. Add it in PostHog → Settings → Personal API keys, then check the key again.',
      )
      .waitFor();
    expect(await popup.getByRole('group', { name: 'Public link' }).count()).toBe(0);
    // Pinning needs another scope, which the key has.
    expect(await popup.getByRole('button', { name: 'Unpin', exact: true }).isEnabled()).toBe(true);
    await popup
      .getByRole('group', { name: 'Private link' })
      .getByRole('button', { name: 'Copy link' })
      .click();
    await popup.getByRole('status').getByText('Copied the private link').waitFor();
    expect(await readClipboard(page)).toBe(`${proxy.url}/project/1/dashboard/${DEMO.dashboards.productKpis}`);
    await Promise.all([popup.close(), page.close()]);
  });
});
