import { parseSiteStorage, type SiteStorage } from '../../posthog/site-storage';

/**
 * Runs in the tab's isolated world (`scripting.executeScript`, with the popup click's activeTab
 * grant): posthog-js's entries of the page and nothing else. Only keys `ph_…_posthog` come back
 * (posthog-js's main entry, whose name holds the token; `ph_<name>` of a `persistence_name` install
 * too, so the view can tell posthog-js is there), at most 8 per store and 32 KB a value; every other
 * cookie and item of the page stays where it is. It must be self-contained: the browser sends its
 * source, not its closure. What it answers is parsed as hostile (lib/posthog/site-storage.ts).
 */
export function posthogStorageInPage(): {
  cookie: Array<{ key: string; value: string }>;
  localStorage: Array<{ key: string; value: string }>;
  sessionStorage: Array<{ key: string; value: string }>;
} {
  const wanted = (key: string) =>
    key.length <= 200 &&
    /^ph_[A-Za-z0-9_+=/-]+$/.test(key) &&
    !/_(cpm|window_id|primary_window_exists|session_registered_properties|cookie_identity_change_pending)$|__/.test(
      key,
    );
  const keep = (entries: Array<{ key: string; value: string }>) =>
    entries.filter((entry) => wanted(entry.key) && entry.value.length <= 32_768).slice(0, 8);
  const cookies: Array<{ key: string; value: string }> = [];
  let cookieText = '';
  try {
    cookieText = document.cookie;
  } catch {
    // A sandboxed page without cookies: nothing to read there.
  }
  for (const part of cookieText.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies.push({ key: part.slice(0, at).trim(), value: part.slice(at + 1).trim() });
  }
  const items = (name: 'localStorage' | 'sessionStorage') => {
    const found: Array<{ key: string; value: string }> = [];
    try {
      const store = window[name];
      for (let index = 0; index < store.length && index < 10_000; index += 1) {
        const key = store.key(index);
        if (key === null || !wanted(key)) continue;
        found.push({ key, value: store.getItem(key) ?? '' });
      }
    } catch {
      // Storage refused (third-party blocking, a sandbox): nothing to read there.
    }
    return found;
  };
  return {
    cookie: keep(cookies),
    localStorage: keep(items('localStorage')),
    sessionStorage: keep(items('sessionStorage')),
  };
}

export interface SiteReaderDeps {
  /** `scripting.executeScript` of `posthogStorageInPage` in the tab's top frame; its result, untrusted. */
  readStorage: (tabId: number) => Promise<unknown>;
  /** The tab's address (`tabs.get`), which the click's grant lets the extension see. */
  tabUrl: (tabId: number) => Promise<string | undefined>;
}

export interface SitePage {
  url: URL;
  storage: SiteStorage;
}

/**
 * The tab's page and what posthog-js keeps there; null where it cannot be read (a browser page, a
 * tab the grant does not reach, a page that is not http(s)).
 */
export function createSiteReader(deps: SiteReaderDeps) {
  return async function readSite(tabId: number): Promise<SitePage | null> {
    let url: URL;
    try {
      url = new URL((await deps.tabUrl(tabId)) ?? '');
    } catch {
      return null;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    let raw: unknown;
    try {
      raw = await deps.readStorage(tabId);
    } catch {
      return null;
    }
    return { url, storage: parseSiteStorage(raw) };
  };
}
export type ReadSite = ReturnType<typeof createSiteReader>;
