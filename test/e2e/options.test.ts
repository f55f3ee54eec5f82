import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { findAccessibilityViolations } from './axe';
import { useExtension } from './fixtures';
import { OptionsPage, sendFromExtensionPage } from './options-page';

describe('the options page against the local PostHog', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' });
  let options: OptionsPage;

  beforeEach(async () => {
    options = await OptionsPage.open(env.session);
    await sendFromExtensionPage(options.page, 'settings/forget');
    await options.reload();
    env.server.clearRequests();
  });
  afterEach(async () => {
    await options.page.close();
  });

  it('sets up a self-hosted PostHog and shows who the key belongs to and what works', async () => {
    await options.chooseSelfHosted(env.server.url);
    await options.pasteKey(env.server.keys.all);
    await options.save();

    await expect(options.notice.textContent()).resolves.toBe(
      `Saved. Hogmark is connected to ${env.server.url}.`,
    );
    const report = await options.report.innerText();
    expect(report).toContain('Ana Alves <ana@example.com>');
    expect(report).toContain('All scopes (*)');
    expect(report).toContain('Acme web app (ID 1)');
    expect(report).toContain('Acme staging (ID 2)');
    for (const feature of [
      'Add recordings to collections',
      'Create collections',
      'Pin dashboards',
      'Copy share links',
      'Name insights and copy their public links',
      'Copy public links of recordings',
      'Name notebooks',
    ]) {
      await expect(options.capability(feature).innerText()).resolves.toMatch(/Works/);
    }
    // The typed key is gone from the field; the masked form replaces it.
    await expect(options.keyField.inputValue()).resolves.toBe('');
    await expect(options.page.getByText(/Saved key: phx_…/).isVisible()).resolves.toBe(true);
    const status = (await sendFromExtensionPage(options.page, 'status/get')) as { data: object };
    expect(status.data).toMatchObject({ configured: true, origin: env.server.url });
    expect(
      env.server.requests.some((request) => request.path.startsWith('/api/personal_api_keys/@current')),
    ).toBe(true);
    // The test build's manifest already runs the content script on 127.0.0.1: no second registration.
    const registered = await env.session.serviceWorker.evaluate(() =>
      (
        globalThis as unknown as {
          chrome: { scripting: { getRegisteredContentScripts(): Promise<unknown[]> } };
        }
      ).chrome.scripting.getRegisteredContentScripts(),
    );
    expect(registered).toEqual([]);
  });

  it('says a read-only key adds (PostHog adds through the session) but cannot pin or create', async () => {
    await options.chooseSelfHosted(env.server.url);
    await options.pasteKey(env.server.keys.readOnly);
    await options.save();

    const pin = await options.capability('Pin dashboards').innerText();
    expect(pin).toContain('Needs dashboard:write');
    expect(pin).toContain('Add it in PostHog → Settings → Personal API keys');
    await expect(options.capability('Add recordings to collections').innerText()).resolves.toContain('Works');
    const create = await options.capability('Create collections').innerText();
    expect(create).toContain('Needs session_recording_playlist:write');
    await expect(options.report.innerText()).resolves.toContain('read access is enough');
    await expect(options.capability('Copy share links').innerText()).resolves.toContain('Works');
    await expect(options.report.innerText()).resolves.toContain('dashboard:read');
    // Insights and recordings' public links need only reads, which it has; notebooks a scope it lacks.
    await expect(
      options.capability('Name insights and copy their public links').innerText(),
    ).resolves.toContain('Works');
    const notebooks = await options.capability('Name notebooks').innerText();
    expect(notebooks).toContain('Needs notebook:read');
    expect(notebooks).toContain('Add it in PostHog → Settings → Personal API keys');
  });

  it('lists the one project of a project-scoped key', async () => {
    await options.chooseSelfHosted(env.server.url);
    await options.pasteKey(env.server.keys.projectScoped);
    await options.save();
    await expect(options.projectPicker.locator('option').allInnerTexts()).resolves.toEqual([
      'Acme web app (ID 1)',
    ]);
  });

  it('says PostHog refused a bad key, under the field, and keeps what was typed', async () => {
    const unknown = `phx_${'Z'.repeat(43)}`;
    await options.chooseSelfHosted(env.server.url);
    await options.pasteKey(unknown);
    await options.save();
    await expect(options.fieldError('api-key')).resolves.toMatch(/^PostHog did not accept this key\./);
    await expect(options.keyField.inputValue()).resolves.toBe(unknown);
    // The keyboard user is taken to the field to fix.
    await expect(options.keyField.evaluate((field) => field === document.activeElement)).resolves.toBe(true);
  });

  it('refuses a project token before sending anything', async () => {
    await options.chooseSelfHosted(env.server.url);
    await options.pasteKey('phc_AcmeWebAppProjectToken000000000000000001');
    await options.save();
    await expect(options.fieldError('api-key')).resolves.toMatch(/^This is a project token \(phc_…\)/);
    expect(env.server.requests).toEqual([]);
  });

  it('says an address is not PostHog when a web site answers there', async () => {
    const site = await startWebSite();
    try {
      await options.chooseSelfHosted(site.url);
      await options.pasteKey(env.server.keys.all);
      await options.save();
      await expect(options.fieldError('address')).resolves.toBe(
        `${site.url} did not answer like PostHog's API. Check that this is the address you open PostHog at.`,
      );
      await expect(options.keyField.inputValue()).resolves.toBe(env.server.keys.all);
    } finally {
      await site.close();
    }
  });

  it('says PostHog could not be reached when nothing listens at the address', async () => {
    const site = await startWebSite();
    await site.close();
    await options.chooseSelfHosted(site.url);
    await options.pasteKey(env.server.keys.all);
    await options.save();
    await expect(options.fieldError('address')).resolves.toMatch(
      new RegExp(`^Could not reach ${site.url.replace(/\./g, '\\.')}\\. Check the address`),
    );
  });

  it('changes the default project without the key being typed again', async () => {
    await options.chooseSelfHosted(env.server.url);
    await options.pasteKey(env.server.keys.all);
    await options.save();
    await options.projectPicker.selectOption({ label: 'Acme staging (ID 2)' });
    await options.page
      .getByLabel('Show an "Add to …" button on recordings, naming your last-used collection')
      .uncheck();
    await options.save();
    await expect(options.notice.textContent()).resolves.toMatch(/^Saved\./);
    const settings = (await sendFromExtensionPage(options.page, 'settings/get')) as { data: object };
    expect(settings.data).toMatchObject({ projectId: DEMO.projects.staging, inPageButton: false });

    await options.page.reload();
    await options.saveButton.waitFor();
    await expect(options.projectPicker.inputValue()).resolves.toBe(String(DEMO.projects.staging));
    await expect(
      options.page
        .getByLabel('Show an "Add to …" button on recordings, naming your last-used collection')
        .isChecked(),
    ).resolves.toBe(false);
    await expect(options.report.innerText()).resolves.toContain('Ana Alves');
  });

  it('sends one check when Save is clicked twice quickly', async () => {
    env.server.setFault({ path: '/api/users/@me', fault: { type: 'latency', ms: 400 } });
    try {
      await options.chooseSelfHosted(env.server.url);
      await options.pasteKey(env.server.keys.all);
      const button = options.page.getByRole('button', { name: 'Check and save' });
      await button.click();
      // A user's second click lands while the page is busy; Playwright would wait for it to be ready.
      await options.page.getByRole('button', { name: 'Checking…' }).click({ force: true });
      await options.page.getByRole('button', { name: 'Check and save' }).waitFor();
      expect(env.server.requests.filter((request) => request.path.startsWith('/api/users/@me'))).toHaveLength(
        1,
      );
    } finally {
      env.server.clearFaults();
    }
  });

  it('forgets the key through a keyboard-usable confirm step', async () => {
    await options.chooseSelfHosted(env.server.url);
    await options.pasteKey(env.server.keys.all);
    await options.save();

    const forget = options.page.getByRole('button', { name: 'Forget key' });
    await forget.focus();
    await options.page.keyboard.press('Enter');
    const keep = options.page.getByRole('button', { name: 'Keep the key' });
    await expect(keep.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await options.page.keyboard.press('Escape');
    await expect(forget.evaluate((button) => button === document.activeElement)).resolves.toBe(true);

    await options.page.keyboard.press('Enter');
    await options.page.keyboard.press('Shift+Tab');
    await options.page.keyboard.press('Enter');
    await options.page
      .getByText("The key and Hogmark's cached data are gone, and Hogmark gave back its access")
      .waitFor();
    const status = (await sendFromExtensionPage(options.page, 'status/get')) as { data: object };
    expect(status.data).toEqual({ configured: false });
    await expect(options.report.count()).resolves.toBe(0);
  });

  it('labels every field and shows focus', async () => {
    await options.chooseSelfHosted(env.server.url);
    for (const label of [
      'US cloud (us.posthog.com)',
      'EU cloud (eu.posthog.com)',
      'Self-hosted',
      'Address of your PostHog',
      'Personal API key',
      'Default project',
      'Show an "Add to …" button on recordings, naming your last-used collection',
    ]) {
      await expect(options.page.getByLabel(label, { exact: true }).count()).resolves.toBe(1);
    }
    await options.keyField.focus();
    await options.page.keyboard.press('Shift+Tab');
    const outline = await options.addressField.evaluate((field) => getComputedStyle(field).outlineStyle);
    expect(outline).toBe('solid');
  });

  it.each(['light', 'dark'] as const)(
    'passes axe with a report, missing scopes and a field error shown (%s mode)',
    async (scheme) => {
      await options.page.emulateMedia({ colorScheme: scheme });
      await options.chooseSelfHosted(env.server.url);
      await options.pasteKey(env.server.keys.readOnly);
      await options.save();
      await options.report.waitFor();
      await options.pasteKey('phc_AcmeWebAppProjectToken000000000000000001');
      await options.save();
      await expect(options.fieldError('api-key')).resolves.toMatch(/project token/);
      expect(await findAccessibilityViolations(options.page)).toEqual([]);
    },
  );
});

/** A plain web site on 127.0.0.1: HTML for every path, like a marketing site at a mistyped address. */
async function startWebSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html><body><h1>Welcome to Example Corp</h1></body></html>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        site.close(() => resolve());
        site.closeAllConnections();
      }),
  };
}
