import { z } from 'zod/mini';
import { lazily } from '../platform/lazy';
import { isCapturedSessionId } from './context-ids';

/**
 * What posthog-js keeps on a customer's site, read from the page on the popup's click and trusted in
 * nothing: the page (or anything it runs) wrote every byte. posthog-js names its entry
 * `ph_<token>_posthog` (`posthog-persistence.ts` `parseName`), in localStorage as JSON and in a cookie
 * as `encodeURIComponent(JSON)` (`storage.ts`); only the key names carry the project token.
 */

/** The longest stored value read: posthog-js's entry is a few KB; a bigger one is not its own. */
export const MAX_ENTRY_CHARS = 32_768;
/** Entries looked at at most, per store (several `posthog.init` on one page make several). */
export const MAX_ENTRIES = 8;

/** `phc_` + base-62 (`posthog/models/utils.py` `generate_random_token_project`), bounded. */
const TOKEN = /^phc_[A-Za-z0-9]{8,100}$/;
/** The key of a main entry; the anchored `$` skips the sidecars (`…_posthog_cpm`, `…__flags`). */
const ENTRY_KEY = /^ph_(phc_[A-Za-z0-9]{8,100})_posthog$/;

export type StoreName = 'cookie' | 'localStorage' | 'sessionStorage';

/** What the in-page reader hands back: raw keys and values, each bounded, nothing parsed. */
export const RawSiteStorageSchema = lazily(() => {
  const Entry = z.object({
    key: z.string().check(z.maxLength(200)),
    value: z.string().check(z.maxLength(MAX_ENTRY_CHARS)),
  });
  const Store = z.array(Entry).check(z.maxLength(MAX_ENTRIES));
  return z.object({ cookie: Store, localStorage: Store, sessionStorage: Store });
});
export type RawSiteStorage = z.infer<typeof RawSiteStorageSchema>;

export interface SiteSession {
  id: string;
  lastActivityMs: number;
  startMs: number;
  /** posthog-js's idle timeout for this site (default 30 minutes). */
  timeoutMs: number;
}

export interface SiteIdentity {
  token: string;
  distinctId: string | null;
  userState: 'anonymous' | 'identified' | null;
  session: SiteSession | null;
}

/** What the site's storage says: the projects it sends to (newest session first), or nothing. */
export interface SiteStorage {
  identities: SiteIdentity[];
  /** Whether any `ph_…` entry was there at all (a `persistence_name` install names no token). */
  sawPostHog: boolean;
}

export const DEFAULT_SESSION_TIMEOUT_MS = 1_800_000;
/** posthog-js starts a new session after 24 hours whatever the activity (`SESSION_LENGTH_LIMIT_MILLISECONDS`). */
export const SESSION_LENGTH_LIMIT_MS = 86_400_000;

function decoded(store: StoreName, value: string): unknown {
  try {
    return JSON.parse(store === 'cookie' ? decodeURIComponent(value) : value);
  } catch {
    return undefined;
  }
}

type Fields = Partial<{
  distinct_id: string;
  $user_state: 'anonymous' | 'identified';
  $sesid: [number, string, number] | [number, string];
  $configured_session_timeout_ms: number;
}>;

const text = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;
const millis = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 8.64e15;

/**
 * The fields Hogmark uses of one entry (posthog-js `constants.ts`), each checked by hand and left out
 * when it is not of its shape; anything else of the object is never read.
 */
function fieldsOf(parsed: unknown): Fields {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const entry = parsed as Record<string, unknown>;
  const fields: Fields = {};
  if (text(entry.distinct_id, 200)) fields.distinct_id = entry.distinct_id;
  const state = entry.$user_state;
  if (state === 'anonymous' || state === 'identified') fields.$user_state = state;
  // `[lastActivityMs, sessionId, sessionStartMs]` (`sessionid.ts` `_setSessionId`); 2 items before 2022.
  const sesid = entry.$sesid;
  if (
    Array.isArray(sesid) &&
    (sesid.length === 2 || sesid.length === 3) &&
    millis(sesid[0]) &&
    text(sesid[1], 70) &&
    (sesid.length === 2 || millis(sesid[2]))
  ) {
    fields.$sesid = sesid as [number, string, number] | [number, string];
  }
  const timeout = entry.$configured_session_timeout_ms;
  if (typeof timeout === 'number' && timeout >= 60_000 && timeout <= 36_000_000) {
    fields.$configured_session_timeout_ms = timeout;
  }
  return fields;
}

function sessionOf(fields: Fields): SiteSession | null {
  const sesid = fields.$sesid;
  if (!sesid || !isCapturedSessionId(sesid[1])) return null;
  // A legacy two-item id starts when it was last active (`sessionid.ts` `_getSessionId`).
  const startMs = sesid.length === 3 ? sesid[2] : sesid[0];
  return {
    id: sesid[1],
    lastActivityMs: sesid[0],
    startMs,
    timeoutMs: fields.$configured_session_timeout_ms ?? DEFAULT_SESSION_TIMEOUT_MS,
  };
}

/**
 * The identities the raw entries name: one per token. localStorage wins over the cookie for the
 * same token (posthog-js's default store merges them so), except for the session, where the newer
 * `$sesid[0]` wins (a sibling subdomain may have written the cookie since). sessionStorage's sibling
 * holds no id of its own but is the only store with `persistence: 'sessionStorage'`.
 */
export function parseSiteStorage(raw: unknown): SiteStorage {
  const checked = RawSiteStorageSchema.safeParse(raw);
  if (!checked.success) return { identities: [], sawPostHog: false };
  const byToken = new Map<string, Fields>();
  let sawPostHog = false;
  for (const store of ['sessionStorage', 'cookie', 'localStorage'] as const) {
    for (const entry of checked.data[store]) {
      if (entry.key.startsWith('ph_')) sawPostHog = true;
      const token = ENTRY_KEY.exec(entry.key)?.[1];
      if (!token || !TOKEN.test(token)) continue;
      const fields = fieldsOf(decoded(store, entry.value));
      const known = byToken.get(token) ?? {};
      const newer =
        fields.$sesid && known.$sesid && known.$sesid[0] > fields.$sesid[0] ? known.$sesid : undefined;
      byToken.set(token, { ...known, ...fields, ...(newer ? { $sesid: newer } : {}) });
    }
  }
  const identities = [...byToken].map(([token, fields]) => ({
    token,
    distinctId: fields.distinct_id ?? null,
    userState: fields.$user_state ?? null,
    session: sessionOf(fields),
  }));
  identities.sort((a, b) => (b.session?.lastActivityMs ?? -1) - (a.session?.lastActivityMs ?? -1));
  return { identities, sawPostHog };
}

/**
 * Whether posthog-js would still call this session current: active within its timeout and under 24
 * hours old (`sessionid.ts` `checkAndGetSessionAndWindowId`). The popup's click is not activity.
 */
export function isSessionLive(session: SiteSession, now: number): boolean {
  return (
    now - session.lastActivityMs <= session.timeoutMs &&
    now - session.startMs <= SESSION_LENGTH_LIMIT_MS &&
    session.lastActivityMs <= now + 60_000
  );
}
