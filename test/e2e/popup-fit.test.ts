import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tabHintsKey } from '../../lib/messaging/first-view/stored-names';
import { DEMO } from '../fake-posthog/demo-ids';
import { popupOverflow } from '../support/popup-overflow';
import { recordingPage } from '../support/recording-page';
import { pickerOver, signedInPickerOver } from './collections-harness';
import { firstVisit } from './demo-site';
import { useExtension } from './fixtures';
import { serveSupportTicket } from './person-page';
import { chooseCollectionOn, serveTicketLinking, toolbarPopupWill } from './picker-window';
import { currentServiceWorker } from './service-worker';

/** A toolbar popup is at most 600 px tall: taller, the browser cuts it and the user scrolls. */
const POPUP_MAX_HEIGHT = 600;

/** How tall the popup's document is, at its own width (the body sets it), as the browser would size it. */
const heightOf = (popup: Page) =>
  popup.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));

/** Every computed font size in the popup, by what it is. */
function fontSizes(popup: Page) {
  return popup.evaluate(() => {
    const size = (selector: string) => {
      const element = document.querySelector(selector);
      return element ? Number.parseFloat(getComputedStyle(element).fontSize) : null;
    };
    return {
      row: size('.playlist-option-name'),
      search: size('#playlist-search'),
      button: size('button'),
      hint: size('.muted'),
      badge: size('.playlist-badge, .playlist-option-status'),
    };
  });
}

const { inCheckout, loose } = DEMO.recordings;

/** The recording link's "Start at" field: what describes it, that text, and how wide it shows. */
const startAtDescription = (popup: Page) =>
  popup.evaluate(() => {
    const describedBy = document.getElementById('recording-start-at')?.getAttribute('aria-describedby') ?? '';
    const description = document.getElementById(describedBy);
    return {
      describedBy,
      text: description?.textContent ?? '',
      width: Math.round(description?.getBoundingClientRect().width ?? -1),
    };
  });

async function measure(name: string, popup: Page): Promise<void> {
  const height = await heightOf(popup);
  // FIT_SHOTS=<dir>: what each state looks like, to judge it as a user does.
  if (process.env.FIT_SHOTS) {
    await popup.screenshot({
      path: `${process.env.FIT_SHOTS}/${name.replaceAll(' ', '-')}.png`,
      fullPage: true,
    });
  }
  // FIT_HEIGHTS=1: each state's height in the log, to report it.
  if (process.env.FIT_HEIGHTS) console.info(`popup fit (Chromium): ${name} is ${height} px`);
  expect(height, `${name} is ${height} px tall`).toBeLessThanOrEqual(POPUP_MAX_HEIGHT);
  const overflow = await popup.evaluate(popupOverflow);
  expect(overflow, `${name} has ${overflow} px outside its box`).toBeLessThanOrEqual(0);
}

