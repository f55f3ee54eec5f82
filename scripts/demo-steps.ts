import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ExtensionSession } from '../test/e2e/harness';
import { waitForInPage } from '../test/e2e/in-page';
import { findFromSelection } from '../test/e2e/person-page';
import { seekPlayer } from '../test/e2e/player-control';
import { DEMO } from '../test/fake-posthog/demo-ids';
import type { FakePostHog } from '../test/fake-posthog/index';
import { tourStates } from './demo-states';

interface TourOptions {
  session: ExtensionSession;
  server: FakePostHog;
  recordingUrl: string;
  /** A help desk's ticket naming a customer by email (not a PostHog page). */
  ticketUrl: string;
  outDir: string;
  /** Walk every feature (headless); otherwise stop once the recording page is open. */
  tour: boolean;
  log: (line: string) => void;
}

/** Walks the extension's screens on the demo data, saving one screenshot per step. Returns the file names. */
export async function demoSteps({
  session,
  server,
  recordingUrl,
  ticketUrl,
  outDir,
  tour,
  log,
}: TourOptions): Promise<string[]> {
  const shots: string[] = [];
  async function shoot(page: Page, name: string, caption: string): Promise<void> {
    await page.waitForLoadState('load');
    await page.screenshot({ path: join(outDir, name) });
    shots.push(name);
    log(`  ${caption} → .output/demo/${name}`);
  }
  /** The whole popup, as tall as its content, 360 px wide like the toolbar's. */
  async function shootPopup(popup: Page, name: string, caption: string): Promise<void> {
    await popup.screenshot({ path: join(outDir, name), fullPage: true });
    shots.push(name);
    log(`  ${caption} → .output/demo/${name}`);
  }

  const firstPopup = await session.openPopup();
  await firstPopup.setViewportSize({ width: 360, height: 240 });
  await firstPopup.getByRole('heading', { name: 'Sign in to PostHog' }).waitFor();
  await shoot(firstPopup, '01-popup-setup.png', 'popup before Hogmark is connected');
  await firstPopup.close();

  // Connect the way a user does: choose self-hosted, type the address, Sign in with PostHog, and
  // allow Hogmark on PostHog's consent page in the browser's sign-in window.
  const options = await session.openOptions();
  await options.getByRole('button', { name: 'Sign in with PostHog' }).waitFor();
  await options.getByLabel('Self-hosted').check();
  await options.getByLabel('Address of your PostHog').fill(server.url);
  await options.setViewportSize({ width: 960, height: 1140 });
  await shoot(
    options,
    '02a-options-sign-in.png',
    'options page: Sign in with PostHog, the access it asks and why',
  );
  const signInWindow = options.context().waitForEvent('page');
  await options.getByRole('button', { name: 'Sign in with PostHog' }).click();
  const consent = await signInWindow;
  await consent.getByRole('button', { name: 'Authorize Hogmark' }).waitFor();
  await shoot(consent, '02b-posthog-consent.png', "PostHog's consent page, in the browser's sign-in window");
  await consent.getByRole('button', { name: 'Authorize Hogmark' }).click();
  await options.getByText(/^Signed in to /).waitFor();
  await options.getByLabel('Default project').selectOption(String(DEMO.projects.main));
  await checkAndSave(options);
  // Tall enough to show the report and its table of what works.
  await shoot(options, '02-options-configured.png', 'options page, signed in to the demo PostHog');
  await options.close();

  // Signed in to the demo PostHog, as a user is: adding a recording goes through that session.
  const { page, tabId } = await session.openTab(`${server.url}/login?next=${new URL(recordingUrl).pathname}`);
  await page.waitForURL(recordingUrl);
  await waitForInPage(page);
  await shoot(
    page,
    '03-recording-page.png',
    'a demo recording, with Hogmark\'s button beside PostHog\'s own "Add to collection"',
  );
  const insightUrl = `${server.url}/project/${DEMO.projects.main}/insights/${DEMO.insights.shared.shortId}`;
  if (!tour) {
    // A second tab to try the popup on an insight: its public and private links; a third, a ticket;
    // a fourth, a page of the demo customer's own site, which runs posthog-js ("Recorded here").
    await session.openTab(insightUrl);
    await session.openTab(ticketUrl);
    await session.openTab(`${server.url}/demo-site/shop/checkout?identify=ana@acme.com`);
    await page.bringToFront();
    return shots;
  }

  const shooters = { page: shoot, popup: shootPopup };
  const dashboardPage = (id: number) => `${server.url}/project/${DEMO.projects.main}/dashboard/${id}`;
  await tourPopupOverRecording(session, page, tabId, shooters);
  await tourDashboards(session, dashboardPage, shooters);
  await tourPlaylists(session, tabId, shooters);
  await tourPending(session, server, page, tabId, shooters);
  await tourInsight(session, insightUrl, shooters);
  await tourPerson(session, ticketUrl, shooters);
  await tourStates({ session, server, recording: { page, tabId }, ticketUrl, shoot: shooters });
  await page.bringToFront();
  return shots;
}

