import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicSettings } from '../../lib/messaging/messages';
import { AppError } from '../../lib/platform/errors';
import { createOptionsStore } from '../../lib/stores/options';
import { type Answers, fakeBackground } from '../support/fake-background';
import { installEnglishTranslator } from '../support/i18n';
import { keyCheck } from '../support/key-check';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';
const SELF = 'https://posthog.example.com';
const signedInCheck = keyCheck({ origin: US, maskedKey: 'pha_…wxyz' });

async function ready(settings: PublicSettings, answers: Answers = {}, granted = true) {
  const background = fakeBackground({ 'settings/get': settings, ...answers });
  const requestHostAccess = vi.fn(async (_origin: string) => granted);
  const store = createOptionsStore({ send: background.send, requestHostAccess, now: () => 1000 });
  await store.load();
  background.sent.length = 0;
  return { store, background, requestHostAccess };
}

const fresh: PublicSettings = { origin: US, inPageButton: true };

describe('"Sign in with PostHog" on the options page', () => {
  it('is offered first; the key field only once asked for, or when a key is saved', async () => {
    const { store } = await ready(fresh);
    expect(store.keyMode.value).toBe(false);
    expect(store.signedIn.value).toBe(false);
    store.useKey();
    expect(store.keyMode.value).toBe(true);
    store.useSignIn();
    expect(store.keyMode.value).toBe(false);
    const withKey = await ready({ ...fresh, maskedKey: 'phx_…a1B2' });
    expect(withKey.store.keyMode.value).toBe(true);
    const withSignIn = await ready({ ...fresh, maskedKey: 'pha_…wxyz' });
    expect(withSignIn.store.keyMode.value).toBe(false);
    expect(withSignIn.store.signedIn.value).toBe(true);
  });

  it('signs in at the cloud chosen, and shows the grant as a key check', async () => {
    const { store, background, requestHostAccess } = await ready(fresh, {
      'settings/sign-in': signedInCheck,
    });
    store.setWhere('eu');
    await store.signIn();
    expect(background.sent).toEqual([
      { type: 'settings/sign-in', input: { origin: 'https://eu.posthog.com' } },
    ]);
    expect(requestHostAccess).not.toHaveBeenCalled();
    expect(store.signedIn.value).toBe(true);
    expect(store.report.value?.user.email).toBe('ana@example.com');
    expect(store.notice.value).toBe(`Signed in to ${US} as ana@example.com.`);
  });

  it('asks for a self-hosted address’s access inside the click, and says when it is refused', async () => {
    const { store, background, requestHostAccess } = await ready(fresh, {}, false);
    store.setWhere('self-hosted');
    store.setAddress(SELF);
    const done = store.signIn();
    expect(requestHostAccess).toHaveBeenCalledWith(SELF);
    await done;
    expect(background.sent).toEqual([]);
    expect(store.fieldErrors.value.origin).toMatch(/posthog\.example\.com/);
  });

  it.each([
    [
      'oauth-unavailable',
      'This PostHog does not offer “Sign in with PostHog” yet; use a personal API key instead.',
    ],
    [
      'sign-in-unsupported',
      'This browser cannot open PostHog’s sign-in window for extensions; use a personal API key instead.',
    ],
  ] as const)('shows %s in one sentence, with the key field', async (kind, sentence) => {
    const { store } = await ready(fresh, { 'settings/sign-in': new AppError(kind) });
    await store.signIn();
    expect(store.error.value?.message).toBe(sentence);
    expect(store.keyMode.value).toBe(true);
    expect(store.signedIn.value).toBe(false);
  });

  it.each([
    ['sign-in-cancelled', 'Sign-in was cancelled in the PostHog window; nothing was changed.'],
    [
      'sign-in-state-mismatch',
      'The answer from PostHog did not belong to this sign-in, so Hogmark ignored it; sign in again.',
    ],
    ['network', 'Could not reach PostHog. Check your connection, then try again.'],
    [
      'registration-throttled',
      'PostHog is receiving too many sign-ins from this network right now; try again in a minute.',
    ],
    ['sign-in-code-expired', 'That sign-in was already used or took too long; sign in again.'],
    [
      'clock-skew',
      "PostHog found the sign-in already expired: check that this computer's date and time are right, then sign in again.",
    ],
  ] as const)('says %s in one sentence, and Try again signs in again', async (kind, sentence) => {
    const { store } = await ready(fresh, { 'settings/sign-in': new AppError(kind) });
    await store.signIn();
    expect(store.error.value?.message).toBe(sentence);
    expect(store.signInFailed.value).toBe(true);
    expect(store.signedIn.value).toBe(false);
  });
});
