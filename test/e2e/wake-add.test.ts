import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FLASH_MARK } from '../../lib/background/toolbar/badge-flash';
import { COMMAND_DONE_MARK, COMMAND_MARK, WAKE_ADD_MARK } from '../../lib/wake/wake-worker';
import { DEMO } from '../fake-posthog/demo-ids';
import { CLOUD_US } from './cloud-host';
import { pickerOver, recordingCalls } from './collections-harness';
import { useCloudExtension } from './fixtures';
import { clickInPage, waitForInPageText } from './in-page';
import { currentServiceWorker, stopServiceWorker } from './service-worker';
import { assignShortcut, pressShortcut } from './shortcut';

type ChromeAction = {
  getBadgeText(details: { tabId: number }): Promise<string>;
  getTitle(details: { tabId: number }): Promise<string>;
};

const { onboarding } = DEMO.playlists;
const { loose } = DEMO.recordings;

/**
 * Chromium stops an idle worker after 30 seconds, so the add shortcut pressed while watching a
 * recording wakes it. Its wake script sends the add through the tab before the rest of the
 * background has loaded (lib/wake/), and the background takes that answer as its own.
 */
describe('the add shortcut and the in-page button on a worker they wake (PostHog Cloud)', () => {
  const env = useCloudExtension();
  let page: Page;
  let tabId: number;

  it('sends the add through the tab once, before the background loads, and the background reports it', async () => {
    // One add and its undo through the popup: Onboarding is the last-used collection, the tab's
    // user is known, and the recording is in no collection again. The recording is paused
    // (`?pause`): a playing one tells the background its second every second, which wakes it.
    ({ page, tabId } = await env.session.openTab(
      `${CLOUD_US}/login?next=${encodeURIComponent(`/project/1/replay/${loose}?pause`)}`,
    ));
    await page.waitForURL(`${CLOUD_US}/project/1/replay/${loose}?pause`);
    const popup = await pickerOver(env.session, tabId);
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup.getByText('✓ Added to Onboarding', { exact: true }).waitFor();
    await popup.getByRole('button', { name: 'Undo' }).click();
    await popup.getByText(/^Removed from Onboarding/).waitFor();
    await popup.close();
    await assignShortcut(env.session, env.session.extensionId, 'Alt+Shift+P');
    await page.bringToFront();

    // Stopped from the recording's own page, so that no tab event wakes the worker before the key.
    await stopServiceWorker(env.session, page);
    env.server.clearRequests();
    await pressShortcut(await env.session.context.newCDPSession(page), 'P');

    await expect
      .poll(() => recordingCalls(env.server, onboarding, loose), { timeout: 10_000 })
      .toEqual(['POST session 200']);
    const worker = await currentServiceWorker(env.session);
    // The wake script sent it (test builds mark each one), and nothing sent it again.
    expect(await worker.evaluate((mark) => performance.getEntriesByName(mark).length, WAKE_ADD_MARK)).toBe(1);
    // The one command the key made, marked as the worker received it (the benchmark's diagnosis reads it).
    expect(await worker.evaluate((mark) => performance.getEntriesByName(mark).length, COMMAND_MARK)).toBe(1);
    // Said in the tab as any shortcut's add is: the badge's mark, the sentence in its title.
    const badge = () =>
      worker.evaluate(async (id) => {
        const { action } = (globalThis as unknown as { chrome: { action: ChromeAction } }).chrome;
        return `${await action.getBadgeText({ tabId: id })} ${await action.getTitle({ tabId: id })}`;
      }, tabId);
    await expect.poll(badge).toMatch(/^✓ .*Onboarding/);
    // Handled once, and the flash marked with what it told the tab (the benchmark's diagnosis reads both).
    const marked = await worker.evaluate(
      ({ done, flash }) => ({
        done: performance.getEntriesByName(done).length,
        flashes: (performance.getEntriesByName(flash) as PerformanceMark[]).map((entry) => entry.detail),
      }),
      { done: COMMAND_DONE_MARK, flash: FLASH_MARK },
    );
    expect(marked.done).toBe(1);
    expect(marked.flashes).toEqual([{ tabId, kind: 'done', title: expect.stringMatching(/Onboarding/) }]);
    // The background made it its own: the popup knows the recording is in Onboarding, and offers Undo.
    const again = await env.session.openPopup(tabId);
    await again.getByRole('button', { name: 'Undo' }).waitFor();
    expect(recordingCalls(env.server, onboarding, loose)).toEqual(['POST session 200']);
    expect(env.server.requests.filter((request) => request.method !== 'GET')).toHaveLength(1);
    await again.close();
  });

  it('sends the in-page button’s add through the tab once, before the background loads', async () => {
    // The shortcut's add, undone in the popup: the recording is in no collection again.
    const popup = await env.session.openPopup(tabId);
    await popup.getByRole('button', { name: 'Undo' }).click();
    await popup.getByText(/^Removed .*from Onboarding/).waitFor();
    await popup.close();
    await stopServiceWorker(env.session, page);
    env.server.clearRequests();

    await clickInPage(page, /^Add to /);
    await waitForInPageText(page, '✓ Onboarding');
    expect(recordingCalls(env.server, onboarding, loose)).toEqual(['POST session 200']);
    expect(env.server.requests.filter((request) => request.method !== 'GET')).toHaveLength(1);
    const worker = await currentServiceWorker(env.session);
    expect(await worker.evaluate((mark) => performance.getEntriesByName(mark).length, WAKE_ADD_MARK)).toBe(1);
    // The background's own answer: the page's Undo undoes it.
    await clickInPage(page, 'Undo');
    await waitForInPageText(page, /Removed from Onboarding/);
  });
});
