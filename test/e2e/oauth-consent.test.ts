/**
 * The local PostHog's OAuth consent page in a browser, as the sign-in window shows it: a signed-out
 * visit goes through the login and comes back, the page names the app and what it asks, the user can
 * narrow the grant (one project, a scope lowered), and either button sends the browser to the
 * client's redirect URI. Plain Chromium pages, no extension.
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FakePostHog, startFakePostHog } from '../fake-posthog/index';
import {
  authorizeUrl,
  pkcePair,
  postForm,
  REDIRECT_URI,
  registerClient,
} from '../fake-posthog/oauth-test-helpers';

let browser: Browser;
let server: FakePostHog;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: inject('chromiumPath'), args: ['--no-sandbox'] });
  server = await startFakePostHog({});
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens the authorize URL; resolves with the URL the page is finally sent to (the client's redirect). */
async function openConsent(
  clientId: string,
  challenge: string,
): Promise<{ page: Page; landed: Promise<URL> }> {
  const page = await browser.newPage();
  const landed = new Promise<URL>((resolve) => {
    void page.route(`${REDIRECT_URI}**`, (route) => {
      resolve(new URL(route.request().url()));
      void route.fulfill({ status: 200, body: 'redirected' });
    });
  });
  await page.goto(
    `${server.url}${authorizeUrl({
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'user:read project:read dashboard:write',
      state: 'st4te',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })}`,
  );
  return { page, landed };
}

describe('the consent page', () => {
  it('signs the user in on the way, names the app, and grants one project with a lowered scope', async () => {
    const clientId = await registerClient(server);
    const { verifier, challenge } = pkcePair();
    const { page, landed } = await openConsent(clientId, challenge);
    await page.getByRole('heading', { name: 'Authorize Hogmark' }).waitFor();
    expect(await page.title()).toBe('PostHog');
    expect(await page.getByText('Hogmark is requesting access to your data.').count()).toBe(1);
    expect(await page.locator('[data-attr="unverified"]').textContent()).toContain('Unverified application.');
    expect(await page.getByText('Once you authorize, you will be redirected to').textContent()).toContain(
      new URL(REDIRECT_URI).hostname,
    );
    await page.getByRole('radio', { name: 'Projects' }).check();
    await page.locator('[data-attr="teams"]').selectOption('1');
    await page.locator('[data-scope-object="dashboard"]').selectOption('read');
    await page.getByRole('button', { name: 'Authorize Hogmark' }).click();
    const to = await landed;
    expect(to.searchParams.get('state')).toBe('st4te');
    const token = await postForm(server, '/oauth/token/', {
      grant_type: 'authorization_code',
      code: to.searchParams.get('code') ?? '',
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(token.json).toMatchObject({ scope: 'dashboard:read project:read user:read', scoped_teams: [1] });
    await page.close();
  });

  it('sends Cancel back as access_denied with the state', async () => {
    const clientId = await registerClient(server);
    const { page, landed } = await openConsent(clientId, pkcePair().challenge);
    await page.getByRole('button', { name: 'Cancel' }).click();
    const to = await landed;
    expect(to.searchParams.get('error')).toBe('access_denied');
    expect(to.searchParams.get('state')).toBe('st4te');
    expect(to.searchParams.has('code')).toBe(false);
    await page.close();
  });
});
