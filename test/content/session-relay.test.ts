import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  addRecordingRoute,
  bulkAddRecordingsRoute,
  createNoteRoute,
  deleteNoteRoute,
  isSessionBodyAllowed,
  isSessionForwardable,
  isSessionRequestAllowed,
  noteBody,
  removeRecordingRoute,
} from '../../lib/api/session-routes';
import {
  csrfTokenOf,
  isForwardableBody,
  isForwardableNote,
  isForwardableRoute,
  relaySessionRequests,
} from '../../lib/content/session-relay';

const REQUEST_ID = '0f8fad5b-d9cb-469f-a165-708677289501';
const ids21 = Array.from({ length: 21 }, (_, i) => `r${i}`);
const ADD = addRecordingRoute(1, 'eKdNnFRI', '0191dd9d-ec00-726b-b2a7-4de452e6b438');
const BULK_ADD = bulkAddRecordingsRoute(1, 'eKdNnFRI', ['r1', 'r2', 'r3']);
/** The page's origin, which a request must name. */
const PAGE = 'https://us.posthog.com';

describe('the content script’s copy of the session allow-list', () => {
  it.each([
    ['POST', ADD.path],
    ['DELETE', removeRecordingRoute(1, 'eKdNnFRI', 'a b/c?d').path],
    ['POST', '/api/projects/2/dashboards/create_from_template_json/'],
    ['DELETE', '/api/projects/2/dashboards/create_from_template_json/'],
    ['GET', ADD.path],
    ['POST', '/api/projects/1/session_recording_playlists/x/recordings/%2e%2e/'],
    ['POST', '/api/projects/1/session_recording_playlists/x/recordings/../'],
    ['POST', '/api/projects/1/dashboards/1/'],
    ['POST', 'https://evil.example/api/projects/1/session_recording_playlists/a/recordings/b/'],
    ['POST', '/api/projects/0/session_recording_playlists/a/recordings/b/'],
    ['POST', '/api/projects/1/session_recording_playlists/a/recordings/bulk_delete/'],
    ['DELETE', '/api/projects/1/session_recording_playlists/a/recordings/bulk_delete/'],
    ['POST', '/api/projects/1/session_recording_playlists/a/recordings/bulk_add/'],
  ])('agrees with the background on %s %s', (method, path) => {
    expect(isForwardableRoute(method, path)).toBe(isSessionForwardable(method, path));
  });

  it('agrees with the background on the body of each route', () => {
    const paths = [
      ADD.path,
      BULK_ADD.path,
      '/api/projects/1/session_recording_playlists/a/recordings/bulk_delete/',
    ];
    const id = fc.oneof(fc.string({ maxLength: 210 }), fc.constantFrom('', 'a\u0000b', 'x'.repeat(201)));
    const body = fc.oneof(
      fc.constant(undefined),
      fc.constant({}),
      fc.constant(null),
      fc.array(id, { maxLength: 3 }),
      fc.record({
        session_recording_ids: fc.oneof(
          fc.array(id, { maxLength: 22 }),
          fc.constantFrom(ids21.slice(1), ids21),
        ),
      }),
      fc.record({ session_recording_ids: fc.array(id, { maxLength: 2 }), other: fc.anything() }),
      fc.record({ session_recording_ids: fc.anything() }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.anything(), { maxKeys: 2 }),
    );
    fc.assert(
      fc.property(fc.constantFrom('POST', 'DELETE'), fc.constantFrom(...paths), body, (method, path, b) => {
        expect(isForwardableBody(method, path, b)).toBe(isSessionBodyAllowed(method, path, b));
      }),
      { numRuns: 2000 },
    );
  });

  it('never relays a dashboard template (no feature sends one)', () => {
    expect(isForwardableRoute('POST', '/api/projects/2/dashboards/create_from_template_json/')).toBe(false);
  });

  it('agrees with the background on any method and path', () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('.', '..', '%2F', '%E0%A4%A', 'a%20b'),
    );
    const path = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc
        .tuple(fc.integer({ min: -1, max: 99 }), segment, segment)
        .map(([p, s, r]) => `/api/projects/${p}/session_recording_playlists/${s}/recordings/${r}/`),
    );
    fc.assert(
      fc.property(fc.constantFrom('POST', 'DELETE', 'GET', 'PATCH', 'post'), path, (method, candidate) => {
        expect(isForwardableRoute(method, candidate)).toBe(isSessionForwardable(method, candidate));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('notes through the session: the one comment route and its undo, exactly', () => {
  const REC = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
  const NOTE = createNoteRoute(
    1,
    noteBody(REC, 'Payment button unresponsive', new Date('2025-03-01T10:00:00Z'), 75),
  );
  const UNDO = deleteNoteRoute(1, '0f8fad5b-d9cb-469f-a165-708677289501');
  const withContext = (change: Record<string, unknown>) => {
    const body = NOTE.body as { item_context: object };
    return { ...body, item_context: { ...body.item_context, ...change } };
  };
  const relays = (route: { method: string; path: string; body?: unknown }) =>
    isForwardableNote(route.method, route.path, route.body) ||
    (isForwardableRoute(route.method, route.path) && isForwardableBody(route.method, route.path, route.body));

  it("relays a note as PostHog's player sends it, and its undo", () => {
    expect(NOTE).toEqual({
      method: 'POST',
      path: '/api/projects/1/comments/',
      body: {
        content: 'Payment button unresponsive',
        scope: 'Replay',
        item_id: REC,
        item_context: { time_in_recording: '2025-03-01T10:01:15.000Z', milliseconds_into_recording: 75_000 },
      },
    });
    expect(UNDO).toEqual({
      method: 'PATCH',
      path: '/api/projects/1/comments/0f8fad5b-d9cb-469f-a165-708677289501/',
      body: { deleted: true },
    });
    for (const route of [NOTE, UNDO]) {
      expect(isSessionRequestAllowed(route)).toBe(true);
      expect(relays(route)).toBe(true);
    }
  });

  it.each<[string, { method: string; path: string; body?: unknown }]>([
    ['another scope', { ...NOTE, body: { ...(NOTE.body as object), scope: 'Dashboard' } }],
    ['an extra field', { ...NOTE, body: { ...(NOTE.body as object), mentions: [2] } }],
    ['a rich_content', { ...NOTE, body: { ...(NOTE.body as object), rich_content: {} } }],
    [
      'seconds instead of a time',
      {
        ...NOTE,
        body: {
          ...(NOTE.body as object),
          item_context: { time_in_recording: 75, milliseconds_into_recording: 75_000 },
        },
      },
    ],
    [
      'a time without its milliseconds',
      {
        ...NOTE,
        body: { ...(NOTE.body as object), item_context: { time_in_recording: '2025-03-01T10:01:15.000Z' } },
      },
    ],
    ['milliseconds as text', { ...NOTE, body: withContext({ milliseconds_into_recording: '75000' }) }],
    ['negative milliseconds', { ...NOTE, body: withContext({ milliseconds_into_recording: -1 }) }],
    [
      'a fraction of a millisecond',
      { ...NOTE, body: withContext({ milliseconds_into_recording: 75_000.5 }) },
    ],
    ['another field in the context', { ...NOTE, body: withContext({ is_emoji: true }) }],
    ['an empty note', { ...NOTE, body: { ...(NOTE.body as object), content: '  ' } }],
    ['a note too long', { ...NOTE, body: { ...(NOTE.body as object), content: 'x'.repeat(2001) } }],
    ['an item id too long', { ...NOTE, body: { ...(NOTE.body as object), item_id: 'x'.repeat(73) } }],
    ["a PATCH of a note's text", { ...UNDO, body: { content: 'changed' } }],
    ['an undo that undeletes', { ...UNDO, body: { deleted: false } }],
    ['a DELETE', { ...UNDO, method: 'DELETE', body: undefined }],
    ['a GET of every comment', { method: 'GET', path: '/api/projects/1/comments/' }],
    [
      "another object's path",
      { ...UNDO, path: '/api/projects/1/comments/0f8fad5b-d9cb-469f-a165-708677289501/thread/' },
    ],
    [
      'a PATCH of a comment id that is not a UUID',
      { ...UNDO, path: '/api/projects/1/comments/..%2F..%2Fusers%2F@me/' },
    ],
  ])('refuses %s, in both halves', (_name, route) => {
    expect(isSessionRequestAllowed(route)).toBe(false);
    expect(relays(route)).toBe(false);
  });

  it('agrees with the background on any body for the note routes', () => {
    const body = fc.oneof(
      fc.constant(NOTE.body),
      fc.record({
        content: fc.oneof(
          fc.string({ maxLength: 5 }),
          fc.constant(' '),
          fc.integer(),
          // Either side of the longest note.
          fc.integer({ min: 1998, max: 2002 }).map((length) => 'x'.repeat(length)),
        ),
        scope: fc.constantFrom('Replay', 'replay', 'recording'),
        item_id: fc.oneof(fc.string({ maxLength: 80 }), fc.constant('a\u0000')),
        item_context: fc.oneof(
          fc.record(
            {
              time_in_recording: fc.oneof(
                fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
                fc.string(),
              ),
              milliseconds_into_recording: fc.oneof(
                fc.nat(),
                fc.integer(),
                fc.double(),
                fc.string({ maxLength: 6 }),
              ),
            },
            { requiredKeys: ['time_in_recording'] },
          ),
          fc.anything(),
        ),
      }),
      fc.record({ deleted: fc.anything() }),
      // The undo's `{deleted: true}` with anything beside it (a note's text, a re-scope).
      fc
        .dictionary(fc.constantFrom('content', 'scope', 'deleted ', 'is_deleted', 'x'), fc.anything(), {
          minKeys: 1,
          maxKeys: 2,
        })
        .map((extra) => ({ deleted: true, ...extra })),
      fc.anything(),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('POST', 'PATCH', 'DELETE'),
        fc.constantFrom(NOTE.path, UNDO.path),
        body,
        (method, path, b) => {
          expect(relays({ method, path, body: b })).toBe(isSessionRequestAllowed({ method, path, body: b }));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('both halves of the allow-list, whole requests', () => {
  const REC = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
  const NOTE_ID = '0f8fad5b-d9cb-469f-a165-708677289501';
  const note = createNoteRoute(1, noteBody(REC, 'Checkout froze', new Date('2025-03-01T10:00:00Z'), 75));

  it('accept and refuse the same method, path and body, the page’s relay as the background', async () => {
    const path = fc.oneof(
      fc.constantFrom(
        '/api/users/@me/',
        '/api/users/@me',
        '/api/users/@me/?x=1',
        '/api/users/@me/../1/',
        '/api/users/me/',
        '/api/users/@ME/',
        '/api/projects/1/comments/',
        `/api/projects/1/comments/${NOTE_ID}/`,
        `/api/projects/1/comments/${NOTE_ID.toUpperCase()}/`,
        `/api/projects/1/comments/${'-'.repeat(36)}/`,
        ADD.path,
        BULK_ADD.path,
      ),
      fc.oneof(fc.integer(), fc.uuid(), fc.string({ maxLength: 8 })).map((user) => `/api/users/${user}/`),
    );
    const body = fc.oneof(
      fc.constant(undefined),
      fc.constant({}),
      fc.constant({ deleted: true }),
      fc.constant(note.body),
      fc.constant(BULK_ADD.body),
      fc.integer({ min: 1999, max: 2001 }).map((length) => ({
        ...(note.body as object),
        content: 'y'.repeat(length),
      })),
      fc.record({ deleted: fc.constantFrom(true, 'true', 1) }, { requiredKeys: [] }).chain((undo) =>
        fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue(), { maxKeys: 1 }).map((extra) => ({
          ...extra,
          ...undo,
        })),
      ),
      fc.jsonValue(),
    );
    const { deliver } = setup();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'get'),
        path,
        body,
        async (method, candidate, b) => {
          const input = { requestId: REQUEST_ID, origin: PAGE, method, path: candidate, body: b };
          const answer = (await deliver({ type: 'session/request', input })) as {
            data: { accepted: boolean };
          };
          expect(answer.data.accepted).toBe(isSessionRequestAllowed({ method, path: candidate, body: b }));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it.each<[string, { method: string; path: string; body?: unknown }]>([
    ['a GET of another user', { method: 'GET', path: '/api/users/1/' }],
    ['a GET of a user by uuid', { method: 'GET', path: `/api/users/${REC}/` }],
    ['a GET of @me with a body', { method: 'GET', path: '/api/users/@me/', body: {} }],
    ['a PATCH of @me', { method: 'PATCH', path: '/api/users/@me/', body: {} }],
    [
      'an undo with the text beside it',
      { method: 'PATCH', path: deleteNoteRoute(1, NOTE_ID).path, body: { deleted: true, content: 'x' } },
    ],
    [
      'an undo of a comment id in capitals',
      {
        method: 'PATCH',
        path: `/api/projects/1/comments/${NOTE_ID.toUpperCase()}/`,
        body: { deleted: true },
      },
    ],
    [
      'a note of 2,001 characters',
      { ...note, body: { ...(note.body as object), content: 'x'.repeat(2001) } },
    ],
  ])('both refuse %s', async (_name, route) => {
    const { deliver, fetch } = setup();
    expect(isSessionRequestAllowed(route)).toBe(false);
    expect(
      await deliver({ type: 'session/request', input: { ...route, requestId: REQUEST_ID, origin: PAGE } }),
    ).toEqual({
      ok: true,
      data: { accepted: false },
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('both take a note of exactly 2,000 characters, and the user read', async () => {
    const { deliver } = setup();
    for (const route of [
      { ...note, body: { ...(note.body as object), content: 'x'.repeat(2000) } },
      { method: 'GET', path: '/api/users/@me/' },
    ]) {
      expect(isSessionRequestAllowed(route)).toBe(true);
      expect(
        await deliver({ type: 'session/request', input: { ...route, requestId: REQUEST_ID, origin: PAGE } }),
      ).toEqual({
        ok: true,
        data: { accepted: true },
      });
    }
  });
});

describe('csrfTokenOf', () => {
  it.each([
    ['posthog_csrftoken=abc; other=1', 'abc'],
    ['a=1; posthog_csrftoken=x=y', 'x=y'],
    ['csrftoken=abc', undefined],
    ['posthog_csrftoken=', undefined],
    ['', undefined],
  ])('reads %j as %j', (cookie, token) => {
    expect(csrfTokenOf(cookie)).toBe(token);
  });
});

function setup(cookie: string | (() => string) = 'posthog_csrftoken=tok123') {
  let listener: ((message: unknown) => Promise<unknown> | undefined) | undefined;
  const replies: unknown[] = [];
  const fetch = vi.fn(async () => new Response('{"success":true}', { status: 200 }));
  relaySessionRequests({
    listen: (l) => {
      listener = l;
    },
    send: async (message) => {
      replies.push(message);
    },
    fetch: fetch as unknown as typeof globalThis.fetch,
    cookie: typeof cookie === 'string' ? () => cookie : cookie,
    origin: 'https://us.posthog.com',
  });
  const deliver = (message: unknown) => listener?.(message);
  return { deliver, replies, fetch };
}

describe('relaySessionRequests', () => {
  it('makes the allow-listed request with the page session and CSRF header, then replies', async () => {
    const { deliver, replies, fetch } = setup();
    const answer = await deliver({
      type: 'session/request',
      input: { requestId: REQUEST_ID, origin: PAGE, ...ADD },
    });
    expect(answer).toEqual({ ok: true, data: { accepted: true } });
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    expect(fetch).toHaveBeenCalledWith(`https://us.posthog.com${ADD.path}`, {
      method: 'POST',
      credentials: 'same-origin',
      redirect: 'error',
      headers: { 'X-CSRFToken': 'tok123', 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
    });
    expect(replies[0]).toEqual({
      type: 'session/reply',
      input: { requestId: REQUEST_ID, status: 200, body: { success: true } },
    });
  });

  it.each([
    [
      'a route off the list',
      { requestId: REQUEST_ID, origin: PAGE, method: 'POST', path: '/api/projects/1/dashboards/' },
    ],
    ['a request id that is not a UUID', { ...ADD, origin: PAGE, requestId: 'x' }],
    ['a GET', { ...ADD, origin: PAGE, method: 'GET', requestId: REQUEST_ID }],
    [
      'a bulk_add with 21 ids',
      { ...BULK_ADD, origin: PAGE, requestId: REQUEST_ID, body: { session_recording_ids: ids21 } },
    ],
    [
      'a bulk_add with another field',
      { ...BULK_ADD, origin: PAGE, requestId: REQUEST_ID, body: { filters: {} } },
    ],
    [
      'a single add with a body',
      { ...ADD, origin: PAGE, requestId: REQUEST_ID, body: { session_recording_ids: ['x'] } },
    ],
    // The page moved to another PostHog (or the request was meant for one): never sent with this session.
    ['a request for another origin', { ...ADD, requestId: REQUEST_ID, origin: 'https://eu.posthog.com' }],
    [
      'a request for the same host on another port',
      { ...ADD, requestId: REQUEST_ID, origin: `${PAGE}:8443` },
    ],
    ['a request naming no origin', { ...ADD, requestId: REQUEST_ID }],
    // Who the session is: only @me, only read, with no body.
    ['a GET of another user', { requestId: REQUEST_ID, origin: PAGE, method: 'GET', path: '/api/users/1/' }],
    [
      'a GET of @me with a body',
      { requestId: REQUEST_ID, origin: PAGE, method: 'GET', path: '/api/users/@me/', body: {} },
    ],
    [
      'a PATCH of @me',
      { requestId: REQUEST_ID, origin: PAGE, method: 'PATCH', path: '/api/users/@me/', body: {} },
    ],
    [
      'a GET of @me with a query',
      { requestId: REQUEST_ID, origin: PAGE, method: 'GET', path: '/api/users/@me/?x=1' },
    ],
  ])('refuses %s without fetching', async (_, input) => {
    const { deliver, fetch } = setup();
    expect(await deliver({ type: 'session/request', input })).toEqual({
      ok: true,
      data: { accepted: false },
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads who the page’s session is (GET @me, no body), for a change kept for later', async () => {
    const { deliver, fetch } = setup();
    const answer = await deliver({
      type: 'session/request',
      input: { requestId: REQUEST_ID, origin: PAGE, method: 'GET', path: '/api/users/@me/' },
    });
    expect(answer).toEqual({ ok: true, data: { accepted: true } });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledWith(
      `${PAGE}/api/users/@me/`,
      expect.objectContaining({ method: 'GET', credentials: 'same-origin' }),
    );
    expect(isSessionRequestAllowed({ method: 'GET', path: '/api/users/@me/' })).toBe(true);
    expect(isSessionRequestAllowed({ method: 'GET', path: '/api/users/@me/', body: {} })).toBe(false);
    expect(isSessionRequestAllowed({ method: 'GET', path: ADD.path })).toBe(false);
  });

  it('relays a bulk_add with its ids', async () => {
    const { deliver, fetch } = setup();
    const answer = await deliver({
      type: 'session/request',
      input: { requestId: REQUEST_ID, origin: PAGE, ...BULK_ADD },
    });
    expect(answer).toEqual({ ok: true, data: { accepted: true } });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledWith(
      `https://us.posthog.com${BULK_ADD.path}`,
      expect.objectContaining({ method: 'POST', body: '{"session_recording_ids":["r1","r2","r3"]}' }),
    );
  });

  it('sends the request without a CSRF cookie too, with an empty token: PostHog says signed out or refused', async () => {
    const { deliver, fetch } = setup('other=1');
    const answer = await deliver({
      type: 'session/request',
      input: { requestId: REQUEST_ID, origin: PAGE, ...ADD },
    });
    expect(answer).toEqual({ ok: true, data: { accepted: true } });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledWith(
      `https://us.posthog.com${ADD.path}`,
      expect.objectContaining({ headers: expect.objectContaining({ 'X-CSRFToken': '' }) }),
    );
  });

  /** Django's CSRF refusal through DRF, as PostHog's exception handler shapes it. */
  const csrfRefusal = (reason: string) =>
    new Response(
      JSON.stringify({
        type: 'authentication_error',
        code: 'permission_denied',
        detail: `CSRF Failed: ${reason}`,
        attr: null,
      }),
      { status: 403 },
    );
  const tokensSent = (fetch: ReturnType<typeof setup>['fetch']) =>
    fetch.mock.calls.map(
      (call) => ((call as unknown[])[1] as { headers: Record<string, string> }).headers['X-CSRFToken'],
    );

  it('reads the CSRF cookie again after PostHog refuses a malformed token, and tries once more with the fresh one', async () => {
    let cookie = 'posthog_csrftoken=expired';
    const { deliver, replies, fetch } = setup(() => cookie);
    // Django refuses the malformed cookie and sets a fresh one with the same answer.
    fetch.mockImplementationOnce(async () => {
      cookie = 'posthog_csrftoken=Fr3shT0kenFr3shT0kenFr3shT0ken12';
      return csrfRefusal('CSRF cookie has incorrect length.');
    });
    await deliver({ type: 'session/request', input: { requestId: REQUEST_ID, origin: PAGE, ...ADD } });
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    expect(tokensSent(fetch)).toEqual(['expired', 'Fr3shT0kenFr3shT0kenFr3shT0ken12']);
    expect(replies[0]).toMatchObject({ input: { status: 200, body: { success: true } } });
  });

  it('a CSRF cookie that appears after a refusal for want of one is used for the one more try', async () => {
    let cookie = '';
    const { deliver, replies, fetch } = setup(() => cookie);
    fetch.mockImplementationOnce(async () => {
      cookie = 'posthog_csrftoken=Ar0t4tedT0kenAr0t4tedT0kenAr0t4t';
      return csrfRefusal('CSRF cookie not set.');
    });
    await deliver({ type: 'session/request', input: { requestId: REQUEST_ID, origin: PAGE, ...ADD } });
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    expect(tokensSent(fetch)).toEqual(['', 'Ar0t4tedT0kenAr0t4tedT0kenAr0t4t']);
    expect(replies[0]).toMatchObject({ input: { status: 200 } });
  });

  it.each([
    [
      'the token did not change',
      () => csrfRefusal("CSRF token from the 'X-Csrftoken' HTTP header incorrect."),
      false,
    ],
    [
      'the refusal is not about CSRF',
      () =>
        new Response(JSON.stringify({ detail: 'You do not have permission to perform this action.' }), {
          status: 403,
        }),
      true,
    ],
  ])("does not try again when %s, and replies PostHog's refusal", async (_, refusal, rotate) => {
    let cookie = 'posthog_csrftoken=tok123';
    const { deliver, replies, fetch } = setup(() => cookie);
    fetch.mockImplementationOnce(async () => {
      if (rotate) cookie = 'posthog_csrftoken=other';
      return refusal();
    });
    await deliver({ type: 'session/request', input: { requestId: REQUEST_ID, origin: PAGE, ...ADD } });
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(replies[0]).toMatchObject({ input: { status: 403 } });
  });

  it('tries once more at most, even when PostHog refuses the fresh token too', async () => {
    let turn = 0;
    const { deliver, replies, fetch } = setup(() => `posthog_csrftoken=t${turn}`);
    fetch.mockImplementation(async () => {
      turn += 1;
      return csrfRefusal("CSRF token from the 'X-Csrftoken' HTTP header incorrect.");
    });
    await deliver({ type: 'session/request', input: { requestId: REQUEST_ID, origin: PAGE, ...ADD } });
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(replies[0]).toMatchObject({ input: { status: 403 } });
  });

  it('leaves other messages to other listeners', () => {
    const { deliver } = setup();
    expect(deliver({ type: 'context/hint', input: {} })).toBeUndefined();
    expect(deliver(null)).toBeUndefined();
  });

  it('replies status 0, having followed nothing, when PostHog answers with a redirect', async () => {
    const { deliver, replies, fetch } = setup();
    // What fetch does with `redirect: 'error'` when the answer is a 3xx (to a sign-in page, another host).
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch: redirect'));
    await deliver({ type: 'session/request', input: { requestId: REQUEST_ID, origin: PAGE, ...ADD } });
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    expect(fetch).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ redirect: 'error' }));
    expect(replies[0]).toMatchObject({ input: { status: 0, body: null } });
  });

  it('replies status 0 when the page cannot reach PostHog', async () => {
    const { deliver, replies, fetch } = setup();
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await deliver({ type: 'session/request', input: { requestId: REQUEST_ID, origin: PAGE, ...ADD } });
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    expect(replies[0]).toMatchObject({ input: { status: 0, body: null } });
  });
});