describe('the popup fits in 600 px at its width (posthog flavor)', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });

  it('over a recording: fresh, after an add, after a create, and the type scale', async () => {
    const { page, popup } = await signedInPickerOver(env.session, env.server.url, loose);
    await popup.getByRole('group', { name: /^Recording link/ }).waitFor();
    await measure('recording', popup);
    // Names, inputs and buttons are never smaller than the hints beside them, in pixels of their own.
    const sizes = await fontSizes(popup);
    expect(sizes.row).toBe(14);
    expect(sizes.search).toBe(14);
    expect(sizes.button).toBe(14);
    expect(sizes.row).toBeGreaterThanOrEqual(sizes.hint ?? Number.POSITIVE_INFINITY);
    expect(sizes.badge).toBeLessThan(sizes.row ?? 0);

    // A link row stays one line: its button says "Copied ✓" once the clipboard took the link, then "Copy".
    const recordingLink = popup.getByRole('group', { name: /^Recording link/ });
    const copy = recordingLink.getByRole('button', { name: 'Copy link' });
    const rowHeight = await recordingLink.evaluate((row) => row.getBoundingClientRect().height);
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe('Copied ✓');
    expect(await recordingLink.evaluate((row) => row.getBoundingClientRect().height)).toBe(rowHeight);
    await expect.poll(() => copy.textContent(), { timeout: 5_000 }).toBe('Copy');

    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup.getByText(/^✓ Added to Onboarding/).waitFor();
    await measure('after an add', popup);

    await popup.getByRole('combobox').fill('Fit check');
    await popup.getByRole('option', { name: 'Create collection “Fit check” and add' }).click();
    await popup
      .locator('.playlist-notice')
      .getByText(/Fit check/)
      .waitFor();
    await measure('after a create', popup);
    await popup.close();
    await page.close();
  });

  it('over a recording with changes waiting, and with an error', async () => {
    const { page, tabId, popup } = await signedInPickerOver(env.session, env.server.url, inCheckout);
    // One add that PostHog takes makes Onboarding the last-used collection, for the menus below.
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup.getByText(/^✓ Added to Onboarding/).waitFor();
    // A server error on every add of this recording (until the end of the test, so Hogmark's own retry
    // cannot make it meanwhile): the pick waits, and the popup says so.
    env.server.setFault({
      method: 'POST',
      path: new RegExp(`^/api/projects/1/session_recording_playlists/[^/]+/recordings/${inCheckout}/$`),
      fault: { type: 'status', status: 503 },
    });
    await popup.getByRole('combobox').fill('Slow pages');
    await popup.keyboard.press('Enter');
    await popup.getByText(/^Not added to Slow pages yet: PostHog could not be reached/).waitFor();
    await measure('with an error', popup);
    await popup.close();

    // Signed out, adds of two recordings in no collection yet, from links' right-click menus, wait too.
    const signOut = await env.session.openTab(`${env.server.url}/logout`);
    await signOut.page.close();
    const worker = await currentServiceWorker(env.session);
    for (const recordingId of [DEMO.recordings.anonymous, '0191dd9e-1111-7ccc-8ddd-000000000003']) {
      const linkUrl = recordingPage(env.server, recordingId);
      await worker.evaluate(
        ({ linkUrl, tabId }) =>
          (
            globalThis as unknown as {
              hogmarkTest: { menuClicked(info: object, tab: object): Promise<void> };
            }
          ).hogmarkTest.menuClicked(
            { menuItemId: 'hogmark-add-to-last-playlist', linkUrl, pageUrl: linkUrl },
            { id: tabId },
          ),
        { linkUrl, tabId },
      );
    }
    const waiting = await pickerOver(env.session, tabId);
    await expect.poll(() => waiting.locator('.pending-change').count(), { timeout: 10_000 }).toBe(3);
    await measure('with changes waiting', waiting);

    // The player's position unknown (PostHog's UTC format, switched with the tab in front, whose
    // content script tells the background, read here): the recording link asks where it starts,
    // and the lists give way so that the whole still fits.
    await page.bringToFront();
    await page.evaluate(() => window.fakePostHog?.setTimestampFormat('utc'));
    await expect
      .poll(() =>
        waiting.evaluate(async (key) => {
          const { session } = (
            globalThis as unknown as {
              chrome: { storage: { session: { get(key: string): Promise<Record<string, unknown>> } } };
            }
          ).chrome.storage;
          const stored = await session.get(key);
          return (stored[key] as { hints?: { currentSecond?: unknown } } | undefined)?.hints?.currentSecond;
        }, tabHintsKey(tabId)),
      )
      .toBeNull();
    await waiting.close();
    const unknown = await pickerOver(env.session, tabId);
    await expect.poll(() => unknown.locator('.pending-change').count(), { timeout: 10_000 }).toBe(3);
    await unknown.locator('#recording-start-at').waitFor();
    await measure('with changes waiting and the position unknown', unknown);
    // A note typed there asks the second it is at, with its reason beside the field; an add with no
    // second typed says why instead, after the field: the tallest the popup over a recording gets.
    await unknown.locator('#playlist-note').fill('The checkout button does nothing');
    await unknown.locator('#playlist-note-at').waitFor();
    await measure('with changes waiting, the position unknown and a note typed', unknown);
    expect(await unknown.locator('#playlist-note-unknown').isVisible()).toBe(true);
    // The recording link's sentence on the same unknown position is then for assistive technology
    // only: one pixel on screen, still the description of its "Start at" field.
    expect(await startAtDescription(unknown)).toEqual({
      describedBy: 'recording-time-unknown',
      text: expect.stringMatching(/^The player's position is unknown/),
      width: 1,
    });
    await unknown.locator('#playlist-note').press('Control+Enter');
    await expect.poll(() => unknown.evaluate(() => document.activeElement?.id)).toBe('playlist-note-at');
    await unknown.getByText(/^Nothing was added yet: type the time/).waitFor();
    await measure('with changes waiting, the position unknown and a note’s time asked', unknown);
    expect(await unknown.locator('#playlist-note-unknown').isVisible()).toBe(false);
    // A time typed takes the sentence away again.
    await unknown.locator('#playlist-note-at').fill('1:30');
    await expect.poll(() => unknown.locator('#playlist-note-at-error').count()).toBe(0);
    await measure('with changes waiting, the position unknown and a note’s time typed', unknown);
    expect(await unknown.locator('#playlist-note-unknown').isVisible()).toBe(true);
    await unknown.close();
    await page.evaluate(() => window.fakePostHog?.setTimestampFormat('relative'));
    env.server.clearFaults();
    await page.close();
  });

  it('the picker window a link’s menu opens holds its whole popup, at the window’s own size', async () => {
    const ticket = await serveTicketLinking([recordingPage(env.server, loose)]);
    const { page, tabId } = await env.session.openTab(ticket.url);
    await toolbarPopupWill(env.session, 'refuse');
    const opened = env.session.context.waitForEvent('page', {
      predicate: (candidate) => candidate.url().includes('/popup.html?recording='),
    });
    await chooseCollectionOn(env.session, page, tabId, 'recording-0');
    const picker = await opened;
    await picker.getByRole('option').first().waitFor();
    await picker.locator('main.popup[aria-busy="false"]').waitFor();
    const { height, width, bodyWidth } = await picker.evaluate(() => ({
      height: window.innerHeight,
      width: window.innerWidth,
      bodyWidth: Math.round(document.body.getBoundingClientRect().width),
    }));
    // It fills the window's width, and its document is no taller than the window shows.
    expect(bodyWidth).toBe(width);
    expect(await heightOf(picker)).toBeLessThanOrEqual(Math.min(height, POPUP_MAX_HEIGHT));
    await measure('picker window', picker);
    await toolbarPopupWill(env.session, 'open');
    await Promise.all([picker.close(), page.close()]);
    ticket.server.close();
  });

  it('over a dashboard, an insight, and any other page', async () => {
    const dashboard = await env.session.openTab(
      `${env.server.url}/project/1/dashboard/${DEMO.dashboards.productKpis}`,
    );
    const overDashboard = await env.session.openPopup(dashboard.tabId);
    await overDashboard.getByRole('button', { name: /^(Pin|Unpin)$/ }).waitFor();
    await measure('dashboard', overDashboard);

    const insight = await env.session.openTab(
      `${env.server.url}/project/1/insights/${DEMO.insights.shared.shortId}`,
    );
    const overInsight = await env.session.openPopup(insight.tabId);
    await overInsight.getByRole('group', { name: /Private link/ }).waitFor();
    await measure('insight', overInsight);

    const ticket = await serveSupportTicket();
    const elsewhere = await env.session.openTab(ticket.url);
    const overElsewhere = await env.session.openPopup(elsewhere.tabId);
    await overElsewhere.getByText('Open a recording or dashboard').waitFor();
    // Measured once "Recorded here" has said what it found of the site, its tallest moment.
    await overElsewhere.locator('section.site-recordings:not([aria-busy])').waitFor();
    await measure('any page', overElsewhere);
    for (const page of [
      dashboard.page,
      overDashboard,
      insight.page,
      overInsight,
      elsewhere.page,
      overElsewhere,
    ]) {
      await page.close();
    }
    ticket.server.close();
  });
});

