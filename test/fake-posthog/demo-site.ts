import type { Reply } from './http';
import { escapeHtml } from './page-layout';

/**
 * A customer's site that runs PostHog: `/demo-site/<site>/<any path>`, each page leaving in the
 * browser what posthog-js 1.418 leaves there with its default `persistence: 'localStorage+cookie'`
 * (../shared/reference/posthog-site-recordings.md §1, from posthog-js `posthog-persistence.ts`,
 * `storage.ts`, `sessionid.ts`): the page only writes storage, it sends nothing.
 * - `shop`: project 1's token (`PROJECTS[0].apiToken`); `?identify=<distinct id>` identifies.
 * - `elsewhere`: a token no project of this PostHog has.
 * - `named`: `persistence_name: 'acme_shop'`, whose entry names no token.
 * - `plain`: no posthog-js at all.
 */

export const DEMO_SITE_TOKENS = {
  shop: 'phc_AcmeWebAppProjectToken000000000000000001',
  elsewhere: 'phc_SomeoneElsesProjectToken0000000000000009',
} as const;

type DemoSite = 'shop' | 'elsewhere' | 'named' | 'plain';

/** The entry's name (`parseName`): `ph_` + token with `+/=` → `PL`/`SL`/`EQ` + `_posthog`, or `ph_` + persistence_name. */
function entryName(site: DemoSite): string | null {
  if (site === 'named') return 'ph_acme_shop';
  if (site === 'plain') return null;
  return `ph_${DEMO_SITE_TOKENS[site].replace(/\+/g, 'PL').replace(/\//g, 'SL').replace(/=/g, 'EQ')}_posthog`;
}

/**
 * What posthog-js does to storage on a page load: reads its entry (localStorage over the cookie,
 * `createLocalPlusCookieStore`), keeps `distinct_id` / `$device_id` (UUIDv7 `register_once`), keeps the
 * session while it is within `$configured_session_timeout_ms` and 24 hours or starts a new one
 * (`checkAndGetSessionAndWindowId`), writes `$sesid = [activity, id, start]`, the whole entry to
 * localStorage as JSON and `COOKIE_PERSISTED_PROPERTIES` to the cookie as `encodeURIComponent(JSON)`.
 */
const STORAGE_SCRIPT = `(() => {
  const name = document.currentScript.dataset.entry;
  const identify = new URLSearchParams(location.search).get('identify');
  const uuidv7 = () => {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    let time = Date.now();
    for (let i = 5; i >= 0; i -= 1) { bytes[i] = time % 256; time = Math.floor(time / 256); }
    bytes[6] = (bytes[6] & 0x0f) | 0x70;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
    return hex.slice(0, 8) + '-' + hex.slice(8, 12) + '-' + hex.slice(12, 16) + '-' + hex.slice(16, 20) + '-' + hex.slice(20);
  };
  const parse = (text) => { try { return JSON.parse(text) || {}; } catch { return {}; } };
  const cookie = document.cookie.split('; ').find((part) => part.startsWith(name + '='));
  const props = { ...(cookie ? parse(decodeURIComponent(cookie.slice(name.length + 1))) : {}), ...parse(localStorage.getItem(name)) };
  const now = Date.now();
  const timeout = 1800000;
  if (!props.distinct_id) { props.distinct_id = uuidv7(); props.$device_id = props.distinct_id; props.$user_state = 'anonymous'; }
  if (identify) { props.distinct_id = identify; props.$user_state = 'identified'; props.$user_id = identify; }
  const [activity, id, start] = Array.isArray(props.$sesid) ? props.$sesid : [];
  const fresh = id && now - activity <= timeout && now - start <= 86400000;
  props.$sesid = fresh ? [now, id, start] : [now, uuidv7(), now];
  props.$configured_session_timeout_ms = timeout;
  localStorage.setItem(name, JSON.stringify(props));
  const kept = ['$device_id', 'distinct_id', '$sesid', '$session_is_sampled', '$epp', '$initial_person_info', '$user_state'];
  const cookieProps = Object.fromEntries(kept.filter((key) => key in props).map((key) => [key, props[key]]));
  const expires = new Date(now + 365 * 86400000).toUTCString();
  document.cookie = name + '=' + encodeURIComponent(JSON.stringify(cookieProps)) + '; expires=' + expires + '; SameSite=Lax; path=/';
  document.getElementById('session').textContent = props.$sesid[1];
})();`;

const TITLES: Record<DemoSite, string> = {
  shop: 'Acme shop',
  elsewhere: 'Globex store',
  named: 'Acme shop (named persistence)',
  plain: 'A site without PostHog',
};

/** The page at `/demo-site/<site>/…`, or null for any other path. */
export function demoSitePage(url: URL): Reply | null {
  const match = /^\/demo-site\/(shop|elsewhere|named|plain)(\/.*)?$/.exec(url.pathname);
  if (!match) return null;
  const site = match[1] as DemoSite;
  const path = match[2] ?? '/';
  const entry = entryName(site);
  const script = entry
    ? `<p>posthog-js session: <code id="session"></code></p><script data-entry="${escapeHtml(entry)}">${STORAGE_SCRIPT}</script>`
    : '';
  const links = ['/', '/checkout', '/checkout/payment', '/products/1']
    .map((to) => `<a href="/demo-site/${site}${to}">${escapeHtml(to)}</a>`)
    .join(' · ');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(
    `${TITLES[site]} · ${path}`,
  )}</title></head><body><h1>${escapeHtml(TITLES[site])}</h1><p>${escapeHtml(path)}</p><nav>${links}</nav>${script}</body></html>`;
  return { status: 200, text: html, contentType: 'text/html; charset=utf-8' };
}