type Shoot = (page: Page, name: string, caption: string) => Promise<void>;
interface Shooters {
  page: Shoot;
  popup: Shoot;
}

async function tourPopupOverRecording(session: ExtensionSession, page: Page, tabId: number, shoot: Shooters) {
  // The demo player plays; hold it at 01:15 (the stand-in's control) so the link's second is fixed.
  // A seek that takes means the recording has arrived (before that the player ignores seeks, and
  // starts playing when it arrives), so pause only then, and seek back to the exact second.
  await seekPlayer(page, 75);
  await page.evaluate(() => window.fakePostHog?.pause());
  await seekPlayer(page, 75);
  const popup = await openPicker(session, tabId);
  await popup.getByRole('group', { name: 'Recording link at 01:15' }).waitFor();
  await shoot.popup(
    popup,
    '04-popup-recording.png',
    "the popup over that recording, its link at the player's second",
  );
  await popup.close();
}

async function tourDashboards(
  session: ExtensionSession,
  dashboardPage: (id: number) => string,
  shoot: Shooters,
): Promise<void> {
  const marketing = await session.openTab(dashboardPage(DEMO.dashboards.marketing));
  const pinPopup = await openSettledPopup(session, marketing.tabId);
  await pinPopup.getByRole('button', { name: 'Pin', exact: true }).click();
  await pinPopup.getByRole('button', { name: 'Unpin', exact: true }).waitFor();
  await pinPopup.locator('.dashboard-pin button[aria-busy]').waitFor({ state: 'detached' });
  await shoot.popup(pinPopup, '05-popup-pinned.png', 'the "Marketing" dashboard, pinned from the popup');
  await Promise.all([pinPopup.close(), marketing.page.close()]);

  const kpis = await session.openTab(dashboardPage(DEMO.dashboards.productKpis));
  const sharePopup = await openSettledPopup(session, kpis.tabId);
  await sharePopup.bringToFront();
  const publicLink = sharePopup.getByRole('group', { name: 'Public link' });
  await publicLink.getByRole('button', { name: 'Copy link' }).click();
  await sharePopup.getByRole('status').getByText('Copied the public link').waitFor();
  await shoot.popup(sharePopup, '06-popup-copied-link.png', 'the public link of "Product KPIs", copied');

  const [view] = await Promise.all([
    session.context.waitForEvent('page'),
    sharePopup.getByRole('button', { name: 'All dashboards' }).click(),
  ]);
  await view.setViewportSize({ width: 960, height: 720 });
  const search = view.getByLabel('Search dashboards');
  await search.waitFor();
  await view.locator('main[aria-busy="false"]').waitFor();
  await search.press('ArrowDown');
  await view.locator('li.dashboard-row.active').waitFor();
  await shoot.page(view, '07-dashboards-view.png', 'the dashboards view: every dashboard, pinned first');
  await Promise.all([view.close(), kpis.page.close()]);
}

async function tourPlaylists(session: ExtensionSession, tabId: number, shoot: Shooters): Promise<void> {
  const popup = await openPicker(session, tabId);
  await popup.getByRole('combobox').fill('Onboarding');
  // With a note at the player's second: PostHog's own comment on the recording, on its timeline.
  const note = popup.getByLabel('Note at 01:15 (optional)');
  await note.fill('Payment button unresponsive after the coupon is applied');
  await note.press('Control+Enter');
  await popup.getByText('✓ Added to Onboarding · note at 01:15').waitFor();
  await shoot.popup(
    popup,
    '08-popup-added.png',
    'added to "Onboarding" through the PostHog session, with a note at 01:15',
  );
  await popup.getByRole('button', { name: 'Undo' }).click();
  await popup.getByText(/^Removed from Onboarding/).waitFor();
  await shoot.popup(popup, '09-popup-undone.png', 'undone');
  await popup.getByRole('combobox').fill('Demo escalations');
  await popup.getByRole('option', { name: 'Create collection “Demo escalations” and add' }).waitFor();
  await shoot.popup(popup, '10-popup-create.png', 'no collection of that name: create one and add');
  await popup.keyboard.press('Enter');
  await popup.getByText(/^✓ Added to Demo escalations/).waitFor();
  await shoot.popup(popup, '11-popup-created.png', 'created "Demo escalations", with the recording in it');
  await popup.close();
}

