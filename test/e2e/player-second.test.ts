import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { pickerOver, recordingCalls, signedInPickerOver } from './collections-harness';
import { popupOver } from './dashboards-harness';
import { useExtension } from './fixtures';

/**
 * The recording link follows the second PostHog's player shows (the Relative timestamp), never a
 * stale `?t=` and never a wall clock. The stand-in's control (`window.fakePostHog`) moves the player
 * as a user would by playing or seeking; an open popup follows its tab.
 */
describe("the player's second on PostHog's player", () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  const recording = () => `${env.server.url}/project/1/replay/${DEMO.recordings.inCheckout}`;

  /** The recording page held still (PostHog's own `?pause`) at `?t=`, and a popup over it. */
  async function pausedAt(t: number): Promise<{ page: Page; popup: Page }> {
    const { page, tabId } = await env.session.openTab(`${recording()}?t=${t}&pause`);
    await page.locator('.SessionRecordingPlayer [data-attr="recording-timestamp"]').waitFor();
    const popup = await popupOver(env.session, tabId);
    return { page, popup };
  }
  const linkGroup = (popup: Page) => popup.getByRole('group', { name: /^Recording link/ });
  const linkLabel = async (popup: Page) => (await linkGroup(popup).locator('legend').textContent())?.trim();
  const linkUrl = (popup: Page) => popup.locator('.copy-row-url').first().textContent();

  it('follows the Relative timestamp as the player moves, wide and narrow', async () => {
    const { page, popup } = await pausedAt(40);
    await expect.poll(() => linkLabel(popup)).toBe('Recording link at 00:40');
    await page.evaluate(() => window.fakePostHog?.seek(100));
    await expect.poll(() => linkLabel(popup)).toBe('Recording link at 01:40');
    // Narrow, PostHog shows only the current time ("02:10", no "/ 05:12").
    await page.setViewportSize({ width: 500, height: 700 });
    await page.evaluate(() => window.fakePostHog?.seek(130));
    await expect
      .poll(() => page.locator('[data-attr="recording-timestamp"]').textContent())
      .toMatch(/^\s*02:10\s*$/);
    await expect.poll(() => linkLabel(popup)).toBe('Recording link at 02:10');
    // Playing: the link keeps up with the timestamp.
    await page.evaluate(() => window.fakePostHog?.play());
    await expect.poll(() => linkLabel(popup), { timeout: 10_000 }).not.toBe('Recording link at 02:10');
    await Promise.all([popup.close(), page.close()]);
  });

  it('uses the URL’s t only until the player shows a time: PostHog never updates it', async () => {
    const { page, popup } = await pausedAt(40);
    await page.evaluate(() => window.fakePostHog?.seek(90));
    await expect.poll(() => linkLabel(popup)).toBe('Recording link at 01:30');
    expect(page.url()).toContain('t=40');
    expect(await linkUrl(popup)).toBe(`${recording()}?t=90`);
    await Promise.all([popup.close(), page.close()]);
  });

  it('says the time is unknown when the player shows no timestamp Hogmark can read, never the stale ?t=', async () => {
    // A PostHog release that renamed the timestamp: set on a page without a player, then the app
    // navigates to the recording at ?t=40, whose player never shows a timestamp Hogmark reads.
    const { page, tabId } = await env.session.openTab(`${env.server.url}/project/1/dashboard`);
    await page.evaluate(() => window.fakePostHog?.renameTimestamp());
    await page.evaluate(
      (path) => window.fakePostHog?.navigate(path),
      `/project/1/replay/${DEMO.recordings.inCheckout}?t=40&pause`,
    );
    await page.waitForURL(`${recording()}?t=40&pause`);
    // The player is there and its label reads 00:40, under another data-attr.
    await expect
      .poll(() => page.locator('.SessionRecordingPlayer [data-attr="recording-time"]').textContent())
      .toContain('00:40');
    const popup = await popupOver(env.session, tabId);
    await linkGroup(popup).getByText("The player's position is unknown").waitFor({ timeout: 15_000 });
    await expect.poll(() => linkLabel(popup)).toBe('Recording link');
    expect(await linkUrl(popup)).toBe(recording());
    await Promise.all([popup.close(), page.close()]);
  });

  it('says the time is unknown once the timestamp it was reading goes, not its last second', async () => {
    const { page, popup } = await pausedAt(40);
    await page.evaluate(() => window.fakePostHog?.seek(70));
    await expect.poll(() => linkLabel(popup)).toBe('Recording link at 01:10');
    await page.evaluate(() => window.fakePostHog?.renameTimestamp());
    await linkGroup(popup).getByText("The player's position is unknown").waitFor();
    await expect.poll(() => linkLabel(popup)).toBe('Recording link');
    expect(await linkUrl(popup)).toBe(recording());
    await Promise.all([popup.close(), page.close()]);
  });

  it.each(['utc', 'device'] as const)(
    'says the position is unknown in the %s format, and starts the link where the user types',
    async (format) => {
      const { page, popup } = await pausedAt(40);
      await expect.poll(() => linkLabel(popup)).toBe('Recording link at 00:40');
      await page.evaluate((next) => window.fakePostHog?.setTimestampFormat(next), format);
      await linkGroup(popup).getByText("The player's position is unknown").waitFor();
      // Not the stale ?t=40 of the URL, nor the wall clock: a link without t.
      await expect.poll(() => linkLabel(popup)).toBe('Recording link');
      expect(await linkUrl(popup)).toBe(recording());

      const start = popup.getByLabel('Start at');
      await start.fill('1:3');
      await popup.getByRole('alert').getByText('Type a time like 1:30').waitFor();
      await start.fill('1:30');
      await expect.poll(() => linkLabel(popup)).toBe('Recording link at 01:30');
      expect(await linkUrl(popup)).toBe(`${recording()}?t=90`);

      // Back to the Relative format (PostHog persists it), the player's second counts again.
      await page.evaluate(() => window.fakePostHog?.setTimestampFormat('relative'));
      await expect.poll(() => linkLabel(popup)).toBe('Recording link at 00:40');
      await Promise.all([popup.close(), page.close()]);
    },
  );

  it('pins no note at 00:00 in the UTC format: an add with a note asks for the time, and pins it where typed', async () => {
    const COMMENTS = /^\/api\/projects\/1\/comments\/$/;
    const {
      page,
      tabId,
      popup: signedIn,
    } = await signedInPickerOver(env.session, env.server.url, DEMO.recordings.inCheckout);
    await signedIn.close();
    await page.goto(`${recording()}?t=40&pause`);
    await page.locator('.SessionRecordingPlayer [data-attr="recording-timestamp"]').waitFor();
    await page.evaluate(() => window.fakePostHog?.setTimestampFormat('utc'));
    await expect.poll(() => page.locator('[data-attr="recording-timestamp"]').textContent()).toContain('UTC');
    const popup = await pickerOver(env.session, tabId);
    const note = popup.getByLabel('Note (optional)');
    await note.waitFor();
    // No second claimed: neither the recording's start nor the URL's stale ?t=40.
    const noteField = popup.locator('.playlist-note');
    expect(await noteField.textContent()).not.toMatch(/\d\d:\d\d/);
    // An empty note asks for no time: the field comes once there is a note to pin.
    const unknown = popup.getByText("The player's position is unknown, so type the time this note is at.");
    expect(await popup.getByLabel('Note at').count()).toBe(0);
    expect(await unknown.count()).toBe(0);
    await note.fill('Coupon field rejects valid codes');
    await unknown.waitFor();
    // The time field comes next with Tab.
    await note.press('Tab');
    await expect.poll(() => popup.evaluate(() => document.activeElement?.id)).toBe('playlist-note-at');

    env.server.clearRequests();
    await popup.getByRole('combobox').fill('Onboarding');
    await note.press('Control+Enter');
    // Nothing sent: the field says why and takes the focus.
    await popup
      .getByRole('alert')
      .getByText('Nothing was added yet: type the time this note is at, like 1:30.')
      .waitFor();
    await expect.poll(() => popup.evaluate(() => document.activeElement?.id)).toBe('playlist-note-at');
    expect(env.server.requests.filter((r) => r.method === 'POST' && COMMENTS.test(r.path))).toEqual([]);
    expect(recordingCalls(env.server, DEMO.playlists.onboarding, DEMO.recordings.inCheckout)).toEqual([]);

    await popup.keyboard.type('1:30');
    await popup.keyboard.press('Control+Enter');
    await popup.getByText('✓ Added to Onboarding · note at 01:30', { exact: true }).waitFor();
    const notes = env.server.requests.filter((r) => r.method === 'POST' && COMMENTS.test(r.path));
    expect(notes.map((r) => [r.status, r.body])).toEqual([
      [
        201,
        {
          content: 'Coupon field rejects valid codes',
          scope: 'Replay',
          item_id: DEMO.recordings.inCheckout,
          // The recording started at 10:00:00 (its metadata): plus the 90 seconds typed.
          item_context: {
            time_in_recording: '2025-03-01T10:01:30.000Z',
            milliseconds_into_recording: 90_000,
          },
        },
      ],
    ]);
    await expect(note.inputValue()).resolves.toBe('');
    // The note written, its time goes with it: no field asks for one until the next note.
    await popup.getByLabel('Note at').waitFor({ state: 'detached' });

    await page.evaluate(() => window.fakePostHog?.setTimestampFormat('relative'));
    await Promise.all([popup.close(), page.close()]);
  });
});

