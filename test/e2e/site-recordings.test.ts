import { describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { DEMO_SITE_TOKENS } from '../fake-posthog/demo-site';
import { firstVisit } from './demo-site';
import { useExtension } from './fixtures';
import { sendFromExtensionPage } from './options-page';

const s = DEMO.site;

/** A raw answer of the background, loosely read. */
interface Answer {
  ok: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: test-side JSON access
  data?: any;
  error?: unknown;
}

/**
 * "Recorded here" beneath its view: the background reads the demo customer site's posthog-js storage
 * in the tab's isolated world and asks PostHog for the recordings that visited the page. An extension
 * page sends the popup's messages here (the popup itself: site-popup.test.ts); the test build's host
 * permission on 127.0.0.1 stands in for the popup click's activeTab grant.
 */
describe('Recorded here, beneath the popup (local PostHog, a demo customer site)', () => {
  const env = useExtension(
    { flavor: 'posthog', seed: 'site', replayListingRates: null },
    { connected: true },
  );

  async function ask(type: string, input: object) {
    const options = await env.session.openOptions();
    try {
      return (await sendFromExtensionPage(options, type, input)) as Answer;
    } finally {
      await options.close();
    }
  }

  it('finds the project by the token posthog-js left, with the visitor’s session, and lists this page’s recordings', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/demo-site/shop/checkout?identify=ana@acme.com&coupon=SECRET`,
    );
    const session = await page.locator('#session').textContent();
    expect(session).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    // The entry as posthog-js writes it, in both stores.
    const stored = await page.evaluate(
      (token) => localStorage.getItem(`ph_${token}_posthog`),
      DEMO_SITE_TOKENS.shop,
    );
    expect(JSON.parse(stored ?? '{}')).toMatchObject({
      distinct_id: 'ana@acme.com',
      $user_state: 'identified',
    });
    expect(await page.evaluate(() => document.cookie)).toContain(`ph_${DEMO_SITE_TOKENS.shop}_posthog=`);

    const look = await ask('site/look', { tabId });
    expect(look.ok).toBe(true);
    expect(look.data).toMatchObject({
      kind: 'found',
      project: { id: 1, name: 'Acme web app' },
      by: 'token',
      session: { id: session, live: true, person: 'ana@acme.com' },
    });

    env.server.clearRequests();
    const listed = await ask('site/recordings', { tabId, projectId: 1, range: 'page', days: 7 });
    expect(listed.ok).toBe(true);
    expect(listed.data.recordings.map((row: { id: string }) => row.id)).toEqual([
      s.checkout,
      s.checkoutSlash,
    ]);
    const sent = env.server.requests.filter((request) => request.path.endsWith('/session_recordings/'));
    expect(sent.map((request) => request.query.limit)).toEqual(['1', '20']);
    // The tab's query never reaches PostHog.
    expect(JSON.stringify(sent.map((request) => request.query))).not.toMatch(/SECRET|coupon|identify/);
    const filters = JSON.parse(new URL(listed.data.openAllUrl).searchParams.get('filters') ?? '{}');
    expect(filters.filter_group.values[0].values[0]).toMatchObject({
      type: 'recording',
      key: 'visited_page',
    });

    // Asked again within minutes: PostHog hears nothing.
    env.server.clearRequests();
    const again = await ask('site/recordings', { tabId, projectId: 1, range: 'page', days: 7 });
    expect(again.data.recordings).toHaveLength(2);
    expect(env.server.requests.filter((request) => request.path.endsWith('/session_recordings/'))).toEqual(
      [],
    );
    await page.close();
  });

  it('says a site whose token no project has sends elsewhere, and a page without posthog-js has none', async () => {
    const elsewhere = await firstVisit(env.session, `${env.server.url}/demo-site/elsewhere/`);
    expect((await ask('site/look', { tabId: elsewhere.tabId })).data).toMatchObject({ kind: 'elsewhere' });
    await elsewhere.page.close();
    const plain = await firstVisit(env.session, `${env.server.url}/demo-site/plain/`);
    expect((await ask('site/look', { tabId: plain.tabId })).data).toMatchObject({
      kind: 'choose',
      sawPostHog: false,
      projects: [
        { id: 1, name: 'Acme web app' },
        { id: 2, name: 'Acme staging' },
      ],
    });
    await plain.page.close();
  });
});
