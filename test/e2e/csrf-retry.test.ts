import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { recordingPath } from '../support/recording-route';
import { CLOUD_US } from './cloud-host';
import { pickerOver } from './collections-harness';
import { useCloudExtension } from './fixtures';

const { onboarding } = DEMO.playlists;
const { inCheckout, loose } = DEMO.recordings;

/** The tab's CSRF token expired: a malformed `posthog_csrftoken` in the browser (not 32 alphanumerics). */
async function expireCsrfCookie(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: 'posthog_csrftoken', value: 'expired', url: CLOUD_US, sameSite: 'Lax' }]);
}

/**
 * PostHog's CSRF refusal is not "signed out": the tab reads its token again (Django renews a
 * malformed one with the refusal) and tries once more; a refusal that stands says what it is.
 */
describe('a session write PostHog refuses for its CSRF token', () => {
  const env = useCloudExtension();
  const posts = () =>
    env.server.requests
      .filter((request) => request.method === 'POST' && request.path.includes('/recordings/'))
      .map((request) => `${request.path} ${request.auth} ${request.status}`);

  it('is made again with the fresh token PostHog sets, once, and the add goes in', async () => {
    const { page, tabId } = await env.session.openTab(`${CLOUD_US}/login?next=/project/1/replay/${loose}`);
    await page.waitForURL(`${CLOUD_US}/project/1/replay/${loose}`);
    await expireCsrfCookie(env.session.context);
    env.server.clearRequests();

    const popup = await pickerOver(env.session, tabId);
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup.getByText(/^✓ Added to Onboarding/).waitFor();
    expect(posts()).toEqual([
      `${recordingPath(onboarding, loose)} session 403`,
      `${recordingPath(onboarding, loose)} session 200`,
    ]);
    const cookies = await env.session.context.cookies(CLOUD_US);
    expect(cookies.find((cookie) => cookie.name === 'posthog_csrftoken')?.value).toMatch(/^[A-Za-z0-9]{32}$/);
    await Promise.all([popup.close(), page.close()]);
  });

  it('without any CSRF cookie, says the token is missing, not that the user is signed out', async () => {
    const { page, tabId } = await env.session.openTab(
      `${CLOUD_US}/login?next=/project/1/replay/${inCheckout}`,
    );
    await page.waitForURL(`${CLOUD_US}/project/1/replay/${inCheckout}`);
    await env.session.context.clearCookies({ name: 'posthog_csrftoken' });
    env.server.clearRequests();

    const popup = await pickerOver(env.session, tabId);
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup.getByText(/security \(CSRF\) token is missing or out of date/).waitFor();
    expect(await popup.getByText(/signed out/i).count()).toBe(0);
    // PostHog refused it once (no cookie, so no fresh one to try again with).
    expect(posts()).toEqual([`${recordingPath(onboarding, inCheckout)} session 403`]);
    expect(env.server.requests.find((request) => request.method === 'POST')?.status).toBe(403);
    await Promise.all([popup.close(), page.close()]);
  });
});