describe("the player's second while PostHog's player loads", () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo', sceneLoadMs: null }, { connected: true });

  it('reads a narrow player\'s "00:00" as loading, not second 0, until the recording is in', async () => {
    const url = `${env.server.url}/project/1/replay/${DEMO.recordings.inCheckout}`;
    const { page, tabId } = await env.session.openTab(`${url}?t=40&pause`);
    await page.setViewportSize({ width: 500, height: 700 });
    const stamp = page.locator('.SessionRecordingPlayer [data-attr="recording-timestamp"]');
    // Narrow and loading, PostHog shows "00:00" and the meta bar's skeleton.
    await expect.poll(() => stamp.textContent()).toMatch(/^\s*00:00\s*$/);
    await page.locator('.PlayerMeta .LemonSkeleton').first().waitFor();
    const popup = await popupOver(env.session, tabId);
    const label = () =>
      popup
        .getByRole('group', { name: /^Recording link/ })
        .locator('legend')
        .textContent();
    // The URL's t stands while the player has no position to show.
    await expect.poll(async () => (await label())?.trim()).toBe('Recording link at 00:40');
    await popup.waitForTimeout(1500);
    expect((await label())?.trim()).toBe('Recording link at 00:40');
    await page.evaluate(() => window.fakePostHog?.finishLoading());
    await page.evaluate(() => window.fakePostHog?.seek(70));
    await expect.poll(async () => (await label())?.trim()).toBe('Recording link at 01:10');
    await Promise.all([popup.close(), page.close()]);
  });
});
