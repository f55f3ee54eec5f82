import { afterEach, describe, expect, it } from 'vitest';
import { useFirefoxExtension } from './fixtures';
import type { FirefoxPage } from './page';

const LIST = /^\/api\/projects\/1\/session_recordings\/?$/;

/**
 * Firefox: "Recorded here" as the user meets it, the popup over a page of the local PostHog's demo
 * customer site (Chromium's is test/e2e/site-popup.test.ts).
 */
describe('Firefox: the popup over a customer’s site lists the recordings of its page', () => {
  const env = useFirefoxExtension(
    { flavor: 'posthog', seed: 'site', replayListingRates: null },
    { connected: true },
  );
  const opened: FirefoxPage[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.close()));
  });

  /** A demo site's page as a first visit: what another demo page stored on this origin is cleared. */
  async function firstVisit(url: string) {
    const tab = await env.session.openTab(url);
    opened.push(tab.page);
    await tab.page.evaluate(() => {
      localStorage.clear();
      for (const cookie of document.cookie.split('; ')) {
        const name = cookie.split('=')[0];
        // biome-ignore lint/suspicious/noDocumentCookie: the test clears what another demo page wrote
        if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
      }
    });
    await tab.page.reload();
    return tab;
  }

  async function popupOver(tabId: number): Promise<FirefoxPage> {
    const popup = await env.session.openExtensionPage(`popup.html?tabId=${tabId}`);
    opened.push(popup);
    return popup;
  }

  const rowCount = (popup: FirefoxPage) =>
    popup.evaluate(() => document.querySelectorAll('.site-recording-list li.site-recording').length);

  it('finds the project by token, lists exactly this page’s recordings, opens all with the filter, and asks once', async () => {
    const { tabId } = await firstVisit(
      `${env.server.url}/demo-site/shop/checkout?identify=ana@acme.com&coupon=SECRET`,
    );
    env.server.clearRequests();
    const popup = await popupOver(tabId);
    await popup.waitForTarget({ css: 'h2', text: 'Recorded here' });
    await popup.waitForTarget({ css: 'p', hasText: 'Acme web app · found by the page' });
    await popup.waitFor(
      () => document.querySelectorAll('.site-recording-list li.site-recording').length === 2,
    );
    expect(await popup.text({ css: 'h1', text: 'Open a recording or dashboard' })).toBeNull();
    const lists = () => env.server.requests.filter((request) => LIST.test(request.path));
    expect(lists().length).toBeGreaterThan(0);
    expect(JSON.stringify(lists().map((request) => request.query))).not.toMatch(/SECRET|coupon/);
    const openAll = await popup.evaluate(
      () => (document.querySelector('.site-list-actions a') as HTMLAnchorElement | null)?.href ?? '',
    );
    const filters = JSON.parse(new URL(openAll).searchParams.get('filters') ?? '{}');
    expect(filters.filter_group.values[0].values[0]).toMatchObject({
      type: 'recording',
      key: 'visited_page',
    });
    expect(
      await popup.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height)),
    ).toBeLessThanOrEqual(600);
    await popup.close();
    opened.splice(opened.indexOf(popup), 1);

    // Opened again within minutes: the same list, and PostHog hears no list request.
    env.server.clearRequests();
    const again = await popupOver(tabId);
    await again.waitFor(
      () => document.querySelectorAll('.site-recording-list li.site-recording').length === 2,
    );
    expect(await rowCount(again)).toBe(2);
    expect(lists()).toEqual([]);
  });

  it('says so on a site whose token no project has, and on a page without posthog-js', async () => {
    const elsewhere = await firstVisit(`${env.server.url}/demo-site/elsewhere/`);
    const overElsewhere = await popupOver(elsewhere.tabId);
    await overElsewhere.waitForTarget({
      css: 'p',
      hasText: 'sends its recordings to a PostHog project your credential does not reach.',
    });
    const plain = await firstVisit(`${env.server.url}/demo-site/plain/`);
    const overPlain = await popupOver(plain.tabId);
    await overPlain.waitForTarget({
      css: 'p',
      hasText: 'keeps no PostHog storage. If it records with PostHog',
    });
    await overPlain.waitForTarget({ css: 'h1', text: 'Open a recording or dashboard' });
  });
});
