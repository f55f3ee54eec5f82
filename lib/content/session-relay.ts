/**
 * The content-script half of the session fallback (DESIGN.md): makes one allow-listed request with
 * the page's own PostHog session and CSRF token, and sends the answer back as `session/reply`. It
 * must be the page's context: a write from the background carries the extension's Origin and fails
 * PostHog's CSRF check.
 */

// The same allow-list as lib/api/session-routes.ts, without zod or the API modules (the content
// script stays small); test/content/session-relay.test.ts checks that both agree.
const PROJECT = '[1-9][0-9]{0,15}';
const ENCODED = "[A-Za-z0-9\\-_.!~*'()%]+";
const RECORDING_ROUTE = new RegExp(
  `^/api/projects/${PROJECT}/session_recording_playlists/(${ENCODED})/recordings/(${ENCODED})/$`,
);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_BODY_TEXT = 4000;
const BULK = /^bulk_(add|delete)$/;
const isObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isCanonicalSegment(encoded: string): boolean {
  try {
    const decoded = decodeURIComponent(encoded);
    return decoded !== '' && decoded !== '.' && decoded !== '..' && encodeURIComponent(decoded) === encoded;
  } catch {
    return false;
  }
}

export function isForwardableRoute(method: unknown, path: unknown): boolean {
  if (typeof method !== 'string' || typeof path !== 'string' || path.includes('..')) return false;
  if (method !== 'POST' && method !== 'DELETE') return false;
  const match = RECORDING_ROUTE.exec(path);
  if (!match) return false;
  const [, shortId = '', recordingId = ''] = match;
  // PostHog's session-only bulk routes shadow these names: only as POST.
  if (BULK.test(recordingId) && method !== 'POST') return false;
  return isCanonicalSegment(shortId) && isCanonicalSegment(recordingId);
}

/** The body each route takes, exactly: the bulk routes `{session_recording_ids: [1–20 ids]}`. */
export function isForwardableBody(method: unknown, path: string, body: unknown): boolean {
  if (BULK.test(RECORDING_ROUTE.exec(path)?.[2] ?? '')) {
    if (!isObject(body) || Object.keys(body).join() !== 'session_recording_ids') return false;
    const ids = (body as { session_recording_ids?: unknown }).session_recording_ids;
    return (
      Array.isArray(ids) &&
      ids.length > 0 &&
      ids.length <= 20 &&
      ids.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 200 && !/\p{Cc}/u.test(id))
    );
  }
  if (method === 'DELETE') return body === undefined;
  return body === undefined || (isObject(body) && Object.keys(body).length === 0);
}

const NOTES = new RegExp(`^/api/projects/${PROJECT}/comments/(?:([0-9a-f-]{36})/)?$`);
const NOTE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const isIsoTime = (value: unknown) => typeof value === 'string' && ISO_TIME.test(value);
const isMilliseconds = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * A note on a recording (PostHog's comment, exactly as its player sends one) or its undo
 * (`PATCH {deleted: true}`): the only other requests relayed.
 */
export function isForwardableNote(method: unknown, path: unknown, body: unknown): boolean {
  const match = typeof path === 'string' && !path.includes('..') ? NOTES.exec(path) : null;
  if (!match || !isObject(body)) return false;
  const fields = body as Record<string, unknown>;
  const keys = Object.keys(fields).sort().join();
  if (match[1] !== undefined) {
    return method === 'PATCH' && NOTE_ID.test(match[1]) && keys === 'deleted' && fields.deleted === true;
  }
  const { content, scope, item_id: itemId, item_context: context } = fields;
  return (
    method === 'POST' &&
    keys === 'content,item_context,item_id,scope' &&
    typeof content === 'string' &&
    content.trim() !== '' &&
    content.length <= 2000 &&
    scope === 'Replay' &&
    typeof itemId === 'string' &&
    itemId !== '' &&
    itemId.length <= 72 &&
    !/\p{Cc}/u.test(itemId) &&
    isObject(context) &&
    Object.keys(context).sort().join() === 'milliseconds_into_recording,time_in_recording' &&
    isIsoTime((context as { time_in_recording?: unknown }).time_in_recording) &&
    isMilliseconds((context as { milliseconds_into_recording?: unknown }).milliseconds_into_recording)
  );
}

/**
 * Who the page's session is (PostHog's `UserViewSet`, `@me`): read before a change kept for later is
 * made through this page, which must be signed in as the user it was kept for. A read, no body.
 */
export const ME_PATH = '/api/users/@me/';

/** PostHog's CSRF cookie, readable by page scripts (the session cookie itself is HttpOnly). */
export function csrfTokenOf(cookie: string): string | undefined {
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'posthog_csrftoken') return value.join('=') || undefined;
  }
  return undefined;
}

