/**
 * "Sign in with PostHog" in Chromium against the local PostHog: the options page starts the sign-in,
 * the browser's sign-in window shows PostHog's login and consent page (driven here as a user would),
 * and then everything works with the grant: pins and links with its token, adds through the signed-in
 * tab; an expired token is refreshed unseen; a grant PostHog refuses asks to sign in again; signing out
 * revokes it at PostHog and leaves nothing of it.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { pickerOver, recordingCalls, signedInPickerOver } from './collections-harness';
import { useExtension } from './fixtures';
import {
  CONSENT,
  type Consent,
  NARROWED,
  readStoredGrant,
  SIGN_IN_BUTTONS,
  TOKEN_SHAPE,
  waitsForSignIn,
} from './oauth-test-helpers';
import { OptionsPage, sendFromExtensionPage } from './options-page';

const { checkoutBugs, onboarding } = DEMO.playlists;
const { loose } = DEMO.recordings;

/** Clicks "Sign in with PostHog" and drives PostHog's page in the sign-in window Chromium opens. */
async function signIn(options: OptionsPage, origin: string, consent: Consent = {}): Promise<void> {
  const { page } = options;
  if (await page.getByLabel('Self-hosted').isVisible()) {
    await options.chooseSelfHosted(origin);
  }
  const opened = page.context().waitForEvent('page');
  const button = page.getByRole('button', {
    name: new RegExp(`^(${SIGN_IN_BUTTONS.join('|')})$`),
  });
  await button.click();
  const window = await opened;
  await consentIn(window, consent);
  await page.getByText(/^Signed in to .* as ana@example\.com\.$/).waitFor();
}

async function consentIn(window: Page, consent: Consent): Promise<void> {
  await window.getByRole('heading', { name: CONSENT.heading }).waitFor();
  if (consent.project !== undefined) {
    await window.locator(CONSENT.projectsRadio).check();
    await window.locator(CONSENT.teams).selectOption(String(consent.project));
  }
  for (const [object, level] of Object.entries(consent.lower ?? {})) {
    await window.locator(CONSENT.scope(object)).selectOption(level);
  }
  await window.getByRole('button', { name: CONSENT.authorize }).click();
}

