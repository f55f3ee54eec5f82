import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Flavor } from '../fake-posthog/index';
import { largeName } from '../fake-posthog/seeds/large';
import { allowClipboard, apiRequests, readClipboard } from './dashboards-harness';
import { faultOnce } from './faults';
import { useExtension } from './fixtures';

const COUNT = 10_000;
const LIST = /^\/api\/projects\/1\/dashboards\/?$/;

describe.each<Flavor>(['contract', 'posthog'])(
  'the dashboards view over 10,000 dashboards (%s flavor)',
  (flavor) => {
    const env = useExtension({ flavor, seed: 'large', largeCount: COUNT }, { connected: true });
    const viewUrl = () => `chrome-extension://${env.session.extensionId}/dashboards.html`;

    async function openView(): Promise<Page> {
      const view = await env.session.context.newPage();
      await view.goto(viewUrl());
      await view.getByLabel('Search dashboards').waitFor();
      await view.locator('main[aria-busy="false"]').waitFor();
      return view;
    }
    const rows = (view: Page) => view.locator('li.dashboard-row');

    beforeAll(() => allowClipboard(env.session, env.server.url));

    it('loads every dashboard with bounded concurrent pages, pinned first, rendering only a window', async () => {
      env.server.clearRequests();
      const view = await openView();
      await view.getByText(`${COUNT} dashboards`).waitFor();
      const pages = apiRequests(env.server, 'GET', LIST);
      // 10,000 at 250 a page: 40 requests, never the same page twice.
      expect(pages.length).toBe(40);
      expect(new Set(pages.map((entry) => entry.query.offset ?? '0')).size).toBe(40);
      expect(await rows(view).count()).toBeLessThan(60);
      // Every 50th dashboard is pinned in this seed (200 of them): they come first, by name.
      const firstName = (await rows(view).first().locator('.dashboard-name').textContent()) ?? '';
      expect(Number(firstName.split('#')[1]) % 50).toBe(0);
      expect(await rows(view).first().locator('.pin-toggle').getAttribute('aria-pressed')).toBe('true');
      await view.getByLabel('Search dashboards').press('PageDown');
      for (let step = 0; step < 20; step++) await view.getByLabel('Search dashboards').press('PageDown');
      // The active row (moved with the keys) is the 211th: the first unpinned ones follow the 200 pins.
      const active = view.locator('li.dashboard-row.active');
      expect(await active.getAttribute('aria-posinset')).toBe('211');
      expect(await active.locator('.pin-toggle').getAttribute('aria-pressed')).toBe('false');
      expect(await rows(view).count()).toBeLessThan(60);

      // Scrolled to the end: still only a window of rows, ending with the 10,000th.
      await view.locator('.dashboard-rows').evaluate((element) => {
        element.scrollTop = element.scrollHeight;
      });
      await expect.poll(() => rows(view).last().getAttribute('aria-posinset')).toBe(String(COUNT));
      expect(await rows(view).count()).toBeLessThan(60);
      await view.close();
    });

    it('moves nothing when the first letter brings the count of matches', async () => {
      const view = await openView();
      const box = () => view.locator('.dashboard-rows').boundingBox();
      const before = await box();
      await view.getByLabel('Search dashboards').press('7');
      await view.getByText(`of ${COUNT} match`).waitFor();
      // The rows' window stays where it was, the same size: the count's line was kept for it.
      expect(await box()).toEqual(before);
      await view.close();
    });

    it('reopens from the cache without a single request', async () => {
      env.server.clearRequests();
      const view = await openView();
      await view.getByText(`${COUNT} dashboards`).waitFor();
      expect(apiRequests(env.server, 'GET', LIST)).toEqual([]);
      await view.close();
    });

    it('searches, pins with the keyboard, and copies a private link', async () => {
      env.server.clearRequests();
      const view = await openView();
      const name = largeName(4_242);
      await view.getByLabel('Search dashboards').fill('#04242');
      await expect.poll(() => rows(view).count()).toBe(1);
      await view.getByText(`1 of ${COUNT} matches`).waitFor();
      expect(await rows(view).locator('.dashboard-name').textContent()).toBe(name);

      await view.getByLabel('Search dashboards').press('Alt+Enter');
      const toggle = view.getByRole('button', { name: `Pin “${name}”` });
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => apiRequests(env.server, 'PATCH', /dashboards\/4242\/?$/).length).toBe(1);
      // Until PostHog has answered, a click sends nothing (tested in the popup); then it unpins.
      await expect.poll(() => toggle.getAttribute('aria-busy')).toBeNull();
      await toggle.click();
      await expect.poll(() => apiRequests(env.server, 'PATCH', /dashboards\/4242\/?$/).length).toBe(2);
      expect(
        apiRequests(env.server, 'PATCH', /dashboards\/\d+\/?$/).map((entry) => [entry.path, entry.body]),
      ).toEqual([
        ['/api/projects/1/dashboards/4242/', { pinned: true }],
        ['/api/projects/1/dashboards/4242/', { pinned: false }],
      ]);

      await view.getByRole('button', { name: `Copy private link of “${name}”` }).click();
      await view.getByRole('status').getByText(`Copied the private link of “${name}”`).waitFor();
      const page = await env.session.context.newPage();
      await page.goto(`${env.server.url}/`);
      expect(await readClipboard(page)).toBe(`${env.server.url}/project/1/dashboard/4242`);
      await page.close();

      // Words in any order, any case; nothing matching says so.
      await view.bringToFront();
      await view.getByLabel('Search dashboards').fill('apac pricing ALERTS');
      await expect.poll(() => view.getByText(/of 10000 match/).textContent()).toMatch(/^\d+ of/);
      await view.getByLabel('Search dashboards').fill('no such dashboard');
      await view.getByText('No dashboard matches. Try fewer or other words.').waitFor();
      expect(await rows(view).count()).toBe(0);
      // No request per keystroke: the search runs on the cached list.
      expect(apiRequests(env.server, 'GET', LIST)).toEqual([]);
      await view.close();
    });

    it('keeps each row’s state with its dashboard when new matches reuse the rows on screen', async () => {
      // Rows are reused by position. "#0424" puts Billing …#04243 (A) in the first slot and Checkout
      // review …#04248 (B) in the second; "#0424 review" puts B first and Onboarding review …#04249 (C)
      // second, in the row that was B's.
      const [a, b, c] = [largeName(4243), largeName(4248), largeName(4249)];
      const view = await openView();
      const slot = (index: number) => rows(view).nth(index);
      const toggle = (index: number) => slot(index).locator('.pin-toggle');
      const focused = () =>
        view.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id);
      // The matches change while the focus stays in a row (as when a refreshed list arrives).
      const showMatchesOf = async (query: string, count: number) => {
        await view.evaluate((value) => {
          const field = document.querySelector<HTMLInputElement>('#dashboard-search');
          if (!field) throw new Error('no search field');
          field.value = value;
          field.dispatchEvent(new Event('input', { bubbles: true }));
        }, query);
        await expect.poll(() => rows(view).count()).toBe(count);
      };

      await showMatchesOf('#0424', 10);
      expect(await toggle(0).getAttribute('aria-label')).toBe(`Pin “${a}”`);
      expect(await toggle(1).getAttribute('aria-label')).toBe(`Pin “${b}”`);
      // B's pin stays in flight a while; its toggle has the focus.
      faultOnce(env.server, 'PATCH', /\/dashboards\/4248\/?$/, { type: 'latency', ms: 2_500 });
      await toggle(1).click();
      await expect.poll(() => toggle(1).getAttribute('aria-busy')).toBe('true');
      expect(await focused()).toBe(`Pin “${b}”`);

      // C in B's row: C's own state there; B's pin pending and the focus moved with B.
      await showMatchesOf('#0424 review', 2);
      expect(await slot(1).getAttribute('id')).toBe('dashboard-row-4249');
      expect(await toggle(1).getAttribute('aria-label')).toBe(`Pin “${c}”`);
      expect(await toggle(1).getAttribute('aria-busy')).toBeNull();
      expect(await toggle(1).getAttribute('aria-pressed')).toBe('false');
      expect(await slot(0).getAttribute('id')).toBe('dashboard-row-4248');
      expect(await toggle(0).getAttribute('aria-busy')).toBe('true');
      expect(await toggle(0).getAttribute('aria-pressed')).toBe('true');
      expect(await focused()).toBe(`Pin “${b}”`);

      // Back: A in the row B just had, with A's own state; B's state and the focus stay with B.
      await showMatchesOf('#0424', 10);
      expect(await toggle(0).getAttribute('aria-label')).toBe(`Pin “${a}”`);
      expect(await toggle(0).getAttribute('aria-busy')).toBeNull();
      expect(await toggle(0).getAttribute('aria-pressed')).toBe('false');
      expect(await slot(0).getAttribute('aria-posinset')).toBe('1');
      expect(await toggle(1).getAttribute('aria-busy')).toBe('true');
      expect(await view.locator('li.dashboard-row.active').count()).toBe(1);
      expect(await focused()).toBe(`Pin “${b}”`);

      // B no longer matches: the focus goes back to the search field, not onto A's toggle in its row.
      await showMatchesOf('#04243', 1);
      expect(await focused()).toBe('dashboard-search');

      // Leave the seed as it was: B unpinned once PostHog has answered.
      await view.getByLabel('Search dashboards').fill('#04248');
      await expect.poll(() => toggle(0).getAttribute('aria-busy'), { timeout: 15_000 }).toBeNull();
      await toggle(0).click();
      await expect.poll(() => toggle(0).getAttribute('aria-pressed')).toBe('false');
      await expect.poll(() => toggle(0).getAttribute('aria-busy')).toBeNull();
      await view.close();
    });

    it('opens a dashboard in a new tab with Enter', async () => {
      const view = await openView();
      await view.getByLabel('Search dashboards').fill('#00007');
      await expect.poll(() => rows(view).count()).toBe(1);
      const [tab] = await Promise.all([
        env.session.context.waitForEvent('page'),
        view.getByLabel('Search dashboards').press('Enter'),
      ]);
      await tab.waitForLoadState();
      expect(tab.url()).toBe(`${env.server.url}/project/1/dashboard/7`);
      await Promise.all([tab.close(), view.close()]);
    });
  },
);
