/**
 * The local PostHog's app pages behave like PostHog's SPA where the extension meets them: the player's
 * timestamp (formats, narrow form, playing), the hiding controls, title stages, pushState navigation
 * and the theme. Plain Chromium pages, no extension.
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, type FakePostHog, startFakePostHog } from '../fake-posthog/index';

const TIMESTAMP = '[data-attr="recording-timestamp"]';
const checkout = DEMO.recordings.inCheckout;

let browser: Browser;
let server: FakePostHog;
let held: FakePostHog;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: inject('chromiumPath'), args: ['--no-sandbox'] });
  server = await startFakePostHog({});
  held = await startFakePostHog({ sceneLoadMs: null });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await held?.close();
});

async function open(url: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  await page.goto(url);
  return page;
}

const stamp = (page: Page) => page.locator(TIMESTAMP).textContent();
const second = (page: Page) => page.evaluate(() => window.fakePostHog?.currentSecond() ?? null);

describe('the recording page', () => {
  it('has PostHog’s player, meta bar and add button, and is titled by the session id', async () => {
    const page = await open(`${server.url}/project/1/replay/${checkout}?pause=1`);
    await page.locator(`.SessionRecordingPlayer .PlayerMeta ${'[aria-label="Add to collection"]'}`).waitFor();
    expect(await page.title()).toBe(`${checkout} • Replay • PostHog`);
    expect(await page.locator('[data-attr="rrweb-controller"] .PlayerSeekbar__thumb').count()).toBe(1);
    expect(await page.locator('.PlayerMeta a.Link').textContent()).toBe('https://shop.example.com/checkout');
    await expect.poll(() => stamp(page)).toBe('00:00/05:12');
    await page.close();
  });

  it('autoplays from ?t=, advancing the timestamp, and tests can pause and seek', async () => {
    const page = await open(`${server.url}/project/1/replay/${checkout}?t=42`);
    await page.locator(TIMESTAMP).waitFor();
    await expect.poll(() => second(page)).toBeGreaterThan(42);
    await page.evaluate(() => window.fakePostHog?.pause());
    await page.evaluate(() => window.fakePostHog?.seek(75));
    expect(await stamp(page)).toBe('01:15/05:12');
    expect(await page.locator(`${TIMESTAMP} .flex.gap-0\\.5 > span`).allTextContents()).toEqual([
      '01:15',
      '/',
      '05:12',
    ]);
    expect(await page.locator('[data-attr="recording-play"]').count()).toBe(1);
    await page.evaluate(() => window.fakePostHog?.play());
    await expect.poll(() => stamp(page)).toBe('01:16/05:12');
    expect(await page.locator('[data-attr="recording-pause"]').count()).toBe(1);
    await page.evaluate(() => window.fakePostHog?.seek(10_000));
    await expect.poll(() => page.locator('[data-attr="recording-rewind"]').count()).toBe(1);
    expect(await stamp(page)).toBe('05:12/05:12');
    expect(new URL(page.url()).searchParams.get('t')).toBe('42');
    await page.close();
  });

  it('shows a wall-clock time in the UTC and Device formats, persisted under PostHog’s key', async () => {
    const page = await open(`${server.url}/project/1/replay/${checkout}?t=75&pause=1`);
    await expect.poll(() => stamp(page)).toBe('01:15/05:12');
    const key = 'scenes.session-recordings.player.playerSettingsLogic.timestampFormat';
    expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBe('relative');
    await page.evaluate(() => window.fakePostHog?.setTimestampFormat('utc'));
    expect(await stamp(page)).toMatch(/^01\/(Mar,|03\/2025) 10:01:15 UTC$/);
    expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBe('"utc"');
    await page.locator(TIMESTAMP).click();
    expect(await stamp(page)).toMatch(/^01\/(Mar,|03\/2025) \d\d:\d\d:15 \S+$/);
    expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBe('"device"');
    await page.reload();
    await expect.poll(() => stamp(page)).toMatch(/\d\d:\d\d:15 \S+$/);
    await page.locator(TIMESTAMP).click();
    await expect.poll(() => stamp(page)).toBe('01:15/05:12');
    await page.close();
  });

  it('shows only the current time when the controller is narrow', async () => {
    const page = await open(`${server.url}/project/1/replay/${checkout}?t=75&pause=1`, 500);
    await expect.poll(() => stamp(page)).toBe('01:15');
    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(() => stamp(page)).toBe('01:15/05:12');
    await page.close();
  });

  it('hides the controls shortly after load unless the pointer is over the player (a class toggle)', async () => {
    const page = await open(`${server.url}/project/1/replay/${checkout}?pause=1`);
    const controller = page.locator('[data-attr="rrweb-controller"]').locator('..');
    await expect.poll(() => controller.getAttribute('class')).toContain('opacity-0 pointer-events-none');
    expect(await stamp(page)).toBe('00:00/05:12');
    await page.locator('.SessionRecordingPlayer').hover();
    await expect.poll(() => controller.getAttribute('class')).toContain('opacity-100');
    await page.mouse.move(5, 790);
    await expect.poll(() => controller.getAttribute('class')).toContain('opacity-0');
    await page.close();
  });

  it('shows RecordingNotFound for an unknown id', async () => {
    const page = await open(`${server.url}/project/1/replay/not-a-recording`);
    await page.getByRole('heading', { name: 'Recording not found' }).waitFor();
    expect(await page.locator('.SessionRecordingPlayer').count()).toBe(0);
    expect(await second(page)).toBeNull();
    await page.close();
  });
});

describe('lists and collections', () => {
  it('plays the first recording of /replay/home without naming it, and pushes ?sessionRecordingId= on a click', async () => {
    const page = await open(`${server.url}/project/1/replay/home?pause=1`);
    await page.locator('.SessionRecordingPreview--active').waitFor();
    expect(await page.title()).toBe('Recordings • PostHog');
    expect(new URL(page.url()).searchParams.has('sessionRecordingId')).toBe(false);
    expect(await page.locator('.SessionRecordingPreview').first().textContent()).toContain('05:12');
    expect(await page.locator('.PlayerMeta [aria-label="Add to collection"]').count()).toBe(1);
    await page.locator('.SessionRecordingPreview', { hasText: '/pricing' }).click();
    expect(new URL(page.url()).searchParams.get('sessionRecordingId')).toBe(DEMO.recordings.loose);
    await expect
      .poll(() => page.locator('.PlayerMeta a.Link').textContent())
      .toBe('https://shop.example.com/pricing');
    expect(await stamp(page)).toBe('00:00/01:35');
    await page.goBack();
    await expect
      .poll(() => page.locator('.PlayerMeta a.Link').textContent())
      .toBe('https://shop.example.com/checkout');
    await page.close();
  });

  it('passes a collection’s title through “Unnamed” and autoplays its first pinned recording', async () => {
    const page = await open(`${held.url}/project/1/replay/playlists/${DEMO.playlists.checkoutBugs}`);
    await expect.poll(() => page.title()).toBe('Unnamed • Collections • PostHog');
    expect(await page.locator('.SessionRecordingPlayer').count()).toBe(0);
    await page.evaluate(() => window.fakePostHog?.finishLoading());
    expect(await page.title()).toBe('Checkout bugs • Collections • PostHog');
    await page.locator('.PlayerMeta [aria-label="Remove from collection"]').waitFor();
    expect(new URL(page.url()).searchParams.has('sessionRecordingId')).toBe(false);
    await expect.poll(() => second(page)).toBeGreaterThan(0);
    await page.close();
  });

  it('navigates in-app with pushState, titles passing through the loading stage', async () => {
    const page = await open(`${held.url}/project/1/dashboard`);
    await expect.poll(() => page.title()).toBe('Dashboards • PostHog');
    await page.evaluate(() => window.fakePostHog?.finishLoading());
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    await page.getByRole('link', { name: 'Product KPIs' }).click();
    await expect.poll(() => page.title()).toBe('... • Dashboards • PostHog');
    expect(page.url()).toBe(`${held.url}/project/1/dashboard/${DEMO.dashboards.productKpis}`);
    await page.evaluate(() => window.fakePostHog?.finishLoading());
    expect(await page.title()).toBe('Product KPIs • Dashboards • PostHog');
    await page.evaluate((id) => window.fakePostHog?.navigate(`/project/1/replay/${id}`), checkout);
    await expect.poll(() => page.title()).toBe(`${checkout} • Replay • PostHog`);
    await page.goBack();
    await expect.poll(() => page.title()).toBe('... • Dashboards • PostHog');
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await page.close();
  });
});

describe('theme', () => {
  it('follows the system colour scheme on body[theme]', async () => {
    const page = await open(`${server.url}/project/1/replay/${checkout}?pause=1`);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => page.evaluate(() => document.body.getAttribute('theme'))).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.evaluate(() => document.body.getAttribute('theme'))).toBe('dark');
    await page.close();
  });
});
