import { describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { signedInPickerOver } from './collections-harness';
import { allowClipboard, readClipboard } from './dashboards-harness';
import { firstVisit } from './demo-site';
import { useExtension } from './fixtures';

const s = DEMO.site;
const { onboarding } = DEMO.playlists;
const LIST = /^\/api\/projects\/1\/session_recordings\/?$/;

/**
 * "Recorded here" as the user meets it: the popup over a page of their own site, which runs
 * posthog-js (the local PostHog's demo customer site). The test build's host permission on
 * 127.0.0.1 stands in for the toolbar click's activeTab grant.
 */
describe('the popup over a customer’s site lists the recordings of its page', () => {
  const env = useExtension(
    { flavor: 'posthog', seed: 'site', replayListingRates: null },
    { connected: true },
  );

  it('finds the project by token, lists exactly this page’s recordings, adds one, opens all with the filter, and asks once', async () => {
    // Signed in to PostHog, one add makes Onboarding the last-used collection.
    const signedIn = await signedInPickerOver(env.session, env.server.url, s.payment);
    await signedIn.popup.getByRole('combobox').fill('Onboarding');
    await signedIn.popup.keyboard.press('Enter');
    await signedIn.popup.getByText(/^✓ Added to Onboarding/).waitFor();
    await signedIn.popup.close();

    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/demo-site/shop/checkout?identify=ana@acme.com&coupon=SECRET`,
    );
    env.server.clearRequests();
    const popup = await env.session.openPopup(tabId);
    await popup.getByRole('heading', { name: 'Recorded here' }).waitFor();
    await popup.getByText(/^Acme web app · found by the page.s PostHog token/).waitFor();
    const rows = popup.getByRole('list', { name: 'Recorded here' }).locator('li.site-recording');
    await expect.poll(() => rows.count()).toBe(2);
    // Not the empty state: this page is the user's own site, and Hogmark knows its project.
    expect(await popup.getByText('Open a recording or dashboard').count()).toBe(0);
    expect(await rows.nth(0).getAttribute('aria-label')).toMatch(/^ana@acme\.com, /);
    // The tab's query never reaches PostHog.
    const lists = () => env.server.requests.filter((request) => LIST.test(request.path));
    expect(JSON.stringify(lists().map((request) => request.query))).not.toMatch(/SECRET|coupon/);
    expect(lists().length).toBeGreaterThan(0);

    const openAll = await popup.getByRole('link', { name: 'Open all in PostHog' }).getAttribute('href');
    const filters = JSON.parse(new URL(openAll ?? '').searchParams.get('filters') ?? '{}');
    expect(filters.filter_group.values[0].values[0]).toMatchObject({
      type: 'recording',
      key: 'visited_page',
    });

    // A row shows its actions once it is the active one: a click (or ↑ ↓) makes it so.
    await rows.nth(1).click();
    await rows.nth(1).getByRole('button', { name: 'Add to Onboarding' }).click();
    await expect
      .poll(() =>
        env.server.requests
          .filter(
            (r) => r.method === 'POST' && r.path.endsWith(`/${onboarding}/recordings/${s.checkoutSlash}/`),
          )
          .map((r) => `${r.auth} ${r.status}`),
      )
      .toContain('session 200');
    expect(
      await popup.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height)),
    ).toBeLessThanOrEqual(600);
    await popup.close();

    // Opened again within minutes: the same list, and PostHog hears no list request.
    env.server.clearRequests();
    const again = await env.session.openPopup(tabId);
    const againRows = again.getByRole('list', { name: 'Recorded here' }).locator('li.site-recording');
    await expect.poll(() => againRows.count()).toBe(2);
    expect(lists()).toEqual([]);
    await Promise.all([again.close(), page.close(), signedIn.page.close()]);
  });

  it('“Your session”: copies its link at a few seconds before now, and adds it with a note', async () => {
    await allowClipboard(env.session, env.server.url);
    // The demo site shares the local PostHog's origin: its first visit clears the cookies there, so
    // signing in to PostHog comes after it.
    const site = await firstVisit(
      env.session,
      `${env.server.url}/demo-site/shop/checkout?identify=ana@acme.com`,
    );
    // One pick makes Onboarding the last-used collection, where the session's add goes.
    const signedIn = await signedInPickerOver(env.session, env.server.url, s.checkoutSuccess);
    await signedIn.popup.getByRole('combobox').fill('Onboarding');
    await signedIn.popup.keyboard.press('Enter');
    await signedIn.popup.getByText(/^✓ Added to Onboarding/).waitFor();
    await signedIn.popup.close();
    const session = (await site.page.locator('#session').textContent()) ?? '';
    expect(session).toMatch(/^[0-9a-f]{8}-/);
    const popup = await env.session.openPopup(site.tabId);
    const mine = popup.getByRole('region', { name: 'Your session' });
    await mine.getByText(/^ana@acme\.com · started /).waitFor();
    await mine.getByRole('button', { name: 'Copy link at now' }).click();
    await popup
      .getByRole('status')
      .getByText(/^Copied/)
      .first()
      .waitFor();
    const copied = new URL(await readClipboard(site.page));
    expect(`${copied.origin}${copied.pathname}`).toBe(`${env.server.url}/project/1/replay/${session}`);
    expect(Number(copied.searchParams.get('t'))).toBeGreaterThanOrEqual(0);

    env.server.clearRequests();
    await mine.getByRole('textbox', { name: 'Note at this second' }).fill('Checkout froze after the coupon');
    await mine.getByRole('button', { name: 'Add to collection with note' }).click();
    await popup.getByText('Added your session to Onboarding, with your note at its second.').waitFor();
    const posts = env.server.requests.filter((r) => r.method === 'POST');
    expect(posts.some((r) => r.path.endsWith(`/recordings/${session}/`) && r.status === 200)).toBe(true);
    const note = posts.find((r) => /\/comments\/$/.test(r.path));
    expect(note?.body).toMatchObject({ content: 'Checkout froze after the coupon', item_id: session });
    await Promise.all([popup.close(), site.page.close(), signedIn.page.close()]);
  });

  it('says so on a site whose token no project has, and on a page without posthog-js', async () => {
    const elsewhere = await firstVisit(env.session, `${env.server.url}/demo-site/elsewhere/`);
    const overElsewhere = await env.session.openPopup(elsewhere.tabId);
    await overElsewhere
      .getByText(/sends its recordings to a PostHog project your credential does not reach\.$/)
      .waitFor();
    await Promise.all([overElsewhere.close(), elsewhere.page.close()]);

    const plain = await firstVisit(env.session, `${env.server.url}/demo-site/plain/`);
    const overPlain = await env.session.openPopup(plain.tabId);
    await overPlain
      .getByText(/keeps no PostHog storage\. If it records with PostHog, choose its project:$/)
      .waitFor();
    // Beside the empty state: where else Hogmark works.
    await overPlain.getByText('Open a recording or dashboard').waitFor();
    await Promise.all([overPlain.close(), plain.page.close()]);
  });
});
