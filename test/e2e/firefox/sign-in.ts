import { expect } from 'vitest';
import { CONSENT, type Consent, SIGN_IN_BUTTONS, signedInNotice } from '../oauth-test-helpers';
import { type FirefoxEnv, waitForOpened } from './fixtures';
import { FirefoxPage } from './page';

/**
 * Signs in from the options page as a user does in Firefox: the button that starts it (whichever the
 * page offers), then PostHog's consent page in Firefox's sign-in window (a new top-level browsing
 * context), driven with real clicks. Resolves once PostHog's code was exchanged and the page says so.
 */
export async function signInFirefox(
  env: FirefoxEnv,
  options: FirefoxPage,
  consent: Consent = {},
): Promise<void> {
  const origin = env.server.url;
  const button = await options.waitFor(
    (names: string[]) =>
      [...document.querySelectorAll('button')]
        .map((element) => element.textContent?.trim() ?? '')
        .find((name) => names.includes(name)) ?? null,
    SIGN_IN_BUTTONS,
  );
  if ((await options.text({ css: 'label', hasText: 'Self-hosted' })) !== null) {
    await options.click({ css: 'label', hasText: 'Self-hosted' });
    await options.fill({ css: 'input#address' }, origin);
  }
  const exchanged = env.server.oauth.codeExchanges().length;
  await options.click({ css: 'button', text: button });

  const window = await waitForOpened(env.session, `${origin}/oauth/authorize/`);
  const page = new FirefoxPage(env.session.bidi, window.context);
  await page.waitForTarget({ css: 'h2', hasText: CONSENT.heading });
  if (consent.project !== undefined) {
    await page.click({ css: CONSENT.projectsRadio });
    await page.select({ css: CONSENT.teams }, String(consent.project));
  }
  for (const [object, level] of Object.entries(consent.lower ?? {})) {
    await page.select({ css: CONSENT.scope(object) }, level);
  }
  // The window closes itself as soon as PostHog sends it back to Hogmark: the click's end (releasing
  // the pointer) may find it gone, which is the sign-in working.
  await page.click({ css: 'button', text: CONSENT.authorize }).catch((error: Error) => {
    if (!/no such frame/.test(error.message)) throw error;
  });
  await expect.poll(() => env.server.oauth.codeExchanges().length).toBe(exchanged + 1);
  await options.waitForTarget({ css: '[role="status"]', text: signedInNotice(origin) });
}

/** The options page's "What this sign-in can do" section, once it reports, and one row of its table. */
export const SIGN_IN_REPORT = { css: 'section.report', hasText: 'What this sign-in can do' };
export const capabilityRow = (feature: string) => ({ css: 'tr', hasText: feature, within: SIGN_IN_REPORT });
