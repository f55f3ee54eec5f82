import type { Worker } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { startFakePostHog } from '../fake-posthog/index';
import { useExtension } from './fixtures';
import { waitForContentScript, waitForInPage } from './in-page';
import { OptionsPage, sendFromExtensionPage, sessionAfterForget } from './options-page';
import { stopServiceWorker } from './service-worker';

type Chrome = {
  storage: Record<'local' | 'session', { get(keys: null): Promise<Record<string, unknown>> }>;
};

/** Everything in storage.local and storage.session, as the service worker sees it. */
function readExtensionStorage(worker: Worker): Promise<string> {
  return worker.evaluate(async () => {
    const { storage } = (globalThis as unknown as { chrome: Chrome }).chrome;
    return JSON.stringify([await storage.local.get(null), await storage.session.get(null)]);
  });
}

/** Every value in the extension origin's IndexedDB store where the key is kept. */
function readKeyDatabase(worker: Worker): Promise<unknown[]> {
  return worker.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('hogmark');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('secrets')) return resolve([]);
          const all = db.transaction('secrets', 'readonly').objectStore('secrets').getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** A key leaks if it or any long piece of it shows up (a masked form keeps only 4 + 4 characters). */
function leaks(text: string, key: string): boolean {
  return text.includes(key) || text.includes(key.slice(4, 20)) || text.includes(key.slice(-16));
}

