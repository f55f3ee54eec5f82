import type { Page } from 'playwright-core';
import type { ExtensionSession } from '../test/e2e/harness';
import { saveConnection } from '../test/e2e/options-page';
import { DEMO } from '../test/fake-posthog/demo-ids';
import type { FakePostHog } from '../test/fake-posthog/index';
import { apiQuiet, apiRequestsBetween, type BenchEnv, launchBenchSession } from './bench-session';

export interface RequestsPerAction {
  add: number;
  undo: number;
  pin: number;
  copyShareLink: number;
  /** What each action sent, as `METHOD path status`, to explain the counts. */
  log: Record<string, string[]>;
}

/** Counts the API requests from just before `act` until its UI confirmation and the server going quiet. */
async function count(
  server: FakePostHog,
  log: Record<string, string[]>,
  name: string,
  act: () => Promise<void>,
) {
  await apiQuiet(server);
  const from = Date.now();
  await act();
  await apiQuiet(server);
  const sent = apiRequestsBetween(server, from);
  log[name] = sent.map((entry) => `${entry.method} ${entry.path} ${entry.auth} ${entry.status}`);
  return sent.length;
}

/** The popup over a tab once its panels have settled (the way the e2e page objects wait). */
async function popupOver(session: ExtensionSession, tabId: number): Promise<Page> {
  const popup = await session.openPopup(tabId);
  await popup.locator('main.popup[aria-busy="false"]').waitFor();
  await popup.locator('.share-panel[aria-busy="true"]').waitFor({ state: 'detached' });
  return popup;
}

/**
 * Add, undo, pin and copy a share link, each from the popup as a user does. On the `posthog` flavor
 * a recording is added through a signed-in tab (PostHog refuses the key for that one action first).
 */
export async function measureRequestsPerAction(
  env: BenchEnv,
  server: FakePostHog,
): Promise<RequestsPerAction> {
  const session = await launchBenchSession(env);
  const log: Record<string, string[]> = {};
  try {
    await saveConnection(session, server.url, server.keys.all);
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const recording = `/project/${DEMO.projects.main}/replay/${DEMO.recordings.loose}`;
    const { page, tabId } = await session.openTab(
      server.flavor === 'posthog' ? `${server.url}/login?next=${recording}` : `${server.url}${recording}`,
    );
    await page.waitForURL(`${server.url}${recording}`);
    const picker = await session.openPopup(tabId);
    await picker.getByRole('option').first().waitFor();
    await picker.getByText('Updating…').waitFor({ state: 'detached' });

    const add = await count(server, log, 'add', async () => {
      await picker.getByRole('combobox').fill('Onboarding');
      await picker.keyboard.press('Enter');
      await picker.getByText(/^✓ Added to Onboarding/).waitFor();
    });
    const undo = await count(server, log, 'undo', async () => {
      await picker.getByRole('button', { name: 'Undo' }).click();
      await picker.getByText(/^Removed from Onboarding/).waitFor();
    });
    await picker.close();

    const marketing = await session.openTab(`${server.url}/project/1/dashboard/${DEMO.dashboards.marketing}`);
    const pinPopup = await popupOver(session, marketing.tabId);
    await pinPopup.getByRole('button', { name: 'Pin', exact: true }).waitFor();
    const pin = await count(server, log, 'pin', async () => {
      await pinPopup.getByRole('button', { name: 'Pin', exact: true }).click();
      await pinPopup.getByRole('button', { name: 'Unpin', exact: true }).waitFor();
      await pinPopup.locator('.dashboard-pin button[aria-busy]').waitFor({ state: 'detached' });
    });
    // Put the pin back, so a later run starts from the same data.
    await pinPopup.getByRole('button', { name: 'Unpin', exact: true }).click();
    await pinPopup.getByRole('button', { name: 'Pin', exact: true }).waitFor();
    await apiQuiet(server);
    await pinPopup.close();

    const shared = await session.openTab(`${server.url}/project/1/dashboard/${DEMO.dashboards.productKpis}`);
    const sharePopup = await popupOver(session, shared.tabId);
    const publicLink = sharePopup.getByRole('group', { name: 'Public link' });
    await publicLink.waitFor();
    const copyShareLink = await count(server, log, 'copyShareLink', async () => {
      await publicLink.getByRole('button', { name: 'Copy link' }).click();
      await sharePopup.getByRole('status').getByText('Copied the public link').waitFor();
    });
    await sharePopup.close();
    return { add, undo, pin, copyShareLink, log };
  } finally {
    await session.close();
  }
}
