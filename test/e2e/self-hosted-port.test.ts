import { afterEach, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { type FakePostHog, startFakePostHog } from '../fake-posthog/index';
import { useExtension } from './fixtures';
import type { ExtensionSession } from './harness';
import { waitForInPage } from './in-page';
import { OptionsPage, sessionAfterForget } from './options-page';

type Chrome = {
  permissions: { getAll(): Promise<{ origins?: string[] }> };
  scripting: { getRegisteredContentScripts(): Promise<Array<{ matches?: string[] }>> };
};

/**
 * Allows Hogmark on one site the way a user can on chrome://extensions (Details → Site access).
 * Headless Chromium cannot answer the permission prompt; once the site is allowed, the options
 * page's request for exactly that pattern resolves without one (a wider pattern would still prompt).
 */
async function allowSite(session: ExtensionSession, pattern: string): Promise<void> {
  const page = await session.context.newPage();
  try {
    await page.goto('chrome://extensions');
    await page.evaluate(
      ([id, host]) =>
        (
          globalThis as unknown as {
            chrome: { developerPrivate: { addHostPermission(id: string, host: string): Promise<void> } };
          }
        ).chrome.developerPrivate.addHostPermission(id as string, host as string),
      [session.extensionId, pattern],
    );
  } finally {
    await page.close();
  }
}

function grantedOrigins(session: ExtensionSession): Promise<string[]> {
  return session.serviceWorker.evaluate(
    async () =>
      (await (globalThis as unknown as { chrome: Chrome }).chrome.permissions.getAll()).origins ?? [],
  );
}

function registeredMatches(session: ExtensionSession): Promise<Array<string[] | undefined>> {
  return session.serviceWorker.evaluate(async () =>
    (await (globalThis as unknown as { chrome: Chrome }).chrome.scripting.getRegisteredContentScripts()).map(
      (script) => script.matches,
    ),
  );
}

const keyRequests = (server: FakePostHog) => server.requests.filter((request) => request.auth === 'key');

describe('Chromium: a self-hosted PostHog on localhost with a port', () => {
  // `localhost`, as PostHog's own local setup (http://localhost:8000), on a free port.
  const env = useExtension({ flavor: 'posthog', seed: 'demo', host: 'localhost' });
  let options: OptionsPage | undefined;
  afterEach(async () => {
    await options?.page.close();
    options = undefined;
  });

  it('asks for that port only, saves, and runs the content script there', async () => {
    expect(env.server.url).toMatch(/^http:\/\/localhost:\d+$/);
    await allowSite(env.session, `${env.server.url}/*`);
    options = await OptionsPage.open(env.session);
    await options.chooseSelfHosted(env.server.url);
    await options.pasteKey(env.server.keys.all);
    await options.save();
    await expect(options.notice.textContent()).resolves.toBe(
      `Saved. Hogmark is connected to ${env.server.url}.`,
    );
    await expect(options.report.innerText()).resolves.toContain('Ana Alves');

    const granted = await grantedOrigins(env.session);
    expect(granted).toContain(`${env.server.url}/*`);
    expect(granted).not.toContain('http://localhost/*');
    await expect(registeredMatches(env.session)).resolves.toEqual([[`${env.server.url}/*`]]);

    const { page } = await env.session.openTab(`${env.server.url}/project/1/replay/${DEMO.recordings.loose}`);
    await expect(waitForInPage(page)).resolves.toMatchObject({
      buttons: [{ label: 'Add to collection…' }],
    });
    await page.close();
  });

  it('sends the key to that port only: a PostHog on another port of the same host gets nothing', async () => {
    const other = await startFakePostHog({ flavor: 'posthog', seed: 'demo', host: 'localhost' });
    try {
      // Hogmark cannot read this tab's address (no access to that port): find it as the active tab.
      const page = await env.session.context.newPage();
      await page.goto(`${other.url}/project/1/replay/${DEMO.recordings.loose}`);
      const tabId = await env.session.serviceWorker.evaluate(async () => {
        const api = (
          globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<Array<{ id?: number }>> } } }
        ).chrome;
        return (await api.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id ?? -1;
      });
      expect(tabId).toBeGreaterThan(0);
      const popup = await env.session.openPopup(tabId);
      await popup.locator('main.popup[aria-busy="false"]').waitFor();
      expect(await popup.locator('main').innerText()).not.toContain(DEMO.recordings.loose);
      const before = keyRequests(env.server).length;
      const options = await env.session.openOptions();
      await options.evaluate(() =>
        (
          globalThis as unknown as { chrome: { runtime: { sendMessage(m: object): Promise<unknown> } } }
        ).chrome.runtime.sendMessage({ type: 'settings/check', input: {} }),
      );
      // The same key works on both (same seed): only the configured port was sent it.
      expect(keyRequests(env.server).length).toBeGreaterThan(before);
      expect(keyRequests(other)).toEqual([]);
      expect(JSON.stringify(other.requests)).not.toContain(env.server.keys.all);
      await Promise.all([options.close(), popup.close(), page.close()]);
    } finally {
      await other.close();
    }
  });

  it('Forget key gives the port back, unregisters its content script and leaves the session no more than the popup’s copy, keyless', async () => {
    options = await OptionsPage.open(env.session);
    await options.page.getByRole('button', { name: 'Forget key' }).click();
    await options.page.getByRole('button', { name: 'Yes, forget the key' }).click();
    await options.page
      .getByText(`Hogmark gave back its access to ${env.server.url}. The address stays`, { exact: false })
      .waitFor();
    await expect.poll(() => grantedOrigins(env.session)).not.toContain(`${env.server.url}/*`);
    await expect.poll(() => registeredMatches(env.session)).toEqual([]);
    const session = () =>
      env.session.serviceWorker.evaluate(() =>
        (
          globalThis as unknown as { chrome: { storage: { session: { get(k: null): Promise<object> } } } }
        ).chrome.storage.session.get(null),
      );
    // Nothing but the popup's copy of what IndexedDB keeps after forgetting: no key, nothing it learnt.
    await expect.poll(session).toEqual(sessionAfterForget(env.server.url));
  });

  it('gives the port back when the user moves to another address', async () => {
    const local = await startFakePostHog({ flavor: 'posthog', seed: 'demo' });
    try {
      options = await OptionsPage.open(env.session);
      await options.chooseSelfHosted(local.url);
      await options.pasteKey(local.keys.all);
      await options.save();
      await expect(options.notice.textContent()).resolves.toBe(
        `Saved. Hogmark is connected to ${local.url}.`,
      );
      await expect.poll(() => grantedOrigins(env.session)).not.toContain(`${env.server.url}/*`);
      // 127.0.0.1 is in the test build's manifest: nothing to register.
      await expect.poll(() => registeredMatches(env.session)).toEqual([]);
    } finally {
      await local.close();
    }
  });
});
