/**
 * "Sign in with PostHog" in Firefox: the options page starts it, Firefox's sign-in window (a new
 * top-level browsing context) shows PostHog's login and consent page, driven here with real clicks;
 * then the grant works (pins and links with its token, adds through the signed-in tab), an expired
 * token is refreshed unseen, a grant PostHog refuses asks to sign in again while a pick waits, a
 * narrowed grant shows exactly what works, and Sign out revokes it at PostHog. Firefox's half of
 * ../sign-in.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../fake-posthog/demo-ids';
import { recordingPath } from '../../support/recording-route';
import {
  NARROWED,
  readStoredGrant,
  signedInNotice,
  TOKEN_SHAPE,
  waitsForSignIn,
} from '../oauth-test-helpers';
import { sendFromExtension, useFirefoxExtension } from './fixtures';
import type { FirefoxPage } from './page';
import { firefoxPickerOver, firefoxPopupOver, firefoxSignedInPickerOver, pickCollection } from './popup';
import { capabilityRow, SIGN_IN_REPORT, signInFirefox } from './sign-in';

const { checkoutBugs, onboarding } = DEMO.playlists;
const { loose } = DEMO.recordings;

describe('Firefox: Sign in with PostHog', () => {
  const env = useFirefoxExtension({ flavor: 'posthog', seed: 'demo' });
  const opened: FirefoxPage[] = [];
  let options: FirefoxPage;
  /** Requests to a collection's route for the recording, as `METHOD auth status`. */
  const recordingCalls = (shortId: string) =>
    env.server.requests
      .filter((request) => request.path === recordingPath(shortId, loose))
      .map((request) => `${request.method} ${request.auth} ${request.status}`);
  const madeIn = (shortId: string) => recordingCalls(shortId).filter((call) => call.endsWith(' 200'));

  beforeEach(async () => {
    await sendFromExtension(env.session, 'settings/forget');
    options = await env.session.openExtensionPage('options.html');
    opened.push(options);
    env.server.clearRequests();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.close().catch(() => undefined)));
  });

  it('signs in through the consent page in Firefox’s sign-in window, pins, copies a link, adds, and signs out', async () => {
    await signInFirefox(env, options);
    await expect(options.text({ css: '[role="status"]' })).resolves.toBe(signedInNotice(env.server.url));
    const [client] = env.server.oauth.clients();
    expect(client?.redirectUris).toEqual([
      expect.stringMatching(/^https:\/\/[0-9a-f]{40}\.extensions\.allizom\.org\/$/),
    ]);

    const pinned = (await sendFromExtension(env.session, 'dashboards/pin', {
      projectId: 1,
      dashboardId: DEMO.dashboards.marketing,
      pinned: true,
    })) as { ok: boolean };
    expect(pinned.ok).toBe(true);

    // The link, copied from the popup as a user does, is on Firefox's clipboard.
    const dashboard = await env.session.openTab(
      `${env.server.url}/project/1/dashboard/${DEMO.dashboards.productKpis}`,
    );
    opened.push(dashboard.page);
    const popup = await firefoxPopupOver(env, dashboard.tabId);
    opened.push(popup);
    await popup.click({
      css: 'button[aria-label="Copy link"]',
      within: { css: 'fieldset', hasText: 'Public link' },
    });
    await popup.waitForTarget({ css: '[role="status"]', hasText: 'Copied the public link' });
    await expect.poll(() => env.session.readClipboard()).toBe(`${env.server.url}/shared/${DEMO.sharedToken}`);
    const dashboardCalls = env.server.requests.filter((request) => request.path.includes('/dashboards/'));
    expect(dashboardCalls.length).toBeGreaterThan(1);
    expect(dashboardCalls.every((request) => request.auth === 'oauth')).toBe(true);

    // PostHog refuses collection adds to OAuth tokens as to keys: the signed-in tab adds.
    const recording = await firefoxSignedInPickerOver(env, loose);
    opened.push(recording.page, recording.popup);
    await pickCollection(recording.popup, 'onboard', 'Onboarding');
    await recording.popup.waitForTarget({ css: '[role="status"]', hasText: '✓ Added to Onboarding' });
    expect(recordingCalls(onboarding).at(-1)).toBe('POST session 200');
    await expect(recording.popup.text({ css: 'body' })).resolves.toContain('signed in with PostHog');

    // The tokens are where the key would be, never where a page could read them.
    const stored = await env.session.control.evaluate(async () =>
      JSON.stringify([await browser.storage.local.get(null), await browser.storage.session.get(null)]),
    );
    expect(stored).not.toMatch(TOKEN_SHAPE);

    await options.click({ css: 'button', text: 'Sign out' });
    await options.click({ css: 'button', text: 'Yes, sign out' });
    await options.waitForTarget({ css: 'button', text: 'Sign in with PostHog' });
    expect(env.server.oauth.revocations()).toHaveLength(1);
    expect(env.server.oauth.tokens().access).toEqual([]);
    // Nothing of the grant stays: only the registration, which is per install and origin.
    const left = await env.session.control.evaluate(readStoredGrant);
    expect(left.keys).toEqual(['signInClients']);
    expect(left.everything).not.toMatch(TOKEN_SHAPE);
  });

  it('refreshes an expired access token without a seam', async () => {
    await signInFirefox(env, options);
    expect(env.server.oauth.expireAccessTokens()).toBeGreaterThan(0);
    env.server.clearRequests();
    // The popup over a dashboard shows it as if nothing happened: one refresh, then the call.
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/1/dashboard/${DEMO.dashboards.marketing}`,
    );
    opened.push(page);
    const popup = await firefoxPopupOver(env, tabId);
    opened.push(popup);
    await expect(popup.waitForTarget({ css: '.dashboard-pin-state' })).resolves.toMatch(/Pinned|Not pinned/);
    // No error in sight: no alert, or an empty one.
    expect((await popup.text({ css: '[role="alert"]' })) ?? '').toBe('');
    expect(env.server.oauth.refreshes()).toHaveLength(1);
    const list = (await sendFromExtension(env.session, 'dashboards/list', { projectId: 1 })) as {
      ok: boolean;
    };
    expect(list.ok).toBe(true);
    expect(env.server.oauth.refreshes()).toHaveLength(1);
  });

  it('refresh refused: the popup says to sign in again, a pick waits, and signing in makes it once', async () => {
    await signInFirefox(env, options);
    const { page, tabId, popup } = await firefoxSignedInPickerOver(env, loose);
    opened.push(page);
    await popup.close();
    env.server.oauth.dropRefreshTokens();
    env.server.oauth.expireAccessTokens();

    const again = await firefoxPickerOver(env, tabId);
    opened.push(again);
    await again.waitForTarget({
      css: '[role="alert"], [role="status"]',
      hasText: 'Sign in to PostHog again',
    });
    env.server.clearRequests();
    await pickCollection(again, 'checkout', 'Checkout bugs');
    await again.waitForTarget({
      css: '[role="status"], [role="alert"]',
      hasText: waitsForSignIn('Checkout bugs'),
    });
    expect(madeIn(checkoutBugs)).toEqual([]);
    await again.close();

    await signInFirefox(env, options);
    await expect.poll(() => madeIn(checkoutBugs), { timeout: 15_000 }).toEqual(['POST session 200']);
    // Once: nothing more follows.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(madeIn(checkoutBugs)).toEqual(['POST session 200']);
  });

  it('shows exactly what a grant narrowed to one project and fewer scopes can do', async () => {
    await signInFirefox(env, options, NARROWED);
    const report = await options.waitForTarget({ ...SIGN_IN_REPORT, hasText: 'Acme staging (ID 2)' });
    expect(report).not.toContain('Acme web app (ID 1)');
    const pin = await options.waitForTarget(capabilityRow('Pin dashboards'));
    expect(pin).toContain('Needs dashboard:write');
    expect(pin).toContain('Sign in again with more access');
    await expect(options.text(capabilityRow('Name notebooks'))).resolves.toContain('Needs notebook:read');
    await expect(options.text(capabilityRow('Copy share links'))).resolves.toMatch(/Works/);
    expect(env.server.requests.some((request) => request.path === '/api/projects/')).toBe(false);

    await signInFirefox(env, options);
    await expect.poll(() => options.text(capabilityRow('Pin dashboards'))).toMatch(/Works/);
  });
});

declare const browser: {
  storage: Record<'local' | 'session', { get(keys: null): Promise<object> }>;
};
