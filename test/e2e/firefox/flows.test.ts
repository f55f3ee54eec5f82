import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../fake-posthog/demo-ids';
import { recordingPage } from '../../support/recording-page';
import { IN_PAGE_HOST } from '../in-page';
import { useFirefoxExtension } from './fixtures';
import { clickFirefoxInPage, waitForFirefoxInPage } from './in-page';
import type { FirefoxPage } from './page';
import { firefoxPopupOver, firefoxSignedInPickerOver, pickCollection } from './popup';

const { onboarding } = DEMO.playlists;
const { loose } = DEMO.recordings;
const PATCH_DASHBOARD = /^\/api\/projects\/1\/dashboards\/\d+\/?$/;

describe('Firefox: the main flows against the local PostHog', () => {
  const env = useFirefoxExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  const opened: FirefoxPage[] = [];
  const recordingCalls = (method: string) =>
    env.server.requests
      .filter(
        (request) =>
          request.method === method &&
          request.path === `/api/projects/1/session_recording_playlists/${onboarding}/recordings/${loose}/`,
      )
      .map((request) => `${request.auth} ${request.status}`);

  /** The badge Firefox shows on the toolbar button for a tab. */
  const badgeText = (tabId: number) =>
    env.session.control.evaluate((id: number) => browser.action.getBadgeText({ tabId: id }), tabId);

  beforeEach(() => env.server.clearRequests());
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.close()));
  });

  it('runs the content script on a recording and shows the in-page button, without the key in the page', async () => {
    const { page, tabId } = await env.session.openTab(recordingPage(env.server, loose));
    opened.push(page);
    const view = await waitForFirefoxInPage(env.session, tabId);
    // No collection used yet: the button offers to choose one.
    expect(view.buttons.map((button) => button.label)).toEqual(['Add to collection…']);
    // The page sees a bare element with a closed root: nothing names Hogmark, nothing carries the key.
    const html = await page.evaluate(() => document.documentElement.outerHTML + JSON.stringify(localStorage));
    expect(html).not.toContain(env.server.keys.all);
    expect(html).not.toMatch(/hogmark/i);
    // Polled: the stand-in redraws the meta bar when the recording arrives, and the button follows
    // into the new bar at the next look.
    await expect
      .poll(() =>
        page.evaluate(
          (selector: string) => document.querySelector(selector)?.shadowRoot === null,
          IN_PAGE_HOST,
        ),
      )
      .toBe(true);
  });

  it('adds a recording through the signed-in tab from the popup, and undoes it', async () => {
    const { page, popup } = await firefoxSignedInPickerOver(env, loose);
    opened.push(page, popup);
    await pickCollection(popup, 'onboard', 'Onboarding');
    await popup.waitForTarget({ css: '[role="status"], [role="alert"]', hasText: '✓ Added to Onboarding' });
    // How it went is the notice's tooltip, not part of its one line.
    await expect(
      popup.evaluate(() => document.querySelector('[role="status"] p[title]')?.getAttribute('title')),
    ).resolves.toBe('Sent via your PostHog session');
    expect(recordingCalls('POST')).toEqual(['key 403', 'session 200']);

    await popup.click({ css: 'button', text: 'Undo' });
    await popup.waitForTarget({ css: '[role="status"]', hasText: 'Removed from Onboarding' });
    expect(recordingCalls('DELETE')).toEqual(['session 200']);
  });

  it('pins and unpins a dashboard from the popup', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/1/dashboard/${DEMO.dashboards.marketing}`,
    );
    opened.push(page);
    const popup = await firefoxPopupOver(env, tabId);
    opened.push(popup);
    const state = { css: '.dashboard-pin-state' };
    await expect(popup.waitForTarget(state)).resolves.toBe('Not pinned');
    await popup.click({ css: 'button', text: 'Pin' });
    await popup.waitForTarget({ ...state, text: '★ Pinned' });
    await popup.click({ css: 'button', text: 'Unpin' });
    await popup.waitForTarget({ ...state, text: 'Not pinned' });
    await expect
      .poll(() =>
        env.server.requests
          .filter((request) => request.method === 'PATCH' && PATCH_DASHBOARD.test(request.path))
          .map((request) => request.body),
      )
      .toEqual([{ pinned: true }, { pinned: false }]);
  });

  it('copies the public and the private link of a shared dashboard', async () => {
    const dashboard = `${env.server.url}/project/1/dashboard/${DEMO.dashboards.productKpis}`;
    const { page, tabId } = await env.session.openTab(dashboard);
    opened.push(page);
    const popup = await firefoxPopupOver(env, tabId);
    opened.push(popup);
    const copyIn = (group: string) => ({
      css: 'button[aria-label="Copy link"]',
      within: { css: 'fieldset', hasText: group },
    });
    await popup.click(copyIn('Public link'));
    await popup.waitForTarget({ css: '[role="status"]', hasText: 'Copied the public link' });
    await expect.poll(() => env.session.readClipboard()).toBe(`${env.server.url}/shared/${DEMO.sharedToken}`);
    await popup.click(copyIn('Private link'));
    await expect.poll(() => env.session.readClipboard()).toBe(dashboard);
    expect(env.server.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('adds with the in-page button (to the last-used collection) and undoes, through the signed-in tab', async () => {
    const { page, tabId } = await env.session.openTab(recordingPage(env.server, loose));
    opened.push(page);
    await waitForFirefoxInPage(env.session, tabId);
    // A page script's click on the host does nothing.
    await page.evaluate(
      (selector: string) => (document.querySelector(selector) as HTMLElement | null)?.click(),
      IN_PAGE_HOST,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(recordingCalls('POST')).toEqual([]);
    // The popup's add above made Onboarding the last-used collection: the button names it.
    await clickFirefoxInPage(env.session, page, tabId, 'Add to Onboarding');
    const added = await waitForFirefoxInPage(env.session, tabId, '✓ Onboarding');
    expect(added.buttons.map((button) => button.label)).toEqual(['Add to Onboarding', 'Undo']);
    // The whole sentence is the answer's tooltip; the recording is named by its person, as PostHog names them.
    expect(added.statusTitle).toMatch(
      /^Added li@globex\.com’s recording of .+ to Onboarding via your PostHog session\./,
    );
    expect(recordingCalls('POST')).toEqual(['session 200']);
    await clickFirefoxInPage(env.session, page, tabId, 'Undo');
    await waitForFirefoxInPage(env.session, tabId, 'Removed from Onboarding');
    expect(recordingCalls('DELETE')).toEqual(['session 200']);
  });

  it('copies the page link with Alt+Shift+C: the background page writes it (Firefox has no offscreen document)', async () => {
    const dashboard = `${env.server.url}/project/1/dashboard/${DEMO.dashboards.productKpis}`;
    const { page, tabId } = await env.session.openTab(dashboard);
    opened.push(page);
    await env.session.bidi.send('browsingContext.activate', { context: page.context });
    // Hogmark has read the tab (its badge names the page) before the shortcut is pressed.
    await expect.poll(() => badgeText(tabId)).toBe('DASH');
    await env.session.control.evaluate(() => navigator.clipboard.writeText('before'));
    await env.session.pressShortcut('C', 'alt,shift');
    await expect.poll(() => env.session.readClipboard()).toBe(`${env.server.url}/shared/${DEMO.sharedToken}`);
    // The badge says so once the copy is done (set just after the clipboard, for three seconds).
    await expect.poll(() => badgeText(tabId)).toBe('✓');
  });

  it('shows every dashboard of the project in the dashboards view, pinned first', async () => {
    const view = await env.session.openExtensionPage('dashboards.html');
    opened.push(view);
    await view.waitFor(() => document.querySelector('main[aria-busy="false"]') !== null);
    const names = await view.waitFor(() => {
      const rows = [...document.querySelectorAll('li.dashboard-row .dashboard-name')];
      return rows.length > 0 ? rows.map((row) => row.textContent?.trim()) : null;
    });
    expect(names[0]).toBe('Product KPIs');
    expect(names).toContain('Marketing');
  });

  it('signed out, an add waits (the badge counts it, the popup lists it), and signing in makes it once', async () => {
    const third = '0191dd9e-1111-7ccc-8ddd-000000000003';
    const path = `/api/projects/1/session_recording_playlists/${onboarding}/recordings/${third}/`;
    const posts = () =>
      env.server.requests
        .filter((request) => request.method === 'POST' && request.path === path)
        .map((request) => `${request.auth} ${request.status}`);
    const signOut = await env.session.openTab(`${env.server.url}/logout`);
    opened.push(signOut.page);
    const { page, tabId } = await env.session.openTab(recordingPage(env.server, third));
    opened.push(page);
    await waitForFirefoxInPage(env.session, tabId);
    // What the shortcut runs: an add to the last-used collection (Onboarding, from the tests above).
    await env.session.control.evaluate(
      (id: number) => browser.runtime.sendMessage({ type: 'playlists/quick-add', input: { tabId: id } }),
      tabId,
    );
    await expect.poll(() => badgeText(tabId), { timeout: 10_000 }).toBe('1');
    const popup = await firefoxPopupOver(env, tabId);
    opened.push(popup);
    await popup.waitForTarget({ css: '.pending-change', hasText: 'Waiting for you to sign in to PostHog.' });
    // The signed-out tab, asked who it is, answered 401: the add itself was not sent.
    expect(
      env.server.requests
        .filter((request) => request.path === '/api/users/@me/' && request.auth === 'none')
        .map((request) => request.status),
    ).toEqual([401]);
    expect(posts()).toEqual([]);
    // Signing in loads a PostHog page: the waiting add is made through it, once.
    const signIn = await env.session.openTab(`${env.server.url}/login?next=/project/1/replay/${third}`);
    opened.push(signIn.page);
    await expect.poll(posts, { timeout: 15_000 }).toEqual(['session 200']);
    await expect.poll(() => badgeText(tabId)).toBe('REC');
  });

  it('logged no uncaught error in any Hogmark page, the background or the content script', async () => {
    await expect(env.session.extensionErrors()).resolves.toEqual([]);
    // The collector does see one: an uncaught error and an unhandled rejection in an extension page.
    await env.session.control.evaluate(() => {
      setTimeout(() => {
        throw new Error('collector probe: thrown');
      });
      void Promise.reject(new Error('collector probe: rejected'));
    });
    await expect
      .poll(async () => (await env.session.extensionErrors()).map((error) => error.replace(/^.* /, '')))
      .toEqual(expect.arrayContaining(['thrown', 'rejected']));
  });
});

declare const browser: {
  action: { getBadgeText(details: { tabId: number }): Promise<string> };
  runtime: { sendMessage(message: object): Promise<unknown> };
};
