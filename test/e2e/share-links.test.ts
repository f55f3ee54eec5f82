import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { allowClipboard, popupOver, readClipboard, startScopeRefusingProxy } from './dashboards-harness';
import { useExtension } from './fixtures';
import { saveConnection } from './options-page';
import { seekPlayer } from './player-control';

type ChromeApis = {
  offscreen: { createDocument(parameters: object): Promise<void> };
  runtime: { sendMessage(message: object): Promise<unknown> };
};

describe('copying links in the built extension', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });

  beforeAll(async () => {
    await allowClipboard(env.session, env.server.url);
  });

  it('copies the recording link at the second the player shows, plain and as Markdown', async () => {
    const recording = `${env.server.url}/project/1/replay/${DEMO.recordings.inCheckout}`;
    // PostHog's `?pause` holds the player still; the stand-in's control moves it to 32 s.
    const { page, tabId } = await env.session.openTab(`${recording}?pause`);
    await page.locator('[data-attr="recording-timestamp"]').waitFor();
    await seekPlayer(page, 32);
    let popup = await popupOver(env.session, tabId);
    // The player's second reaches the background as a throttled hint: reopen until it has arrived,
    // each time waiting for the popup to show its recording link before reading it.
    await expect
      .poll(
        async () => {
          await popup.close();
          popup = await popupOver(env.session, tabId);
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
    // PostHog names a recording only by its id: the Markdown label says "Recording".
    await expect.poll(() => readClipboard(page)).toBe(`[Recording at 00:32](${recording}?t=32)`);
    await Promise.all([popup.close(), page.close()]);
  });

  it('says why the public link could not be read inside the alert region, and Try again reads it', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/1/dashboard/${DEMO.dashboards.productKpis}`,
    );
    // Every attempt fails until the fault is cleared (reads are retried).
    env.server.setFault({
      method: 'GET',
      path: /^\/api\/projects\/1\/dashboards\/\d+\/sharing\/?$/,
      fault: { type: 'status', status: 503 },
    });
    const popup = await popupOver(env.session, tabId);
    const alert = popup.getByRole('region', { name: 'Links' }).getByRole('alert');
    await alert.getByText('PostHog had a server error (503). Try again in a moment.').waitFor();
    expect(await popup.getByRole('group', { name: 'Public link' }).count()).toBe(0);
    env.server.clearFaults();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await popup.getByRole('group', { name: 'Public link' }).waitFor();
    expect(await alert.textContent()).toBe('');
    await Promise.all([popup.close(), page.close()]);
  });

  it('copies from the background through the offscreen document (the shortcut and menu route)', async () => {
    const text = `${env.server.url}/shared/${DEMO.sharedToken}`;
    const answer = await env.session.serviceWorker.evaluate(async (copied) => {
      const chrome = (globalThis as unknown as { chrome: ChromeApis }).chrome;
      await chrome.offscreen.createDocument({
        url: 'offscreen.html',
        reasons: ['CLIPBOARD'],
        justification: 'test',
      });
      return chrome.runtime.sendMessage({ type: 'clipboard/write', input: { text: copied } });
    }, text);
    expect(answer, JSON.stringify(answer)).toEqual({ ok: true, data: { copied: true } });
    const page = await env.session.context.newPage();
    await page.goto(`${env.server.url}/`);
    expect(await readClipboard(page)).toBe(text);
    await page.close();
  });

  it('opens the dashboards view from the popup over any page', async () => {
    const popup = await env.session.openPopup();
    await popup.locator('main.popup[aria-busy="false"]').waitFor();
    const [view] = await Promise.all([
      env.session.context.waitForEvent('page'),
      popup.getByRole('button', { name: 'All dashboards' }).click(),
    ]);
    await view.getByLabel('Search dashboards').waitFor();
    expect(view.url()).toBe(`chrome-extension://${env.session.extensionId}/dashboards.html`);
    await view.close();
  });
});

describe('a key without sharing_configuration:read', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' });
  let proxy: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    proxy = await startScopeRefusingProxy(env.server.url, {
      pattern: /^\/api\/projects\/\d+\/dashboards\/\d+\/sharing\/?$/,
      scope: 'sharing_configuration:read',
    });
    await allowClipboard(env.session, proxy.url);
    await saveConnection(env.session, proxy.url, env.server.keys.all);
  });
  afterAll(() => proxy?.close());

  it('says which scope is missing and how to add it, and still copies the private link', async () => {
    const { page, tabId } = await env.session.openTab(
      `${proxy.url}/project/1/dashboard/${DEMO.dashboards.productKpis}`,
    );
    const popup = await popupOver(env.session, tabId);
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