interface SessionRequest {
  requestId: string;
  /** The origin the background meant; a page that navigated to another PostHog refuses it. */
  origin: string;
  method: string;
  path: string;
  body?: unknown;
}

function sessionRequestOf(message: unknown): SessionRequest | null {
  if (typeof message !== 'object' || message === null) return null;
  const { type, input } = message as { type?: unknown; input?: unknown };
  if (type !== 'session/request' || typeof input !== 'object' || input === null) return null;
  return input as SessionRequest;
}

export interface SessionRelayDeps {
  /** `browser.runtime.onMessage.addListener`; the listener answers only `session/request`. */
  listen: (listener: (message: unknown) => Promise<unknown> | undefined) => void;
  /** `browser.runtime.sendMessage`. */
  send: (message: { type: 'session/reply'; input: unknown }) => Promise<unknown>;
  fetch: typeof globalThis.fetch;
  /** `document.cookie`, read at request time. */
  cookie: () => string;
  /** The page's origin: requests never leave it. */
  origin: string;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text.slice(0, MAX_BODY_TEXT);
  }
}

/** Django's answer to a request its CSRF check refused (DRF's `SessionAuthentication.enforce_csrf`). */
const isCsrfRefusal = (status: number, body: unknown) =>
  status === 403 && /^CSRF Failed:/.test(String((body as { detail?: unknown } | null)?.detail));

export function relaySessionRequests(deps: SessionRelayDeps): void {
  async function request(request: SessionRequest, token: string): Promise<{ status: number; body: unknown }> {
    const response = await deps.fetch(new URL(request.path, deps.origin).href, {
      method: request.method,
      // The page's own session, sent to its own origin only; a redirect (a sign-in page, another
      // host) is a failure (status 0), never followed with the session's cookies.
      credentials: 'same-origin',
      redirect: 'error',
      headers: { 'X-CSRFToken': token, 'Content-Type': 'application/json', Accept: 'application/json' },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
    return { status: response.status, body: await readBody(response) };
  }

  async function perform(sessionRequest: SessionRequest, token: string): Promise<void> {
    let answer = { status: 0, body: null as unknown };
    try {
      answer = await request(sessionRequest, token);
      // Refused for its CSRF token (missing, malformed, out of date): PostHog's frontend reads the
      // cookie again for every request, and Django sets a fresh one when it refuses a malformed one,
      // so the token is read again and, when it changed, the request is made once more. Nothing was
      // done the first time: Django refuses before the view runs.
      const fresh = csrfTokenOf(deps.cookie()) ?? '';
      if (isCsrfRefusal(answer.status, answer.body) && fresh !== token)
        answer = await request(sessionRequest, fresh);
    } catch {
      // Status 0: the page could not reach PostHog.
    }
    await deps
      .send({ type: 'session/reply', input: { requestId: sessionRequest.requestId, ...answer } })
      .catch(() => {
        // The background restarted meanwhile; it has already given up on this request.
      });
  }

  deps.listen((message) => {
    const sessionRequest = sessionRequestOf(message);
    if (!sessionRequest) return undefined;
    const accepted =
      typeof sessionRequest.requestId === 'string' &&
      UUID.test(sessionRequest.requestId) &&
      sessionRequest.origin === deps.origin &&
      ((sessionRequest.method === 'GET' &&
        sessionRequest.path === ME_PATH &&
        sessionRequest.body === undefined) ||
        isForwardableNote(sessionRequest.method, sessionRequest.path, sessionRequest.body) ||
        (isForwardableRoute(sessionRequest.method, sessionRequest.path) &&
          isForwardableBody(sessionRequest.method, sessionRequest.path, sessionRequest.body)));
    // Without a CSRF cookie the request goes all the same, with an empty token as PostHog's frontend
    // sends then (`getCookie('posthog_csrftoken') || ''`): PostHog's answer tells signed out (401)
    // from a missing token (403 "CSRF Failed: CSRF cookie not set.").
    if (accepted) void perform(sessionRequest, csrfTokenOf(deps.cookie()) ?? '');
    return Promise.resolve({ ok: true, data: { accepted } });
  });
}
