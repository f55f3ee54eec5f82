import { afterEach, describe, expect, it } from 'vitest';
import { tabHintsKey } from '../../../lib/messaging/first-view/stored-names';
import { DEMO } from '../../fake-posthog/demo-ids';
import { popupOverflow } from '../../support/popup-overflow';
import { recordingPage } from '../../support/recording-page';
import { firstVisit } from '../demo-site';
import { serveSupportTicket } from '../person-page';
import { CHOOSE_COLLECTION, serveTicketLinking } from '../picker-window';
import { clickMenu, useFirefoxExtension, waitForOpened } from './fixtures';
import { FirefoxPage } from './page';
import { firefoxPickerOver, firefoxPopupOver, firefoxSignedInPickerOver, pickCollection } from './popup';
import { useFirefoxSiteSeed } from './site-seed';

/** A toolbar popup is at most 600 px tall: taller, the browser cuts it and the user scrolls. */
const POPUP_MAX_HEIGHT = 600;
const COMMENTS = /^\/api\/projects\/1\/comments\/$/;
const { inCheckout, loose, anonymous } = DEMO.recordings;
/** A recording of project 1 in the demo seed that no collection holds. */
const third = '0191dd9e-1111-7ccc-8ddd-000000000003';

declare const browser: {
  runtime: {
    getBackgroundPage(): Promise<{ browser: { action: { openPopup(): Promise<void> } } }>;
  };
};

/** How tall the popup's document is at its own width (the body sets it), as Firefox sizes its popup. */
const heightOf = (popup: FirefoxPage) =>
  popup.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));

async function expectFits(popup: FirefoxPage, state: string): Promise<void> {
  const height = await heightOf(popup);
  // FIT_HEIGHTS=1: each state's height in the log, to report it.
  if (process.env.FIT_HEIGHTS) console.info(`popup fit (Firefox): ${state} is ${height} px`);
  expect(height, `${state} is ${height} px tall`).toBeLessThanOrEqual(POPUP_MAX_HEIGHT);
  const overflow = await popup.evaluate(popupOverflow);
  expect(overflow, `${state} has ${overflow} px outside its box`).toBeLessThanOrEqual(0);
}

/** PostHog's player setting for how its time reads (the fake player's `setTimestampFormat`). */
const setTimestampFormat = (page: FirefoxPage, format: 'relative' | 'utc') =>
  page.evaluate((wanted: string) => {
    (
      window as { fakePostHog?: { setTimestampFormat(format: string): void } }
    ).fakePostHog?.setTimestampFormat(wanted);
  }, format);

/**
 * Waits, from an extension page, until the tab's content script has told the background that the
 * player's position is unknown (its hints in `storage.session`, as the popup reads them).
 */
async function positionUnknownSaid(extensionPage: FirefoxPage, tabId: number): Promise<void> {
  await extensionPage.waitFor(async (key: string) => {
    const stored = await (
      globalThis as unknown as {
        browser: { storage: { session: { get(key: string): Promise<Record<string, unknown>> } } };
      }
    ).browser.storage.session.get(key);
    return (
      (stored[key] as { hints?: { currentSecond?: unknown } } | undefined)?.hints?.currentSecond === null
    );
  }, tabHintsKey(tabId));
}

