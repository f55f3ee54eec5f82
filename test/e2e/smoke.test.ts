import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { useExtension } from './fixtures';
import { waitForContentScript } from './in-page';

describe('the built extension in Chromium', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' });

  it('loads with a service worker under a chrome-extension id', () => {
    expect(env.session.extensionId).toMatch(/^[a-p]{32}$/);
    expect(env.session.serviceWorker.url()).toBe(
      `chrome-extension://${env.session.extensionId}/background.js`,
    );
  });

  it('builds the popup as one script, its styles inside the page, and draws it styled', async () => {
    const html = await readFile(join(inject('extensionDir'), 'popup.html'), 'utf8');
    expect(html.match(/<script\b[^>]*>/g)).toEqual([expect.stringMatching(/type="module"/)]);
    expect(html).not.toMatch(/rel="(stylesheet|modulepreload)"/);
    expect(html).toMatch(/<style>[^<]*--accent:/);
    const popup = await env.session.openPopup();
    await popup.locator('main.popup').waitFor();
    await expect(popup.evaluate(() => getComputedStyle(document.body).width)).resolves.toBe('360px');
    await popup.close();
  });

  it('renders the options page', async () => {
    const page = await env.session.openOptions();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Hogmark');
    await page.close();
  });

  it('runs the content script on a local PostHog recording page', async () => {
    const { page } = await env.session.openTab(
      `${env.server.url}/project/${DEMO.projects.main}/replay/${DEMO.recordings.inCheckout}`,
    );
    await waitForContentScript(page, env.session.extensionId);
    // It leaves no trace on PostHog's page.
    expect(await page.evaluate(() => /hogmark/i.test(document.documentElement.outerHTML))).toBe(false);
    expect(await page.title()).toContain('PostHog');
    await page.close();
  });

  it('opens the popup over that tab and asks to set up a key', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/${DEMO.projects.main}/replay/${DEMO.recordings.inCheckout}`,
    );
    const popup = await env.session.openPopup(tabId);
    await popup.getByRole('heading', { name: 'Sign in to PostHog' }).waitFor();
    const optionsOpened = env.session.context.waitForEvent('page');
    const popupClosed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Open options' }).focus();
    // The popup closes itself as it opens the options, so the key-up may find no page: that is the point.
    await popup.keyboard.press('Enter').catch(() => undefined);
    const options = await optionsOpened;
    await options.waitForURL(`chrome-extension://${env.session.extensionId}/options.html`);
    await popupClosed;
    expect(popup.isClosed()).toBe(true);
    await Promise.all([page.close(), options.close()]);
  });
});