describe('the popup over a customer’s site fits in 600 px at its fullest (site seed)', () => {
  const env = useExtension(
    { flavor: 'posthog', seed: 'site', replayListingRates: null },
    { connected: true },
  );

  it('Your session, a page of 20 recordings and more, a row’s actions, the copy’s and the add’s notices', async () => {
    // The demo site shares the local PostHog's origin: its first visit clears the cookies there, so
    // signing in to PostHog comes after it. One add there makes Onboarding the last-used collection.
    const site = await firstVisit(
      env.session,
      `${env.server.url}/demo-site/shop/products?identify=ana@acme.com`,
    );
    const signedIn = await signedInPickerOver(env.session, env.server.url, DEMO.site.payment);
    await signedIn.popup.getByRole('combobox').fill('Onboarding');
    await signedIn.popup.keyboard.press('Enter');
    await signedIn.popup.getByText(/^✓ Added to Onboarding/).waitFor();
    await signedIn.popup.close();

    const popup = await env.session.openPopup(site.tabId);
    const mine = popup.getByRole('region', { name: 'Your session' });
    await mine.getByText(/^ana@acme\.com · started /).waitFor();
    // "This path and below" of /products: its 22 product pages' recordings, 20 at a time.
    await popup.getByRole('radio', { name: 'This path and below' }).check();
    const rows = popup.getByRole('list', { name: 'Recorded here' }).locator('li.site-recording');
    await expect.poll(() => rows.count()).toBe(20);
    await popup.getByRole('button', { name: 'Show 20 more' }).waitFor();
    await popup.getByRole('link', { name: 'Open all in PostHog' }).waitFor();
    await measure('customer site', popup);

    // The fullest: a row's actions shown, the copy's status and the add's notice both on screen.
    await rows.nth(1).locator('.site-recording-who').click();
    await mine.getByRole('button', { name: 'Copy link at now' }).click();
    await popup
      .getByRole('status')
      .getByText(/^Copied your session/)
      .first()
      .waitFor();
    await rows.nth(1).getByRole('button', { name: 'Add to Onboarding' }).click();
    await popup.getByText(/ to Onboarding via your PostHog session\.$/).waitFor();
    await rows.nth(1).getByRole('button', { name: 'Add to Onboarding' }).waitFor();
    await measure('customer site at its fullest', popup);
    // The list scrolls within its own box: every row stays reachable.
    const list = popup.getByRole('list', { name: 'Recorded here' });
    expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await Promise.all([popup.close(), site.page.close(), signedIn.page.close()]);
  });
});

describe('the popup before a key is set fits too', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' });

  it('is at most 600 px tall', async () => {
    const popup = await env.session.openPopup();
    await popup.getByRole('heading', { name: 'Sign in to PostHog' }).waitFor();
    expect(await heightOf(popup)).toBeLessThanOrEqual(POPUP_MAX_HEIGHT);
    await popup.close();
  });
});
