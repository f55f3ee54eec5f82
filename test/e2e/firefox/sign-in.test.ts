/**
 * "Sign in with PostHog" in Firefox: the options page starts it, Firefox's sign-in window (a new
 * top-level browsing context) shows PostHog's login and consent page, driven here with real clicks;
 * then the grant works, and Sign out revokes it at PostHog.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../fake-posthog/demo-ids';
import { sendFromExtension, useFirefoxExtension, waitForOpened } from './fixtures';
import { FirefoxPage } from './page';

describe('Firefox: Sign in with PostHog', () => {
  const env = useFirefoxExtension({ flavor: 'posthog', seed: 'demo' });
  const opened: FirefoxPage[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.close().catch(() => undefined)));
  });

  it('signs in through the consent page in Firefox’s sign-in window, pins with the token, and signs out', async () => {
    const options = await env.session.openExtensionPage('options.html');
    opened.push(options);
    await options.waitForTarget({ css: 'button', text: 'Sign in with PostHog' });
    await options.click({ css: 'label', hasText: 'Self-hosted' });
    await options.fill({ css: 'input#address' }, env.server.url);
    await options.click({ css: 'button', text: 'Sign in with PostHog' });

    const window = await waitForOpened(env.session, `${env.server.url}/oauth/authorize/`);
    const consent = new FirefoxPage(env.session.bidi, window.context);
    await consent.waitForTarget({ css: 'h2', hasText: 'Authorize Hogmark' });
    // The window closes itself as soon as PostHog sends it back to Hogmark: the click's end (releasing
    // the pointer) may find it gone, which is the sign-in working.
    await consent.click({ css: 'button', text: 'Authorize Hogmark' }).catch((error: Error) => {
      if (!/no such frame/.test(error.message)) throw error;
    });

    const notice = await options.waitFor(
      () => document.querySelector('[role="status"]')?.textContent?.trim() || null,
    );
    expect(notice).toBe(`Signed in to ${env.server.url} as ana@example.com.`);
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
    expect(
      env.server.requests
        .filter((request) => request.path.includes('/dashboards/'))
        .every((r) => r.auth === 'oauth'),
    ).toBe(true);

    await options.click({ css: 'button', text: 'Sign out' });
    await options.click({ css: 'button', text: 'Yes, sign out' });
    await options.waitForTarget({ css: 'button', text: 'Sign in with PostHog' });
    expect(env.server.oauth.revocations()).toHaveLength(1);
    expect(env.server.oauth.tokens().access).toEqual([]);
  });
});
