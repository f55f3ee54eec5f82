import { t } from '../platform/i18n';
import { appOriginOf, normaliseSelfHostedOrigin } from './origins';

const LOCAL_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);
const NO_SELF_HOSTED: ReadonlySet<string> = new Set();

export type UserOriginResult = { ok: true; origin: string } | { ok: false; reason: string };

/**
 * What the user typed in the options' address field → the origin Hogmark talks to, in the form
 * `parsePageContext` reports (`app.posthog.com` → `us.posthog.com`). No scheme means https (http on
 * the user's own machine); a path is dropped; plain http elsewhere is refused because the key would
 * travel in clear text; posthog.com hosts other than the cloud apps (ingestion, website) are refused.
 */
export function normaliseUserOrigin(input: string): UserOriginResult {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, reason: t('originEmpty') };
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed);
  let url: URL;
  try {
    url = new URL(hasScheme ? trimmed : `https://${trimmed}`);
  } catch {
    return { ok: false, reason: t('originMalformed', trimmed) };
  }
  if (url.username || url.password || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    return { ok: false, reason: t('originMalformed', trimmed) };
  }
  const local = LOCAL_HOSTS.has(url.hostname);
  if (!hasScheme && local) url.protocol = 'http:';
  if (url.protocol === 'http:' && !local) return { ok: false, reason: t('originNeedsHttps', url.host) };

  const bare = new URL(url.origin);
  const cloud = appOriginOf(bare, NO_SELF_HOSTED);
  if (cloud) return { ok: true, origin: cloud };
  const ingestion = /^(us|eu)\.i\.posthog\.com$/.exec(url.hostname);
  if (ingestion)
    return { ok: false, reason: t('originIngestionHost', `https://${ingestion[1]}.posthog.com`) };
  const selfHosted = normaliseSelfHostedOrigin(bare.origin);
  return selfHosted ? { ok: true, origin: selfHosted } : { ok: false, reason: t('originMalformed', trimmed) };
}
