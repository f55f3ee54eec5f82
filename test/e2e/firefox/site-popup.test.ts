import { describe, expect, it } from 'vitest';
import { DEMO } from '../../fake-posthog/demo-ids';
import { firstVisit } from '../demo-site';
import type { FirefoxPage } from './page';
import { firefoxSignedInPickerOver, pickCollection } from './popup';
import { useFirefoxSiteSeed } from './site-seed';

const s = DEMO.site;
const { onboarding } = DEMO.playlists;
const LIST = /^\/api\/projects\/1\/session_recordings\/?$/;
const CHECKOUT = '/demo-site/shop/checkout?identify=ana@acme.com';

/**
 * Firefox: "Recorded here" as the user meets it, the popup over a page of the local PostHog's demo
 * customer site (Chromium's is test/e2e/site-popup.test.ts).
 */
describe('Firefox: the popup over a customer’s site lists the recordings of its page', () => {
  const { env, opened } = useFirefoxSiteSeed();

  /** A demo site's page as a first visit (../demo-site.ts), closed after the test. */
  async function visit(path: string) {
    const tab = await firstVisit(env.session, `${env.server.url}${path}`);
    opened.push(tab.page);
    return tab;
  }

  async function popupOver(tabId: number): Promise<FirefoxPage> {
    const popup = await env.session.openExtensionPage(`popup.html?tabId=${tabId}`);
    opened.push(popup);
    return popup;
  }

  /** Signs in to the local PostHog in a tab (after `visit`: it clears the shared origin's cookies). */
  async function signIn(recording: string = s.payment) {
    const signedIn = await firefoxSignedInPickerOver(env, recording);
    opened.push(signedIn.page, signedIn.popup);
    return signedIn;
  }

  const rowCount = (popup: FirefoxPage) =>
    popup.evaluate(() => document.querySelectorAll('.site-recording-list li.site-recording').length);
  const row = (position: number) => ({
    css: `.site-recording-list li.site-recording:nth-child(${position})`,
  });
  const posts = () => env.server.requests.filter((request) => request.method === 'POST');

  it('finds the project by token, lists exactly this page’s recordings, adds one, opens all with the filter, and asks once', async () => {
    const { tabId } = await visit(`${CHECKOUT}&coupon=SECRET`);
    // Signed in to PostHog, one add makes Onboarding the last-used collection.
    const signedIn = await signIn();
    await pickCollection(signedIn.popup, 'Onboarding', 'Onboarding');
    await signedIn.popup.waitForTarget({ css: '[role="status"]', hasText: '✓ Added to Onboarding' });
    await signedIn.popup.close();

    env.server.clearRequests();
    const popup = await popupOver(tabId);
    await popup.waitForTarget({ css: 'h2', text: 'Recorded here' });
    await popup.waitForTarget({ css: 'p', hasText: 'Acme web app · found by the page' });
    await popup.waitFor(
      () => document.querySelectorAll('.site-recording-list li.site-recording').length === 2,
    );
    expect(await popup.text({ css: 'h1', text: 'Open a recording or dashboard' })).toBeNull();
    expect(
      await popup.evaluate(() => document.querySelector('li.site-recording')?.getAttribute('aria-label')),
    ).toMatch(/^ana@acme\.com, /);
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

    // A click makes the second row the active one, and shows its actions: its add goes to Onboarding
    // through the signed-in PostHog session.
    await popup.click(row(2));
    await popup.click({ css: 'button', text: 'Add to Onboarding', within: row(2) });
    await expect
      .poll(() =>
        posts()
          .filter((r) => r.path.endsWith(`/${onboarding}/recordings/${s.checkoutSlash}/`))
          .map((r) => `${r.auth} ${r.status}`),
      )
      .toContain('session 200');
    await popup.waitForTarget({ css: '[role="status"]', hasText: 'to Onboarding via your PostHog session.' });
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

  it('“Your session”: copies its link at a few seconds before now, and adds it with a note', async () => {
    // The demo site shares the local PostHog's origin: its first visit clears the cookies there, so
    // signing in to PostHog comes after it. One pick then makes Onboarding the last-used collection,
    // where the session's add goes.
    const site = await visit(CHECKOUT);
    const signedIn = await signIn(s.checkoutSuccess);
    await pickCollection(signedIn.popup, 'Onboarding', 'Onboarding');
    await signedIn.popup.waitForTarget({ css: '[role="status"]', hasText: '✓ Added to Onboarding' });
    await signedIn.popup.close();
    const session = (await site.page.text({ css: '#session' })) ?? '';
    expect(session).toMatch(/^[0-9a-f]{8}-/);
    const popup = await popupOver(site.tabId);
    const mine = { css: 'section.site-session' };
    await popup.waitForTarget({ css: 'h3', text: 'Your session', within: mine });
    await popup.waitForTarget({ css: 'p', hasText: 'ana@acme.com · started ', within: mine });
    await popup.click({ css: 'button', text: 'Copy link at now', within: mine });
    await popup.waitForTarget({ css: '[role="status"]', hasText: 'Copied your session' });
    const copied = new URL(await env.session.readClipboard());
    expect(`${copied.origin}${copied.pathname}`).toBe(`${env.server.url}/project/1/replay/${session}`);
    expect(copied.searchParams.get('t')).toMatch(/^\d+$/);

    env.server.clearRequests();
    await popup.fill(
      { css: 'input', within: { css: 'label', hasText: 'Note at this second' } },
      'Checkout froze after the coupon',
    );
    await popup.click({ css: 'button', text: 'Add to collection with note', within: mine });
    await popup.waitForTarget({
      css: '[role="status"]',
      hasText: 'Added your session to Onboarding, with your note at its second.',
    });
    expect(
      posts()
        .filter((r) => r.path.endsWith(`/${onboarding}/recordings/${session}/`))
        .map((r) => `${r.auth} ${r.status}`),
    ).toContain('session 200');
    const note = posts().find((r) => /^\/api\/projects\/1\/comments\/$/.test(r.path));
    expect(note?.body).toMatchObject({ content: 'Checkout froze after the coupon', item_id: session });
    expect(note?.status).toBe(201);
    // The note is sent, so its field is empty for the next one.
    expect(
      await popup.evaluate(
        () => (document.querySelector('.site-session-note input') as HTMLInputElement).value,
      ),
    ).toBe('');
  });

  it('says so on a site whose token no project has, and on a page without posthog-js', async () => {
    const elsewhere = await visit('/demo-site/elsewhere/');
    const overElsewhere = await popupOver(elsewhere.tabId);
    await overElsewhere.waitForTarget({
      css: 'p',
      hasText: 'sends its recordings to a PostHog project your credential does not reach.',
    });
    const plain = await visit('/demo-site/plain/');
    const overPlain = await popupOver(plain.tabId);
    await overPlain.waitForTarget({
      css: 'p',
      hasText: 'keeps no PostHog storage. If it records with PostHog',
    });
    await overPlain.waitForTarget({ css: 'h1', text: 'Open a recording or dashboard' });
  });
});
