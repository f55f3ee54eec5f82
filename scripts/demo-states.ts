/**
 * The tour's states beyond the happy path (`npm run demo`, headless): the popup in dark mode, while
 * PostHog is slow to answer, on a page with nothing to act on, with an error, the picker window
 * a recording link's menu opens where the toolbar popup may not open, and over the user's own site.
 */
import type { Page } from 'playwright-core';
import type { ExtensionSession } from '../test/e2e/harness';
import { chooseCollectionOn, serveTicketLinking, toolbarPopupWill } from '../test/e2e/picker-window';
import { DEMO } from '../test/fake-posthog/demo-ids';
import type { FakePostHog } from '../test/fake-posthog/index';

type Shoot = (page: Page, name: string, caption: string) => Promise<void>;
interface Shooters {
  page: Shoot;
  popup: Shoot;
}

interface StatesOptions {
  session: ExtensionSession;
  server: FakePostHog;
  /** A tab on a demo recording, signed in to the demo PostHog. */
  recording: { page: Page; tabId: number };
  /** A help desk's ticket: a page with nothing of PostHog's on it. */
  ticketUrl: string;
  shoot: Shooters;
}

/** A popup over `tabId` at the toolbar's width, once its list of collections has been revalidated. */
async function settledPicker(session: ExtensionSession, tabId: number): Promise<Page> {
  const popup = await session.openPopup(tabId);
  await popup.setViewportSize({ width: 360, height: 200 });
  await popup.getByRole('option').first().waitFor();
  await popup.getByText('Updating…').waitFor({ state: 'detached' });
  return popup;
}

export async function tourStates({ session, server, recording, ticketUrl, shoot }: StatesOptions) {
  // Dark mode: the system's choice, followed by every page of Hogmark's.
  const dark = await settledPicker(session, recording.tabId);
  await dark.emulateMedia({ colorScheme: 'dark' });
  await dark.getByRole('group', { name: /^Recording link/ }).waitFor();
  await shoot.popup(dark, '15-popup-dark.png', 'the popup over a recording, in dark mode');
  await dark.close();

  // PostHog slow to answer: the dashboard is named from the tab at once, its sharing still asked.
  const finance = `${server.url}/project/${DEMO.projects.main}/dashboard/${DEMO.dashboards.finance}`;
  server.setFault({
    method: 'GET',
    path: `/api/projects/${DEMO.projects.main}/dashboards/${DEMO.dashboards.finance}/sharing/`,
    fault: { type: 'latency', ms: 4_000 },
    times: 1,
  });
  const slowTab = await session.openTab(finance);
  const loading = await session.openPopup(slowTab.tabId);
  await loading.setViewportSize({ width: 360, height: 200 });
  await loading.getByText(/^Checking whether this dashboard is shared publicly/).waitFor();
  await shoot.popup(
    loading,
    '16-popup-loading.png',
    'PostHog slow to answer: what is known shows, the rest is asked',
  );
  await Promise.all([loading.close(), slowTab.page.close()]);
  server.clearFaults();

  // A page that is not PostHog's and links no recording: what the popup can do there.
  const ticket = await session.openTab(ticketUrl);
  const empty = await session.openPopup(ticket.tabId);
  await empty.setViewportSize({ width: 360, height: 200 });
  await empty.getByText('Open a recording or dashboard').waitFor();
  await shoot.popup(empty, '17-popup-empty.png', 'on a page with nothing of PostHog’s: where to go');
  await Promise.all([empty.close(), ticket.page.close()]);

  // An add PostHog fails (a 503): it says what happened, and the pick waits to be made.
  const failing = await settledPicker(session, recording.tabId);
  server.setFault({
    method: 'POST',
    path: new RegExp(`^/api/projects/${DEMO.projects.main}/session_recording_playlists/[^/]+/recordings/`),
    fault: { type: 'status', status: 503 },
  });
  await failing.getByRole('combobox').fill('Sign-up flow');
  await failing.keyboard.press('Enter');
  await failing.getByText(/^Not added to Sign-up flow yet/).waitFor();
  await shoot.popup(
    failing,
    '18-popup-error.png',
    'PostHog could not be reached: the add waits, with Discard',
  );
  server.clearFaults();
  await failing.getByRole('button', { name: 'Discard' }).first().click();
  await failing.close();

  // "Choose a collection…" on a recording link in a ticket, where the toolbar popup may not open.
  const linking = await serveTicketLinking([
    `${server.url}/project/${DEMO.projects.main}/replay/${DEMO.recordings.inCheckout}`,
  ]);
  try {
    const { page, tabId } = await session.openTab(linking.url);
    await toolbarPopupWill(session, 'refuse');
    const opened = session.context.waitForEvent('page', {
      predicate: (candidate) => candidate.url().includes('/popup.html?recording='),
    });
    await chooseCollectionOn(session, page, tabId, 'recording-0');
    const picker = await opened;
    await picker.getByRole('heading', { name: 'ana@acme.com' }).waitFor();
    await picker.getByRole('option').first().waitFor();
    await picker.locator('main.popup[aria-busy="false"]').waitFor();
    // The window is 420 × 600 with its title bar; the page shown at what its content area holds.
    await picker.setViewportSize({ width: 420, height: 560 });
    await shoot.page(
      picker,
      '19-picker-window.png',
      'the window “Choose a collection…” opens from a ticket’s link',
    );
    await toolbarPopupWill(session, 'open');
    await Promise.all([picker.close(), page.close()]);
  } finally {
    linking.server.close();
  }

  await tourCustomerSite(session, server, shoot);
}

/**
 * The user's own site, which runs posthog-js (the demo PostHog's customer site): the popup finds its
 * project by the page's token, lists the recordings that visited this page, and offers the session
 * the user is in now.
 */
async function tourCustomerSite(session: ExtensionSession, server: FakePostHog, shoot: Shooters) {
  const site = await session.openTab(`${server.url}/demo-site/shop/checkout?identify=ana@acme.com`);
  const popup = await session.openPopup(site.tabId);
  await popup.setViewportSize({ width: 360, height: 200 });
  await popup.getByRole('heading', { name: 'Recorded here' }).waitFor();
  await popup.getByRole('list', { name: 'Recorded here' }).locator('li.site-recording').first().waitFor();
  await popup
    .getByRole('region', { name: 'Your session' })
    .getByText(/^ana@acme\.com · started /)
    .waitFor();
  await popup.locator('section.site-recordings[aria-busy]').waitFor({ state: 'detached' });
  await shoot.popup(
    popup,
    '20-popup-site.png',
    'on your own site: the recordings of this page, and your session now',
  );
  await Promise.all([popup.close(), site.page.close()]);
}
