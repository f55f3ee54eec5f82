import { SCOPE_OBJECTS } from '../keys';

/** `posthog/scopes.py` → `OIDC_SCOPES` and `ALWAYS_ALLOWED_SCOPES` (accepted whatever the ceiling). */
export const OIDC_SCOPES = ['openid', 'profile', 'email'] as const;
export const ALWAYS_ALLOWED_SCOPES: ReadonlySet<string> = new Set([...OIDC_SCOPES, 'introspection']);

/**
 * The scope objects the stand-in serves, a subset of PostHog's `APIScopeObject` (which has about a
 * hundred): those of the personal API keys plus `comment`, `notebook` and `person`, alphabetical as PostHog's list mostly runs.
 */
const OBJECTS = [...SCOPE_OBJECTS, 'comment', 'notebook', 'person'].sort();

/** `UNPRIVILEGED_SCOPES`, for these objects: every `obj:read` and `obj:write`. */
export const UNPRIVILEGED_SCOPES: ReadonlySet<string> = new Set(
  OBJECTS.flatMap((object) => [`${object}:read`, `${object}:write`]),
);

/** `get_oauth_scopes_supported()`: the OIDC scopes, then every resource scope; never `*`. */
export const SCOPES_SUPPORTED: readonly string[] = [...OIDC_SCOPES, ...UNPRIVILEGED_SCOPES];

/** `filter_to_unprivileged_scopes`: known resource scopes only, deduplicated, order kept. */
export function filterToUnprivileged(scopes: readonly string[]): string[] {
  return [...new Set(scopes.filter((scope) => UNPRIVILEGED_SCOPES.has(scope)))];
}

const withReadHalves = (scopes: Iterable<string>): Set<string> =>
  new Set([...scopes].flatMap((s) => (s.endsWith(':write') ? [s, s.replace(/:write$/, ':read')] : [s])));

/** Python's `sorted()` of strings: by code point. */
const sortedScopes = (scopes: Iterable<string>): string[] =>
  [...scopes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** `effective_ceiling(app_scopes) | ALWAYS_ALLOWED_SCOPES`: what an omitted scope resolves to. */
export function defaultScopes(ceiling: readonly string[]): string[] {
  const effective = ceiling.length > 0 ? ceiling : [...UNPRIVILEGED_SCOPES];
  return sortedScopes(new Set([...effective, ...ALWAYS_ALLOWED_SCOPES]));
}

/**
 * `clamp_scopes_to_ceiling(requested, ceiling, allow_wildcard_under_empty_ceiling=True)`: what is
 * grantable is kept, the rest dropped (never an error), sorted. Under an explicit ceiling `*` becomes
 * the ceiling; under none it stays `*`.
 */
export function clampScopes(requested: readonly string[], ceiling: readonly string[]): string[] {
  const always = requested.filter((scope) => ALWAYS_ALLOWED_SCOPES.has(scope));
  const resource = new Set(requested.filter((scope) => !ALWAYS_ALLOWED_SCOPES.has(scope)));
  if (resource.size === 0) return sortedScopes(new Set(always));
  let granted: string[];
  if (ceiling.length > 0) {
    const admissible = withReadHalves(ceiling);
    granted = resource.has('*')
      ? ceiling.filter((s) => s !== '*')
      : [...resource].filter((s) => admissible.has(s));
  } else {
    granted = [...resource].filter((scope) => scope === '*' || UNPRIVILEGED_SCOPES.has(scope));
  }
  return sortedScopes(new Set([...granted, ...always]));
}

/**
 * `OAuthValidator.validate_scopes` at `/authorize`: nothing asked, or nothing grantable asked,
 * resolves to the ceiling (`views.py` → `OAuthAuthorizationView.get`, `nothing_grantable`).
 */
export function resolveRequestedScopes(
  requested: readonly string[],
  ceiling: readonly string[],
): { scopes: string[]; defaulted: boolean } {
  if (requested.length === 0) return { scopes: defaultScopes(ceiling), defaulted: true };
  const clamped = clampScopes(requested, ceiling);
  const askedForResources = requested.some((scope) => !ALWAYS_ALLOWED_SCOPES.has(scope));
  const grantedResources = clamped.some((scope) => !ALWAYS_ALLOWED_SCOPES.has(scope));
  if (askedForResources && !grantedResources) return { scopes: defaultScopes(ceiling), defaulted: true };
  return { scopes: clamped, defaulted: false };
}
