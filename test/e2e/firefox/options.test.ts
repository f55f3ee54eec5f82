import { afterEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../fake-posthog/demo-ids';
import { type FakePostHog, startFakePostHog } from '../../fake-posthog/index';
import { sendFromExtension, useFirefoxExtension } from './fixtures';
import type { FirefoxExtensionSession } from './harness';
import { readFirefoxInPage, waitForFirefoxInPage } from './in-page';
import type { FirefoxPage } from './page';

const SAVE = { css: 'button', text: 'Check and save' };

/** The options form as a user fills it, ending with a real click on "Check and save". */
async function saveSelfHosted(session: FirefoxExtensionSession, address: string, key: string) {
  const options = await session.openExtensionPage('options.html');
  // "Sign in with PostHog" comes first: the key path is one click away.
  const offered = await options.waitFor(() => {
    const names = [...document.querySelectorAll('button')].map((button) => button.textContent?.trim());
    return (
      names.find((name) => name === 'Use a personal API key instead' || name === 'Check and save') ?? null
    );
  });
  if (offered === 'Use a personal API key instead') {
    await options.click({ css: 'button', text: 'Use a personal API key instead' });
  }
  await options.waitForTarget(SAVE);
  await options.click({ css: 'label', hasText: 'Self-hosted' });
  await options.fill({ css: 'input#address' }, address);
  await options.fill({ css: 'input#api-key' }, key);
  await options.click(SAVE);
  await options.waitFor(() => document.querySelector('main')?.getAttribute('aria-busy') === 'false');
  return options;
}

function notice(options: FirefoxPage) {
  return options.waitFor(() => document.querySelector('[role="status"]')?.textContent?.trim() || null);
}

const leaksKey = (server: FakePostHog, key: string) =>
  server.requests.filter((request) => request.auth === 'key' || JSON.stringify(request).includes(key));

describe('Firefox: a self-hosted PostHog on an address with a port', () => {
  // `localhost`, as PostHog's own local setup (http://localhost:8000), on a free port.
  const env = useFirefoxExtension({ flavor: 'posthog', seed: 'demo', host: 'localhost' });
  const opened: FirefoxPage[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.close()));
  });

  it('asks for the host without the port, saves, and runs the content script there', async () => {
    expect(env.server.url).toMatch(/^http:\/\/localhost:\d+$/);
    const options = await saveSelfHosted(env.session, env.server.url, env.server.keys.all);
    opened.push(options);
    await expect(notice(options)).resolves.toBe(`Saved. Hogmark is connected to ${env.server.url}.`);
    await expect(options.text({ css: 'section', hasText: 'What this key can do' })).resolves.toContain(
      'Ana Alves',
    );
    const granted = await env.session.control.evaluate(
      async () => (await browser.permissions.getAll()).origins,
    );
    expect(granted).toContain('http://localhost/*');
    expect(granted.filter((origin: string) => /:\d+\//.test(origin))).toEqual([]);
    const scripts = await env.session.control.evaluate(() => browser.scripting.getRegisteredContentScripts());
    expect(scripts.map((script: { matches?: string[] }) => script.matches)).toEqual([['http://localhost/*']]);

    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/1/replay/${DEMO.recordings.loose}`,
    );
    opened.push(page);
    const view = await waitForFirefoxInPage(env.session, tabId);
    expect(view.buttons.map((button) => button.label)).toEqual(['Add to collection…']);
    expect(env.server.requests.some((request) => request.auth === 'key')).toBe(true);
  });

  it('sends the key to that port only: a PostHog on another port of the same host gets nothing', async () => {
    const other = await startFakePostHog({ flavor: 'posthog', seed: 'demo', host: 'localhost' });
    try {
      // Firefox's access covers every port of localhost, so the content script is injected there too…
      const { page, tabId } = await env.session.openTab(
        `${other.url}/project/1/replay/${DEMO.recordings.loose}`,
      );
      opened.push(page);
      const popup = await env.session.openExtensionPage(`popup.html?tabId=${tabId}`);
      opened.push(popup);
      await popup.waitFor(() => document.querySelector('main')?.getAttribute('aria-busy') === 'false');
      await expect(popup.text({ css: 'main' })).resolves.not.toContain(DEMO.recordings.loose);
      // …but leaves the page alone: by the time a tab opened after it on the saved port shows the
      // button, this one has had its turn, and it holds no trace of Hogmark.
      const { page: own, tabId: ownTab } = await env.session.openTab(
        `${env.server.url}/project/1/replay/${DEMO.recordings.loose}`,
      );
      opened.push(own);
      await waitForFirefoxInPage(env.session, ownTab);
      await expect(readFirefoxInPage(env.session, tabId)).resolves.toBeNull();
      await expect(page.evaluate(() => /hogmark/i.test(document.documentElement.outerHTML))).resolves.toBe(
        false,
      );
      const answer = await sendFromExtension(env.session, 'settings/check');
      expect(answer).toMatchObject({ ok: true });
      expect(leaksKey(other, env.server.keys.all)).toEqual([]);
      expect(leaksKey(env.server, env.server.keys.all).length).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });

  it('checks and saves 127.0.0.1 with a port too', async () => {
    const local = await startFakePostHog({ flavor: 'posthog', seed: 'demo' });
    try {
      expect(local.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      env.server.clearRequests();
      const options = await saveSelfHosted(env.session, local.url, local.keys.all);
      opened.push(options);
      await expect(notice(options)).resolves.toBe(`Saved. Hogmark is connected to ${local.url}.`);
      const { page, tabId } = await env.session.openTab(
        `${local.url}/project/1/replay/${DEMO.recordings.loose}`,
      );
      opened.push(page);
      const view = await waitForFirefoxInPage(env.session, tabId);
      expect(view.buttons.map((button) => button.label)).toEqual(['Add to collection…']);
      // The previous address (localhost) is no longer used: its access is given back.
      const granted = await env.session.control.evaluate(
        async () => (await browser.permissions.getAll()).origins,
      );
      expect(granted).not.toContain('http://localhost/*');
      // Both local PostHogs would accept the same key: only the configured one is sent it.
      expect(leaksKey(env.server, local.keys.all)).toEqual([]);
      expect(leaksKey(local, local.keys.all).length).toBeGreaterThan(0);
    } finally {
      await local.close();
    }
  });

  it('logged no uncaught error in any Hogmark page, the background or the content script', async () => {
    await expect(env.session.extensionErrors()).resolves.toEqual([]);
  });
});

declare const browser: {
  permissions: { getAll(): Promise<{ origins: string[] }> };
  scripting: { getRegisteredContentScripts(): Promise<Array<{ matches?: string[] }>> };
};