describe('Firefox: every popup state fits in 600 px at its width', () => {
  const env = useFirefoxExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  const opened: FirefoxPage[] = [];
  afterEach(async () => {
    env.server.clearFaults();
    await Promise.all(opened.splice(0).map((page) => page.close()));
  });

  it('over a recording: fresh, the type scale, a note typed then a click, after the add', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/login?next=/project/1/replay/${loose}`,
    );
    opened.push(page);
    await page.waitFor((path: string) => location.pathname === path, `/project/1/replay/${loose}`);
    const popup = await firefoxPopupOver(env, tabId);
    opened.push(popup);
    await popup.waitForTarget({ css: 'fieldset legend', hasText: 'Recording link' });
    await expectFits(popup, 'over a recording');
    // Firefox styles extension pages without Chromium's 75 %: the same pixels as there all the same.
    const sizes = await popup.evaluate(() => {
      const size = (selector: string) => {
        const element = document.querySelector(selector);
        return element ? Number.parseFloat(getComputedStyle(element).fontSize) : null;
      };
      return {
        row: size('.playlist-option-name'),
        search: size('#playlist-search'),
        button: size('button'),
        hint: size('.muted'),
      };
    });
    expect(sizes).toMatchObject({ row: 14, search: 14, button: 14 });
    expect(sizes.row).toBeGreaterThanOrEqual(sizes.hint ?? Number.POSITIVE_INFINITY);

    // A note typed, then a click on a collection (not Ctrl+Enter): the note goes with the add.
    env.server.clearRequests();
    await popup.fill({ css: 'input[role="combobox"]' }, 'Onboard');
    await popup.fill({ css: '#playlist-note' }, 'Coupon field rejects valid codes');
    await popup.waitForTarget({ css: '[role="option"]', hasText: '↵ Add with note' });
    await popup.click({ css: '[role="option"]', hasText: 'Onboarding' });
    await popup.waitForTarget({ css: '[role="status"]', hasText: '✓ Added to Onboarding · note at' });
    const notes = env.server.requests.filter((r) => r.method === 'POST' && COMMENTS.test(r.path));
    expect(notes.map((r) => [r.status, (r.body as { content?: string }).content])).toEqual([
      [201, 'Coupon field rejects valid codes'],
    ]);
    expect(
      env.server.requests
        .filter((r) => r.method === 'POST' && r.path.endsWith(`/recordings/${loose}/`))
        .map((r) => `${r.auth} ${r.status}`),
    ).toEqual(['key 403', 'session 200']);
    await expectFits(popup, 'after an add');
  });

  it('over a recording whose position is unknown: no time asked until a note is typed', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/login?next=/project/1/replay/${loose}?pause`,
    );
    opened.push(page);
    await page.waitFor((path: string) => location.pathname === path, `/project/1/replay/${loose}`);
    await page.waitFor(() => document.querySelector('[data-attr="recording-timestamp"]') !== null);
    // PostHog's UTC format: a clock time, no position Hogmark can read.
    await setTimestampFormat(page, 'utc');
    await page.waitFor(() =>
      document.querySelector('[data-attr="recording-timestamp"]')?.textContent?.includes('UTC'),
    );
    // Its tab in front, as a user sees it: the content script reads the player while the tab is
    // visible (it was sometimes behind, and the popup then showed the relative format's 00:00).
    await env.session.bidi.send('browsingContext.activate', { context: page.context });
    const popup = await firefoxPopupOver(env, tabId);
    opened.push(popup);
    await positionUnknownSaid(popup, tabId);
    await popup.waitForTarget({ css: '.playlist-note label', hasText: 'Note (optional)' });
    const timeField = () => popup.evaluate(() => document.getElementById('playlist-note-at') !== null);
    expect(await timeField()).toBe(false);
    await expectFits(popup, 'with the position unknown');
    await popup.fill({ css: '#playlist-note' }, 'Coupon field rejects valid codes');
    await popup.waitForTarget({ css: '#playlist-note-unknown', hasText: "The player's position is unknown" });
    expect(await timeField()).toBe(true);
    // Emptied again, the note asks for no time.
    await popup.fill({ css: '#playlist-note' }, '');
    await popup.waitFor(() => document.getElementById('playlist-note-at') === null);
    await setTimestampFormat(page, 'relative');
  });

  it('over a recording with an error, then with changes waiting', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/login?next=/project/1/replay/${inCheckout}`,
    );
    opened.push(page);
    await page.waitFor((path: string) => location.pathname === path, `/project/1/replay/${inCheckout}`);
    const popup = await firefoxPickerOver(env, tabId);
    opened.push(popup);
    // One add that PostHog takes makes Onboarding the last-used collection, for the menus below.
    await pickCollection(popup, 'Onboarding', 'Onboarding');
    await popup.waitForTarget({ css: '[role="status"]', hasText: '✓ Added to Onboarding' });
    // Every add of this recording meets a server error until the test ends: the pick waits.
    env.server.setFault({
      method: 'POST',
      path: new RegExp(`^/api/projects/1/session_recording_playlists/[^/]+/recordings/${inCheckout}/$`),
      fault: { type: 'status', status: 503 },
    });
    await popup.fill({ css: 'input[role="combobox"]' }, 'Slow pages');
    await popup.click({ css: '[role="option"]', hasText: 'Slow pages' });
    await popup.waitForTarget({ css: 'p', hasText: 'Not added to Slow pages yet' });
    await expectFits(popup, 'with an error');

    // Signed out, two adds from links' menus wait too (to the last-used collection).
    const signOut = await env.session.openTab(`${env.server.url}/logout`);
    opened.push(signOut.page);
    for (const recordingId of [anonymous, third]) {
      const linkUrl = recordingPage(env.server, recordingId);
      await clickMenu(
        env.session,
        { menuItemId: 'hogmark-add-to-last-playlist', linkUrl, pageUrl: linkUrl },
        tabId,
      );
    }
    const waiting = await firefoxPopupOver(env, tabId);
    opened.push(waiting);
    await waiting.waitFor(() => document.querySelectorAll('.pending-change').length === 3);
    await expectFits(waiting, 'with changes waiting');

    // The same popup with the player's position unknown (PostHog's UTC format): the recording link
    // asks where it starts, and the lists give way so that the whole still fits. The format is
    // switched, then the recording's tab brought to the front, as a user sees it: its content script
    // reads the player while the tab is visible, and says so to the background, read here.
    await setTimestampFormat(page, 'utc');
    await env.session.bidi.send('browsingContext.activate', { context: page.context });
    await positionUnknownSaid(waiting, tabId);
    const unknown = await firefoxPopupOver(env, tabId);
    opened.push(unknown);
    await unknown.waitFor(() => document.querySelectorAll('.pending-change').length === 3);
    await unknown.waitFor(() => document.getElementById('recording-start-at') !== null);
    await expectFits(unknown, 'with changes waiting and the position unknown');
    // A note typed there asks its time, and a click on a collection with none typed says why: the
    // tallest the popup over a recording gets.
    await unknown.fill({ css: '#playlist-note' }, 'Coupon field rejects valid codes');
    await unknown.waitFor(() => document.getElementById('playlist-note-at') !== null);
    await expectFits(unknown, 'with changes waiting, the position unknown and a note typed');
    await unknown.click({ css: '[role="option"]', hasText: 'Onboarding' });
    await unknown.waitForTarget({ css: '#playlist-note-at-error', hasText: 'Nothing was added yet' });
    await expectFits(unknown, 'with changes waiting, the position unknown and a note’s time asked');
    await setTimestampFormat(page, 'relative');
  });

  it('the picker window a link’s menu opens holds its whole popup', async () => {
    const ticket = await serveTicketLinking([recordingPage(env.server, third)]);
    try {
      const { page, tabId } = await env.session.openTab(ticket.url);
      opened.push(page);
      const linkUrl = await page.evaluate(
        () => (document.getElementById('recording-0') as HTMLAnchorElement).href,
      );
      const refuse = (on: boolean) =>
        env.session.control.evaluate(async (refusing: boolean) => {
          const { action } = (await browser.runtime.getBackgroundPage()).browser;
          const kept = action as typeof action & { hogmarkOpenPopup?: () => Promise<void> };
          kept.hogmarkOpenPopup ??= action.openPopup;
          action.openPopup = refusing
            ? () => Promise.reject(new Error('openPopup requires a user gesture'))
            : kept.hogmarkOpenPopup;
        }, on);
      await refuse(true);
      await clickMenu(
        env.session,
        { menuItemId: CHOOSE_COLLECTION, linkUrl, pageUrl: ticket.url },
        tabId,
      ).finally(() => refuse(false));
      const found = await waitForOpened(env.session, `${env.session.base}/popup.html?recording=`);
      const picker = new FirefoxPage(env.session.bidi, found.context);
      opened.push(picker);
      await picker.waitForTarget({ css: '[role="option"]', hasText: 'Checkout bugs' });
      const fit = await picker.evaluate(() => ({
        height: Math.ceil(document.body.getBoundingClientRect().height),
        inner: window.innerHeight,
        width: Math.round(document.body.getBoundingClientRect().width),
        innerWidth: window.innerWidth,
      }));
      // It fills the window's width, and the window shows all of it.
      expect(fit.width).toBe(fit.innerWidth);
      expect(fit.height).toBeLessThanOrEqual(Math.min(fit.inner, POPUP_MAX_HEIGHT));
    } finally {
      ticket.server.close();
    }
  });

  it('over a dashboard, an insight, and any other page', async () => {
    const dashboard = await env.session.openTab(
      `${env.server.url}/project/1/dashboard/${DEMO.dashboards.productKpis}`,
    );
    opened.push(dashboard.page);
    const overDashboard = await firefoxPopupOver(env, dashboard.tabId);
    opened.push(overDashboard);
    await overDashboard.waitForTarget({ css: '.dashboard-pin-state' });
    await expectFits(overDashboard, 'over a dashboard');

    const insight = await env.session.openTab(
      `${env.server.url}/project/1/insights/${DEMO.insights.shared.shortId}`,
    );
    opened.push(insight.page);
    const overInsight = await firefoxPopupOver(env, insight.tabId);
    opened.push(overInsight);
    await overInsight.waitForTarget({ css: 'fieldset legend', hasText: 'Private link' });
    await expectFits(overInsight, 'over an insight');

    const ticket = await serveSupportTicket();
    try {
      const elsewhere = await env.session.openTab(ticket.url);
      opened.push(elsewhere.page);
      const overElsewhere = await env.session.openExtensionPage(`popup.html?tabId=${elsewhere.tabId}`);
      opened.push(overElsewhere);
      await overElsewhere.waitForTarget({ css: 'h1', text: 'Open a recording or dashboard' });
      // Measured once "Recorded here" has said what it found of the site, its tallest moment.
      await overElsewhere.waitFor(
        () => document.querySelector('section.site-recordings:not([aria-busy])') !== null,
      );
      await expectFits(overElsewhere, 'over any other page');
    } finally {
      ticket.server.close();
    }
  });
});

describe('Firefox: the popup over a customer’s site fits in 600 px at its fullest (site seed)', () => {
  const { env, opened } = useFirefoxSiteSeed();
  const row = (position: number) => ({
    css: `.site-recording-list li.site-recording:nth-child(${position})`,
  });

  it('Your session, a page of 20 recordings and more, a row’s actions, the copy’s and the add’s notices', async () => {
    // The demo site shares the local PostHog's origin: its first visit clears the cookies there, so
    // signing in to PostHog comes after it. One add there makes Onboarding the last-used collection.
    const site = await firstVisit(
      env.session,
      `${env.server.url}/demo-site/shop/products?identify=ana@acme.com`,
    );
    opened.push(site.page);
    const signedIn = await firefoxSignedInPickerOver(env, DEMO.site.payment);
    opened.push(signedIn.page, signedIn.popup);
    await pickCollection(signedIn.popup, 'Onboarding', 'Onboarding');
    await signedIn.popup.waitForTarget({ css: '[role="status"]', hasText: '✓ Added to Onboarding' });

    const popup = await env.session.openExtensionPage(`popup.html?tabId=${site.tabId}`);
    opened.push(popup);
    const mine = { css: 'section.site-session' };
    await popup.waitForTarget({ css: 'p', hasText: 'ana@acme.com · started ', within: mine });
    // "This path and below" of /products: its 22 product pages' recordings, 20 at a time.
    await popup.click({ css: 'label', text: 'This path and below' });
    await popup.waitFor(
      () => document.querySelectorAll('.site-recording-list li.site-recording').length === 20,
    );
    await popup.waitForTarget({ css: 'button', text: 'Show 20 more' });
    await popup.waitForTarget({ css: 'a', text: 'Open all in PostHog' });
    await expectFits(popup, 'over a customer’s site');

    // The fullest: a row's actions shown, the copy's status and the add's notice both on screen.
    await popup.click({ css: '.site-recording-who', within: row(2) });
    await popup.click({ css: 'button', text: 'Copy link at now', within: mine });
    await popup.waitForTarget({ css: '[role="status"]', hasText: 'Copied your session' });
    await popup.click({ css: 'button', text: 'Add to Onboarding', within: row(2) });
    await popup.waitForTarget({ css: '[role="status"]', hasText: 'to Onboarding via your PostHog session.' });
    await popup.waitForTarget({ css: 'button', text: 'Add to Onboarding', within: row(2) });
    await expectFits(popup, 'over a customer’s site at its fullest');
    // The list scrolls within its own box: every row stays reachable.
    expect(
      await popup.evaluate(() => {
        const list = document.querySelector('.site-recording-list') as HTMLElement;
        return list.scrollHeight > list.clientHeight;
      }),
    ).toBe(true);
  });
});

describe('Firefox: the popup before a key is set fits too', () => {
  const env = useFirefoxExtension({ flavor: 'posthog', seed: 'demo' });

  it('is at most 600 px tall', async () => {
    const popup = await env.session.openExtensionPage('popup.html');
    await popup.waitForTarget({ css: 'h1, h2', text: 'Sign in to PostHog' });
    await expectFits(popup, 'not connected');
    await popup.close();
  });
});
