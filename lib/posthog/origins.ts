/**
 * Which origins are PostHog apps. Cloud hosts are fixed; self-hosted ones come from the user's
 * settings. Everything under posthog.com that is not a cloud app host (ingestion `*.i.posthog.com`,
 * the marketing site, assets) is never an app, whatever the settings say.
 */

/** Cloud app hosts and the host each is served as (`app.posthog.com` is the legacy US name). */
const CLOUD_APP_HOSTS: ReadonlyMap<string, string> = new Map([
  ['us.posthog.com', 'us.posthog.com'],
  ['eu.posthog.com', 'eu.posthog.com'],
  ['app.posthog.com', 'us.posthog.com'],
]);

function isPostHogDomain(hostname: string): boolean {
  const host = hostname.replace(/\.$/, '');
  return host === 'posthog.com' || host.endsWith('.posthog.com');
}

function parseHttpUrl(input: string): URL | null {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // `https://us.posthog.com@evil.com` is evil.com; credentials on a real host are never a tab we act on.
  if (url.username !== '' || url.password !== '') return null;
  return url;
}

/**
 * A self-hosted origin from the settings in the form the parser compares against (lowercase host,
 * default port dropped, no trailing slash), or null when the entry is not a plain http(s) origin
 * or names a posthog.com host.
 */
export function normaliseSelfHostedOrigin(entry: string): string | null {
  const url = parseHttpUrl(entry.trim());
  if (!url || isPostHogDomain(url.hostname)) return null;
  const isBareOrigin = url.pathname === '/' && url.search === '' && url.hash === '';
  return isBareOrigin ? url.origin : null;
}

/** The normalised app origin of a page URL, or null when the page is not on a PostHog app. */
export function appOriginOf(url: URL, selfHostedOrigins: ReadonlySet<string>): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  if (isPostHogDomain(url.hostname)) {
    const host = CLOUD_APP_HOSTS.get(url.hostname);
    return host && url.protocol === 'https:' && url.port === '' ? `https://${host}` : null;
  }
  return selfHostedOrigins.has(url.origin) ? url.origin : null;
}

export function selfHostedOriginSet(appOrigins: readonly string[]): ReadonlySet<string> {
  const origins = new Set<string>();
  for (const entry of appOrigins) {
    const origin = typeof entry === 'string' ? normaliseSelfHostedOrigin(entry) : null;
    if (origin) origins.add(origin);
  }
  return origins;
}

/** True for an origin exactly as `parsePageContext` reports it (cloud or self-hosted). */
export function isNormalisedAppOrigin(origin: string): boolean {
  if (origin === 'https://us.posthog.com' || origin === 'https://eu.posthog.com') return true;
  return normaliseSelfHostedOrigin(origin) === origin;
}

/**
 * True for PostHog Cloud's app origins (app.posthog.com included), exactly as `parsePageContext`
 * reports them or the settings hold them. The test under `originTraits`: callers ask the trait they
 * mean rather than this.
 */
export function isCloudOrigin(origin: string): boolean {
  const url = parseHttpUrl(origin);
  return (
    url !== null && url.protocol === 'https:' && url.origin === origin && CLOUD_APP_HOSTS.has(url.hostname)
  );
}

/** What Hogmark may take for granted of a PostHog origin, one trait per question asked of it. */
export interface OriginTraits {
  /**
   * PostHog refuses personal API keys for adding recordings to (or removing them from) a collection
   * there: Cloud does for certain, so those writes go straight through the signed-in session.
   * Elsewhere the key is tried first and a refusal is remembered (key-refusals.ts).
   */
  readonly keyRefusedForCollectionWrites: boolean;
  /**
   * The session-only `bulk_add` / `bulk_delete` recording routes exist: Cloud runs PostHog's newest
   * code; a self-hosted PostHog may be older and take `bulk_add` for a recording id (session-routes.ts).
   */
  readonly hasBulkRecordingRoutes: boolean;
  /**
   * Access to it is granted by the manifest (Cloud's hosts are in `host_permissions` in every build),
   * so no optional permission is asked for or checked.
   */
  readonly accessGrantedByManifest: boolean;
}

const CLOUD_TRAITS: OriginTraits = {
  keyRefusedForCollectionWrites: true,
  hasBulkRecordingRoutes: true,
  accessGrantedByManifest: true,
};
const SELF_HOSTED_TRAITS: OriginTraits = {
  keyRefusedForCollectionWrites: false,
  hasBulkRecordingRoutes: false,
  accessGrantedByManifest: false,
};

/** The traits of `origin` (a normalised app origin): Cloud's, or none for any other. */
export function originTraits(origin: string): OriginTraits {
  return isCloudOrigin(origin) ? CLOUD_TRAITS : SELF_HOSTED_TRAITS;
}

/** See `OriginTraits.keyRefusedForCollectionWrites`. */
export const refusesKeyForCollectionWrites = (origin: string): boolean =>
  originTraits(origin).keyRefusedForCollectionWrites;

/** See `OriginTraits.hasBulkRecordingRoutes`. */
export const hasBulkRecordingRoutes = (origin: string): boolean =>
  originTraits(origin).hasBulkRecordingRoutes;

/** See `OriginTraits.accessGrantedByManifest`. */
export const accessGrantedByManifest = (origin: string): boolean =>
  originTraits(origin).accessGrantedByManifest;
