/** `posthog/models/oauth.py` → `BLOCKED_REDIRECT_URI_SCHEMES`. */
const BLOCKED_SCHEMES = new Set(['javascript', 'data', 'file', 'blob', 'vbscript']);

/** `is_loopback_host`: localhost, 127.0.0.0/8, ::1. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * `OAuthApplication._validate_redirect_uris` (`posthog/models/oauth.py`): why a registered URI is
 * refused with `invalid_redirect_uri`, `fragment` for one django-oauth-toolkit's validator refuses as
 * a non-field error (DCR then answers 500), or null when it passes.
 */
export function redirectUriProblem(uri: string): string | 'fragment' | null {
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return `Redirect URI ${uri} is not a valid URI`;
  }
  const scheme = parsed.protocol.replace(/:$/, '').toLowerCase();
  if (BLOCKED_SCHEMES.has(scheme))
    return `Redirect URI scheme '${scheme}' is not allowed for security reasons`;
  if (uri.includes('#')) return 'fragment';
  if (scheme === 'http' && !isLoopbackHost(parsed.hostname)) {
    return `Redirect URI ${uri} must use https (http is only allowed for loopback addresses)`;
  }
  return null;
}

/** `posthog/security/url_validation.py` → `has_ambiguous_authority`: a backslash or an encoded `/?#@`. */
function hasAmbiguousAuthority(uri: string): boolean {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(uri)?.[1] ?? '';
  return uri.includes('\\') || /%(2f|3f|23|40)/i.test(authority);
}

/** The path as Python's `urlparse` gives it: as written, so `https://h` has '' where WHATWG says '/'. */
const rawPath = (uri: string): string => /^[a-z][a-z0-9+.-]*:(?:\/\/[^/?#]*)?([^?#]*)/i.exec(uri)?.[1] ?? '';

const LOOPBACK_ANY_PORT = new Set(['127.0.0.1', '[::1]']);

/**
 * `OAuthValidator.validate_redirect_uri` → django-oauth-toolkit `redirect_to_uri_allowed`: scheme,
 * host (any case), port and path equal (so a missing trailing slash does not match), the registered
 * query a subset of the requested one; a registered `http://127.0.0.1` or `[::1]` matches any port,
 * and PostHog lets `http://localhost:<port>/p` match a registered `http://localhost/p`.
 */
export function redirectUriAllowed(requested: string, registered: readonly string[]): boolean {
  if (hasAmbiguousAuthority(requested)) return false;
  let want: URL;
  try {
    want = new URL(requested);
  } catch {
    return false;
  }
  return registered.some((candidate) => {
    let allowed: URL;
    try {
      allowed = new URL(candidate);
    } catch {
      return false;
    }
    const anyPort =
      allowed.protocol === 'http:' &&
      (LOOPBACK_ANY_PORT.has(allowed.hostname) || (allowed.hostname === 'localhost' && allowed.port === ''));
    if (allowed.protocol !== want.protocol || allowed.hostname !== want.hostname) return false;
    if (!anyPort && allowed.port !== want.port) return false;
    if (rawPath(candidate) !== rawPath(requested)) return false;
    for (const [name, value] of allowed.searchParams) {
      if (!want.searchParams.getAll(name).includes(value)) return false;
    }
    return true;
  });
}

/** oauthlib's `add_params_to_uri`: the parameters after any the URI already has (spaces as `+`). */
export function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.append(name, value);
  return url.toString();
}
