import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ExtensionSession } from '../test/e2e/harness';
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
  await options.getByRole('heading', { level: 1 }).waitFor();
  // Configure through the real message protocol, exactly as the options page's Save does.
  const saved = await options.evaluate(
    async ({ origin, apiKey }) => {
      const api = (
        globalThis as unknown as { chrome: { runtime: { sendMessage(m: object): Promise<unknown> } } }
      ).chrome;
      return api.runtime.sendMessage({ type: 'settings/save', input: { origin, apiKey, projectId: 1 } });
    },
    { origin: server.url, apiKey: server.keys.all },
  );
  if (!(saved as { ok?: boolean }).ok)
    throw new Error(`The demo could not configure Hogmark: ${JSON.stringify(saved)}`);
  await options.reload();
  await options.getByText(server.url, { exact: false }).first().waitFor();
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