describe('key custody in the built extension', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' });
  let key: string;

  beforeAll(async () => {
    key = env.server.keys.all;
    const options = await OptionsPage.open(env.session);
    await options.chooseSelfHosted(env.server.url);
    await options.pasteKey(key);
    await options.save();
    await options.report.waitFor();
    await options.page.close();
  });

  it('keeps the key in the extension IndexedDB only, never in storage.local or storage.session', async () => {
    // The key, its masked form (what the popup reads, never the key) and the address it
    // was saved for (only ever sent there), in the order of their names.
    await expect(readKeyDatabase(env.session.serviceWorker)).resolves.toEqual([
      key,
      `${key.slice(0, 4)}…${key.slice(-4)}`,
      env.server.url,
    ]);
    const storage = await readExtensionStorage(env.session.serviceWorker);
    expect(storage).toContain(env.server.url); // the settings are there…
    expect(leaks(storage, key)).toBe(false); // …the key is not
  });

  it('gives a PostHog page and its content script nothing that contains the key', async () => {
    const { page } = await env.session.openTab(
      `${env.server.url}/project/${DEMO.projects.main}/replay/${DEMO.recordings.inCheckout}`,
    );
    await waitForContentScript(page, env.session.extensionId);
    await waitForInPage(page);
    expect(leaks(await page.evaluate(() => document.documentElement.outerHTML), key)).toBe(false);
    await page.close();
  });

  it('answers no message with the key', async () => {
    const options = await env.session.openOptions();
    const answers = [];
    for (const type of ['status/get', 'settings/get', 'settings/check']) {
      answers.push(await sendFromExtensionPage(options, type));
    }
    expect(answers.map((answer) => (answer as { ok: boolean }).ok)).toEqual([true, true, true]);
    expect(JSON.stringify(answers)).toContain('phx_…');
    expect(leaks(JSON.stringify(answers), key)).toBe(false);
    await options.close();
  });

  it('shows the key in neither the popup nor the options page after saving', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/${DEMO.projects.main}/dashboard/${DEMO.dashboards.productKpis}`,
    );
    const popup = await env.session.openPopup(tabId);
    await popup.getByText(/phx_…/).first().waitFor();
    const options = await OptionsPage.open(env.session);
    await options.report.waitFor();
    for (const view of [popup, options.page]) {
      const dom = await view.evaluate(() =>
        [
          document.documentElement.outerHTML,
          ...[...document.querySelectorAll('input')].map((input) => input.value),
        ].join('\n'),
      );
      expect(leaks(dom, key)).toBe(false);
    }
    await Promise.all([popup.close(), options.page.close(), page.close()]);
  });

  it('never sends the saved key to another address', async () => {
    const other = await startFakePostHog({ flavor: 'posthog', seed: 'demo' });
    try {
      const options = await OptionsPage.open(env.session);
      await options.chooseSelfHosted(other.url);
      await options.save();
      await expect(options.fieldError('api-key')).resolves.toMatch(/never sends a saved key to a different/);
      // Straight to the background, past the page's own check: refused there too.
      const answer = await sendFromExtensionPage(options.page, 'settings/save', { origin: other.url });
      expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid-input', field: 'apiKey' } });
      expect(other.requests).toEqual([]);
      await options.page.close();
    } finally {
      await other.close();
    }
  });

  it('never follows a redirect with the key (a proxy pointing elsewhere)', async () => {
    const other = await startFakePostHog({ flavor: 'posthog', seed: 'demo' });
    try {
      for (const status of [302, 307] as const) {
        env.server.setFault({ path: /^\/api\//, fault: { type: 'redirect', to: other.url, status } });
        const options = await env.session.openOptions();
        const answer = await sendFromExtensionPage(options, 'settings/check');
        expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid-response' } });
        await options.close();
        env.server.clearFaults();
      }
      expect(other.requests).toEqual([]);
    } finally {
      env.server.clearFaults();
      await other.close();
    }
  });

  it('keeps in storage.local only what content scripts need: no email, scopes or names', async () => {
    // Let the popup and the dashboards view fill the caches first.
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/${DEMO.projects.main}/dashboard/${DEMO.dashboards.marketing}`,
    );
    const popup = await env.session.openPopup(tabId);
    await popup.locator('main.popup[aria-busy="false"]').waitFor();
    const worker = env.session.context.serviceWorkers()[0] ?? env.session.serviceWorker;
    const [local] = JSON.parse(await readExtensionStorage(worker)) as Array<Record<string, unknown>>;
    // The mirror also names each project's last-used collection (none used here): names, never the key.
    expect(local).toEqual({
      pageSettings: {
        version: 1,
        origin: env.server.url,
        connected: true,
        inPageButton: true,
        projectId: DEMO.projects.main,
        lastUsed: {},
      },
    });
    await Promise.all([popup.close(), page.close()]);
  });

  it('sends nothing to an address planted in storage.local, even after the service worker restarts', async () => {
    const other = await startFakePostHog({ flavor: 'posthog', seed: 'demo' });
    try {
      const worker = env.session.context.serviceWorkers()[0] ?? env.session.serviceWorker;
      // What a compromised PostHog tab's content script could write.
      await worker.evaluate(
        (origin) =>
          (
            globalThis as unknown as { chrome: { storage: { local: { set(items: object): Promise<void> } } } }
          ).chrome.storage.local.set({
            settings: { version: 2, origin, projectId: 1, inPageButton: true },
            pageSettings: { version: 1, origin, connected: true, inPageButton: true },
            keyCheck: { version: 1, check: null },
          }),
        other.url,
      );
      await stopServiceWorker(env.session);
      const options = await env.session.openOptions();
      await expect(sendFromExtensionPage(options, 'settings/check')).resolves.toMatchObject({
        ok: true,
        data: { origin: env.server.url },
      });
      const { page, tabId } = await env.session.openTab(
        `${env.server.url}/project/${DEMO.projects.main}/dashboard/${DEMO.dashboards.marketing}`,
      );
      const popup = await env.session.openPopup(tabId);
      await popup.locator('main.popup[aria-busy="false"]').waitFor();
      expect(other.requests).toEqual([]);
      await Promise.all([popup.close(), page.close(), options.close()]);
    } finally {
      await other.close();
    }
  });

  it('keeps the key when the service worker stops and starts again', async () => {
    for (const page of env.session.context.pages()) {
      if (page.url().startsWith(`chrome-extension://${env.session.extensionId}/`)) await page.close();
    }
    await env.session.serviceWorker.evaluate(() => {
      (globalThis as { beforeRestart?: boolean }).beforeRestart = true;
    });
    await stopServiceWorker(env.session);

    const options = await env.session.openOptions();
    const status = await sendFromExtensionPage(options, 'status/get');
    expect(status).toMatchObject({
      ok: true,
      data: { configured: true, origin: env.server.url, maskedKey: `phx_…${key.slice(-4)}` },
    });
    // A fresh worker answered: the old one's globals are gone.
    const worker = env.session.context.serviceWorkers()[0] ?? env.session.serviceWorker;
    await expect(
      worker.evaluate(() => (globalThis as { beforeRestart?: boolean }).beforeRestart ?? false),
    ).resolves.toBe(false);
    await options.close();
  });

  it('leaves nothing behind after "Forget key"', async () => {
    const options = await OptionsPage.open(env.session);
    await options.page.getByRole('button', { name: 'Forget key' }).click();
    await options.page.getByRole('button', { name: 'Yes, forget the key' }).click();
    await options.page
      .getByText("The key and Hogmark's cached data are gone, and Hogmark gave back")
      .waitFor();
    const worker =
      env.session.context.serviceWorkers()[0] ?? (await env.session.context.waitForEvent('serviceworker'));
    await expect(readKeyDatabase(worker)).resolves.toEqual([]);
    const stores = async () =>
      JSON.parse(await readExtensionStorage(worker)) as Array<Record<string, unknown>>;
    // The popup's copy of the trusted area is put back once the forgetting's writes are done.
    await expect.poll(async () => (await stores())[1]).toEqual(sessionAfterForget(env.server.url));
    const [local, session] = await stores();
    expect(local).toEqual({
      pageSettings: { version: 1, origin: env.server.url, connected: false, inPageButton: true },
    });
    expect(JSON.stringify(session)).not.toContain(key);
    await expect(sendFromExtensionPage(options.page, 'status/get')).resolves.toEqual({
      ok: true,
      data: { configured: false },
    });
    await options.page.close();
  });
});
