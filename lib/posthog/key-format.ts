import { type MessageKey, t } from '../platform/i18n';

export type KeyFormatResult = { ok: true; key: string } | { ok: false; reason: string };

/** `phx_` + base62 (PostHog's `generate_random_token_personal` gives ~47 characters). */
const PERSONAL_KEY = /^phx_[A-Za-z0-9]{20,100}$/;

/** Other PostHog token kinds people paste by mistake, and the sentence that says what they pasted. */
const OTHER_PREFIXES: ReadonlyArray<readonly [prefix: string, messageKey: MessageKey]> = [
  ['phc_', 'keyIsProjectToken'],
  ['phs_', 'keyIsProjectSecret'],
  ['pha_', 'keyIsOAuthToken'],
  ['phr_', 'keyIsOAuthToken'],
];

/** Checks the shape of a personal API key before anything is sent anywhere. */
export function classifyKey(value: string): KeyFormatResult {
  const key = value.trim();
  if (PERSONAL_KEY.test(key)) return { ok: true, key };
  if (key === '') return { ok: false, reason: t('keyEmpty') };
  const other = OTHER_PREFIXES.find(([prefix]) => key.startsWith(prefix));
  if (other) return { ok: false, reason: t(other[1]) };
  return { ok: false, reason: t('keyMalformed') };
}

/** A sign-in with PostHog is held as the key is; its access token's mask (`pha_…`) says which it is. */
export const isSignInMask = (masked: string | null | undefined): boolean =>
  typeof masked === 'string' && masked.startsWith('pha_');
