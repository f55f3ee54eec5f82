/**
 * Match patterns for one PostHog origin, in the form each browser accepts.
 *
 * - Chromium: a pattern may name a port (`http://localhost:8000/*` covers that port only); without
 *   one it covers every port of the host.
 * - Firefox: a pattern cannot name a port. `permissions.request` refuses one as "not declared in the
 *   manifest", and as a content-script match it matches no page. Without a port a pattern covers
 *   every port of the host, so that is the narrowest access Firefox can grant.
 *
 * Either way access is wider than Hogmark's use: the key only ever goes to the exact configured
 * origin (scheme, host and port), and messages from a page on another port are refused.
 */
export type PatternDialect = 'chromium' | 'firefox';

/** The dialect of the browser this build is for (WXT sets `FIREFOX` at build time). */
export const BUILD_DIALECT: PatternDialect = import.meta.env.FIREFOX ? 'firefox' : 'chromium';

/** `http://localhost:8000` → `http://localhost/*`: scheme and host only, which every browser accepts. */
export function portlessPattern(origin: string): string {
  const { protocol, hostname } = new URL(origin);
  return `${protocol}//${hostname}/*`;
}

/**
 * The host permission to ask for, and the content-script match to register, for an origin:
 * exact (port included) where the browser can say it, else scheme and host.
 */
export function hostAccessPattern(origin: string, dialect: PatternDialect): string {
  return dialect === 'firefox' ? portlessPattern(origin) : `${new URL(origin).origin}/*`;
}

/** The first tab whose page is on exactly this origin (a port-less query also finds other ports). */
export interface TabLike {
  id?: number;
  url?: string;
  incognito?: boolean;
  discarded?: boolean;
  status?: string;
  lastAccessed?: number;
  /** Firefox's container of the tab (its cookie store). */
  cookieStoreId?: string;
}

/**
 * The tabs a session request may go through, in the order to try them, chosen on purpose: exactly
 * this origin (its port too), of the window kind asked (a private window's PostHog is another session
 * and the user's private browsing: only a change asked there goes through it), not discarded (it
 * would have to reload), loaded pages first, then the most recently used.
 */
export function tabsOnOrigin<T extends TabLike>(
  tabs: readonly T[],
  origin: string,
  options: { private?: boolean } = {},
): Array<T & { id: number }> {
  const candidates = tabs.filter(
    (tab): tab is T & { id: number } =>
      tab.id !== undefined &&
      (tab.incognito === true) === (options.private === true) &&
      !tab.discarded &&
      URL.canParse(tab.url ?? '') &&
      new URL(tab.url ?? '').origin === origin,
  );
  const rank = (tab: T) => [tab.status === 'complete' ? 1 : 0, tab.lastAccessed ?? 0] as const;
  candidates.sort((a, b) => {
    const [loadedA, usedA] = rank(a);
    const [loadedB, usedB] = rank(b);
    return loadedB - loadedA || usedB - usedA;
  });
  return candidates;
}

export interface HostPermissions {
  getAll(): Promise<{ origins?: string[] }>;
  contains(permissions: { origins: string[] }): Promise<boolean>;
}

/**
 * Whether the extension may reach an origin, with the granted origins read once, when this is
 * created: a page that asks this after other reads (the popup, after its stored snapshot) then
 * waits for no round trip of its own. An origin is covered when its own pattern or its host's
 * port-less one was granted (the manifest's or the user's; either covers it, see above). For
 * anything else (a wildcard host, `<all_urls>`, a failed read) the browser is asked, which knows
 * every match-pattern rule.
 */
export function createHostAccess(permissions: HostPermissions, dialect: PatternDialect) {
  const granted = permissions.getAll().then(
    (all) => new Set(all.origins ?? []),
    () => new Set<string>(),
  );
  return async (origin: string): Promise<boolean> => {
    const pattern = hostAccessPattern(origin, dialect);
    const origins = await granted;
    if (origins.has(pattern) || origins.has(portlessPattern(origin))) return true;
    return permissions.contains({ origins: [pattern] });
  };
}