describe('Sign in with PostHog (Chromium)', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' });
  let options: OptionsPage;

  beforeEach(async () => {
    const page = await env.session.openOptions();
    await sendFromExtensionPage(page, 'settings/forget');
    await page.close();
    options = await OptionsPage.openForSignIn(env.session);
    env.server.clearRequests();
  });

  it('signs in through PostHog’s consent page, then pins, copies a link and adds', async () => {
    // Before leaving: the scopes asked, each with what it is for.
    await expect(options.page.getByText('dashboard:write').isVisible()).resolves.toBe(true);
    await expect(options.page.getByText('List dashboards and pin or unpin them.').isVisible()).resolves.toBe(
      true,
    );
    await signIn(options, env.server.url);

    const [client] = env.server.oauth.clients();
    expect(client?.redirectUris).toEqual([
      expect.stringMatching(/^https:\/\/[a-p]{32}\.chromiumapp\.org\/$/),
    ]);
    await expect(options.report.innerText()).resolves.toContain('Ana Alves');
    await options.page.getByRole('heading', { name: 'What this sign-in can do' }).waitFor();
    await expect(options.capability('Pin dashboards').innerText()).resolves.toMatch(/Works/);
    await options.page.getByRole('button', { name: 'Sign out' }).waitFor();

    const pinned = (await sendFromExtensionPage(options.page, 'dashboards/pin', {
      projectId: 1,
      dashboardId: DEMO.dashboards.marketing,
      pinned: true,
    })) as { ok: boolean };
    expect(pinned.ok).toBe(true);
    const link = (await sendFromExtensionPage(options.page, 'dashboards/share-link', {
      projectId: 1,
      dashboardId: DEMO.dashboards.productKpis,
    })) as { ok: boolean; data: { url?: string } };
    expect(link.data.url).toContain(DEMO.sharedToken);
    const dashboardCalls = env.server.requests.filter((request) => request.path.includes('/dashboards/'));
    expect(dashboardCalls.length).toBeGreaterThan(0);
    expect(dashboardCalls.every((request) => request.auth === 'oauth')).toBe(true);

    const { page, popup } = await signedInPickerOver(env.session, env.server.url, loose);
    env.server.clearRequests();
    await popup.getByRole('combobox').fill('onboard');
    await popup.keyboard.press('Enter');
    await popup.getByText('✓ Added to Onboarding', { exact: true }).waitFor();
    // PostHog refuses collection adds to OAuth tokens as to keys: the signed-in tab adds.
    expect(recordingCalls(env.server, onboarding, loose).at(-1)).toBe('POST session 200');
    await expect(popup.getByText('signed in with PostHog').count()).resolves.toBeGreaterThan(0);
    await Promise.all([popup.close(), page.close()]);

    // The tokens are where the key would be (IndexedDB), never where a page could read them.
    const stored = await env.session.serviceWorker.evaluate(async () => {
      const chrome = (
        globalThis as unknown as {
          chrome: { storage: Record<'local' | 'session', { get(k: null): Promise<object> }> };
        }
      ).chrome;
      return JSON.stringify([await chrome.storage.local.get(null), await chrome.storage.session.get(null)]);
    });
    expect(stored).not.toMatch(TOKEN_SHAPE);
  });

  it('refreshes an expired access token without a seam', async () => {
    await signIn(options, env.server.url);
    env.server.oauth.expireAccessTokens();
    env.server.clearRequests();
    const list = (await sendFromExtensionPage(options.page, 'dashboards/list', { projectId: 1 })) as {
      ok: boolean;
    };
    expect(list.ok).toBe(true);
    expect(env.server.oauth.refreshes()).toHaveLength(1);
  });

  it('refresh refused: the popup says to sign in again, a pick waits, and signing in makes it once', async () => {
    // Another collection than the first test's add, which Onboarding now holds.
    await signIn(options, env.server.url);
    const { page, tabId, popup } = await signedInPickerOver(env.session, env.server.url, loose);
    await popup.close();
    env.server.oauth.dropRefreshTokens();
    env.server.oauth.expireAccessTokens();

    const again = await pickerOver(env.session, tabId);
    await again
      .getByText(/Sign in to PostHog again/)
      .first()
      .waitFor();
    env.server.clearRequests();
    await again.getByRole('combobox').fill('checkout');
    await again.keyboard.press('Enter');
    await again.getByText(waitsForSignIn('Checkout bugs')).waitFor();
    expect(recordingCalls(env.server, checkoutBugs, loose).filter((call) => call.endsWith(' 200'))).toEqual(
      [],
    );
    await again.close();

    await signIn(options, env.server.url);
    await expect
      .poll(() => recordingCalls(env.server, checkoutBugs, loose).filter((call) => call.endsWith(' 200')))
      .toEqual(['POST session 200']);
    await page.close();
  });

  it('signs out: PostHog sees the revocation, and nothing of the grant stays', async () => {
    await signIn(options, env.server.url);
    await options.page.getByRole('button', { name: 'Sign out' }).click();
    await options.page.getByRole('button', { name: 'Yes, sign out' }).click();
    await options.page.getByRole('button', { name: 'Sign in with PostHog' }).waitFor();
    expect(env.server.oauth.revocations()).toHaveLength(1);
    expect(env.server.oauth.tokens().access).toEqual([]);
    const stored = await env.session.serviceWorker.evaluate(readStoredGrant);
    expect(stored.keys).toEqual(['signInClients']);
    expect(stored.everything).not.toMatch(TOKEN_SHAPE);
  });

  it('shows exactly what a grant narrowed to one project and fewer scopes can do', async () => {
    await signIn(options, env.server.url, NARROWED);
    const report = await options.report.innerText();
    expect(report).toContain('Acme staging (ID 2)');
    expect(report).not.toContain('Acme web app (ID 1)');
    const pin = await options.capability('Pin dashboards').innerText();
    expect(pin).toContain('Needs dashboard:write');
    expect(pin).toContain('Sign in again with more access');
    await expect(options.capability('Name notebooks').innerText()).resolves.toContain('Needs notebook:read');
    await expect(options.capability('Copy share links').innerText()).resolves.toMatch(/Works/);
    expect(env.server.requests.some((request) => request.path === '/api/projects/')).toBe(false);

    await signIn(options, env.server.url);
    await expect(options.capability('Pin dashboards').innerText()).resolves.toMatch(/Works/);
  });

  it('says which access PostHog’s page took away that Hogmark cannot work without', async () => {
    const { page } = options;
    await options.chooseSelfHosted(env.server.url);
    const opened = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Sign in with PostHog' }).click();
    await consentIn(await opened, { lower: { user: 'none' } });
    await page
      .getByText(
        'Your sign-in lacks the user:read scope. Choose “Sign in again with more access” and allow it on PostHog’s page.',
      )
      .waitFor();
    const status = (await sendFromExtensionPage(page, 'status/get')) as { data: object };
    expect(status.data).toEqual({ configured: false });
  });
});
