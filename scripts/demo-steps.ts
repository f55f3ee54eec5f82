import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ExtensionSession } from '../test/e2e/harness';
import { DEMO } from '../test/fake-posthog/demo-ids';
import type { FakePostHog } from '../test/fake-posthog/index';

interface TourOptions {
  session: ExtensionSession;
  server: FakePostHog;
  recordingUrl: string;
  outDir: string;
  log: (line: string) => void;
}

/** Walks the extension's screens on the demo data, saving one screenshot per step. Returns the file names. */
export async function demoSteps({
  session,
  server,
  recordingUrl,
  outDir,
  log,
}: TourOptions): Promise<string[]> {
  const shots: string[] = [];
  async function shoot(page: Page, name: string, caption: string): Promise<void> {
    await page.waitForLoadState('load');
    await page.screenshot({ path: join(outDir, name) });
    shots.push(name);
    log(`  ${caption} → .output/demo/${name}`);
  }

  const firstPopup = await session.openPopup();
  await firstPopup.setViewportSize({ width: 360, height: 240 });
  await firstPopup.getByRole('heading', { name: 'Set up your API key' }).waitFor();
  await shoot(firstPopup, '01-popup-setup.png', 'popup before a key is set');
  await firstPopup.close();

  const options = await session.openOptions();
  await options.getByRole('button', { name: 'Check and save' }).waitFor();
  // Configure the way a user does: choose self-hosted, type the address, paste the key, check and save.
  await options.getByLabel('Self-hosted').check();
  await options.getByLabel('Address of your PostHog').fill(server.url);
  await options.getByLabel('Personal API key').fill(server.keys.all);
  await checkAndSave(options);
  await options.getByLabel('Default project').selectOption(String(DEMO.projects.main));
  await checkAndSave(options);
  // Tall enough to show the key report and its table of what works.
  await options.setViewportSize({ width: 1280, height: 1200 });
  await shoot(options, '02-options-configured.png', 'options page, connected to the demo PostHog');
  await options.close();

  const { page, tabId } = await session.openTab(recordingUrl);
  await shoot(page, '03-recording-page.png', 'a demo recording in the local PostHog');
  const popup = await session.openPopup(tabId);
  await popup.setViewportSize({ width: 360, height: 480 });
  await popup.getByRole('heading', { level: 1 }).waitFor();
  await shoot(popup, '04-popup-recording.png', 'the popup over that recording');
  await popup.close();
  await page.bringToFront();
  return shots;
}

/** Clicks "Check and save" and waits for the answer; a refusal stops the demo with its sentence. */
async function checkAndSave(options: Page): Promise<void> {
  await options.getByRole('button', { name: 'Check and save' }).click();
  await options.waitForFunction(() => document.querySelector('main')?.getAttribute('aria-busy') === 'false');
  const refusal = options.locator('.field-error, .error-notice');
  if ((await refusal.count()) > 0) {
    throw new Error(`The demo could not configure Hogmark: ${await refusal.first().innerText()}`);
  }
  await options.getByText(/^Saved\./).waitFor();
}