/**
 * Signed out, an add from a recording link's right-click menu waits: the badge counts it and the
 * popup lists it with "Retry now" and "Discard". Signing in again makes it.
 */
async function tourPending(
  session: ExtensionSession,
  server: FakePostHog,
  page: Page,
  tabId: number,
  shoot: Shooters,
): Promise<void> {
  const signOut = await session.openTab(`${server.url}/logout`);
  await signOut.page.close();
  const link = `${server.url}/project/${DEMO.projects.main}/replay/${DEMO.recordings.loose}`;
  // A headless browser cannot open a right-click menu: the test build hands its listener the click.
  await session.serviceWorker.evaluate(
    ({ link, tabId }) =>
      (
        globalThis as unknown as { hogmarkTest: { menuClicked(info: object, tab: object): Promise<void> } }
      ).hogmarkTest.menuClicked(
        { menuItemId: 'hogmark-add-to-last-playlist', linkUrl: link, pageUrl: link },
        { id: tabId },
      ),
    { link, tabId },
  );
  const popup = await session.openPopup(tabId);
  await popup.setViewportSize({ width: 360, height: 200 });
  await popup.getByText('Waiting for you to sign in to PostHog.').waitFor();
  await shoot.popup(
    popup,
    '12-popup-pending.png',
    'signed out: the add from a link waits, with Retry now and Discard',
  );
  await popup.close();
  // Signing in again loads a PostHog page, and the waiting add is made. A page that loads within
  // two seconds of the last try does not try again (PAGE_TRIGGER_GAP_MS): a person takes longer.
  await page.waitForTimeout(2_000);
  await page.goto(`${server.url}/login?next=${new URL(link).pathname}`);
  await page.waitForURL(link);
}

/** An insight shared publicly: the popup names it and copies its public link, its private link, or either as Markdown. */
async function tourInsight(session: ExtensionSession, insightUrl: string, shoot: Shooters): Promise<void> {
  const insight = await session.openTab(insightUrl);
  const popup = await openSettledPopup(session, insight.tabId);
  await popup.getByRole('heading', { name: 'Weekly signups' }).waitFor();
  await popup.bringToFront();
  await popup
    .getByRole('group', { name: 'Public link' })
    .getByRole('button', { name: 'Copy as Markdown' })
    .click();
  await popup.getByRole('status').getByText('Copied the public link as Markdown').waitFor();
  await shoot.popup(
    popup,
    '13-popup-insight.png',
    'the insight "Weekly signups": its public link, copied as Markdown',
  );
  await Promise.all([popup.close(), insight.page.close()]);
}

/** A support ticket's email, right-clicked: Hogmark's person page with the customer's recordings. */
async function tourPerson(session: ExtensionSession, ticketUrl: string, shoot: Shooters): Promise<void> {
  const ticket = await session.openTab(ticketUrl);
  const person = await findFromSelection(session, ticket.page, ticket.tabId, 'requester');
  await person.setViewportSize({ width: 960, height: 900 });
  await person.locator('li.person-recording').nth(19).waitFor();
  await shoot.page(
    person,
    '14-person-page.png',
    'ana@acme.com selected on a support ticket, right-clicked: her recordings of the last 30 days',
  );
  await Promise.all([person.close(), ticket.page.close()]);
}

/** The popup over a recording once its playlist list has been revalidated. */
async function openPicker(session: ExtensionSession, tabId: number): Promise<Page> {
  const popup = await session.openPopup(tabId);
  await popup.setViewportSize({ width: 360, height: 200 });
  await popup.getByRole('option').first().waitFor();
  await popup.getByText('Updating…').waitFor({ state: 'detached' });
  return popup;
}

/** The popup over a dashboard once its header and panels have settled. */
async function openSettledPopup(session: ExtensionSession, tabId: number): Promise<Page> {
  const popup = await session.openPopup(tabId);
  await popup.setViewportSize({ width: 360, height: 200 });
  await popup.locator('main.popup[aria-busy="false"]').waitFor();
  await popup.locator('.share-panel[aria-busy="true"]').waitFor({ state: 'detached' });
  return popup;
}

/** Clicks "Check and save" and waits for the answer; a refusal stops the demo with its sentence. */
async function checkAndSave(options: Page): Promise<void> {
  await options.getByRole('button', { name: 'Check and save' }).click();
  await options.waitForFunction(() => document.querySelector('main')?.getAttribute('aria-busy') === 'false');
  const refusal = options.locator('.field-error, .error-notice');
  if ((await refusal.count()) > 0) {
    throw new Error(`The demo could not configure Hogmark: ${await refusal.first().innerText()}`);
  }
  await options.getByText(/^Saved\./).waitFor();
}
