import { describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { findAccessibilityViolations } from './axe';
import { useExtension } from './fixtures';
import { saveConnection } from './options-page';

describe('accessibility of the extension pages (axe-core)', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' });

  it('does find violations on a page that has them (the check itself works)', async () => {
    const page = await env.session.context.newPage();
    await page.setContent('<main><button></button><img src="x.png"></main>');
    const ids = (await findAccessibilityViolations(page)).map((violation) => violation.id);
    expect(ids).toEqual(expect.arrayContaining(['button-name', 'image-alt']));
    await page.close();
  });

  it('finds no violations in the popup before setup', async () => {
    const popup = await env.session.openPopup();
    await popup.getByRole('heading', { level: 1 }).waitFor();
    expect(await findAccessibilityViolations(popup)).toEqual([]);
    await popup.close();
  });

  it('finds no violations in the options page, before and after a key is saved', async () => {
    const options = await env.session.openOptions();
    await options.getByRole('heading', { level: 1 }).waitFor();
    expect(await findAccessibilityViolations(options)).toEqual([]);

    await saveConnection(env.session, env.server.url, env.server.keys.all);
    await options.reload();
    await options.getByRole('heading', { level: 1 }).waitFor();
    expect(await findAccessibilityViolations(options)).toEqual([]);
    await options.close();
  });

  it.each(['light', 'dark'] as const)(
    'finds no violations in the popup over a recording (%s mode)',
    async (scheme) => {
      const { page, tabId } = await env.session.openTab(
        `${env.server.url}/project/${DEMO.projects.main}/replay/${DEMO.recordings.inCheckout}`,
      );
      const popup = await env.session.context.newPage();
      await popup.emulateMedia({ colorScheme: scheme });
      await popup.goto(`chrome-extension://${env.session.extensionId}/popup.html?tabId=${tabId}`);
      await popup.getByRole('heading', { level: 1 }).waitFor();
      await popup.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
      expect(await findAccessibilityViolations(popup)).toEqual([]);
      await Promise.all([popup.close(), page.close()]);
    },
  );

  it.each(['light', 'dark'] as const)(
    'finds no violations in the note field asking for the time, over a UTC-format player (%s mode)',
    async (scheme) => {
      const { page, tabId } = await env.session.openTab(
        `${env.server.url}/project/${DEMO.projects.main}/replay/${DEMO.recordings.inCheckout}?pause`,
      );
      await page.locator('.SessionRecordingPlayer [data-attr="recording-timestamp"]').waitFor();
      await page.evaluate(() => window.fakePostHog?.setTimestampFormat('utc'));
      const popup = await env.session.context.newPage();
      await popup.emulateMedia({ colorScheme: scheme });
      await popup.goto(`chrome-extension://${env.session.extensionId}/popup.html?tabId=${tabId}`);
      await popup.getByRole('option').first().waitFor();
      const note = popup.getByLabel('Note (optional)');
      await note.fill('Coupon field rejects valid codes');
      await note.press('Control+Enter');
      await popup
        .getByRole('alert')
        .getByText(/^Nothing was added yet/)
        .waitFor();
      await popup.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
      expect(await findAccessibilityViolations(popup)).toEqual([]);
      await page.evaluate(() => window.fakePostHog?.setTimestampFormat('relative'));
      await Promise.all([popup.close(), page.close()]);
    },
  );
});
