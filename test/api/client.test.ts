import { describe, expect, it } from 'vitest';
import { createPostHogClient } from '../../lib/api/client';
import { isAppError } from '../../lib/platform/errors';
import { json } from '../support/json';
import { caught, clientWith, empty, KEY, ORIGIN, type Sent, scriptedFetch } from './support';

const dashboard = (id: number, extra: Record<string, unknown> = {}) => ({ id, name: `D${id}`, ...extra });
const playlist = (shortId: string, extra: Record<string, unknown> = {}) => ({
  id: 1,
  short_id: shortId,
  ...extra,
});
const collaborator = { id: 'c1', level: 37, user: { id: 2, uuid: 'u2' } };
const pageOf = (results: unknown[], next: string | null = null, count = results.length) => ({
  count,
  next,
  previous: null,
  results,
});

function line(request: Sent | undefined) {
  return request && `${request.method} ${request.path}${new URL(request.url).search}`;
}

describe('every request', () => {
  it('goes to {origin}/api/…/ with the key as a Bearer token and no cookies', async () => {
    const { client, sent } = clientWith([json({ id: 1, uuid: 'u' })], {
      origin: 'https://us.posthog.com/some/page?x',
    });
    await client.users.me();
    expect(sent[0]?.url).toBe('https://us.posthog.com/api/users/@me/');
    expect(sent[0]?.headers.get('authorization')).toBe(`Bearer ${KEY}`);
    expect(sent[0]?.credentials).toBe('omit');
    expect(sent[0]?.headers.get('content-type')).toBeNull();
  });

  it('sends JSON bodies with a JSON content type', async () => {
    const { client, sent } = clientWith([json(dashboard(1), 201)]);
    await client.project(1).dashboards.create({ name: 'New', pinned: true });
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({ name: 'New', pinned: true });
  });

  it('asks for JSON, also where the body is ignored (a server may refuse `text/*` with 406)', async () => {
    const { client, sent } = clientWith([json(dashboard(1)), empty(204)]);
    await client.project(1).dashboards.get(1);
    await client.project(1).playlists.removeRecording('abc', 'r1');
    expect(sent.map((request) => request.headers.get('accept'))).toEqual([
      'application/json',
      'application/json',
    ]);
  });

  it('refuses an origin that is not http(s)', () => {
    expect(() => createPostHogClient({ origin: 'javascript:alert(1)', apiKey: KEY })).toThrow();
  });
});

describe('routes', () => {
  const ok = (request: Request): Response => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/recordings/')) return json({ results: [], has_next: false });
    if (path.includes('/recordings/')) return json({ success: true });
    if (path.endsWith('/collaborators/'))
      return json(request.method === 'POST' ? collaborator : [collaborator]);
    if (path.includes('/collaborators/')) return empty(204);
    if (path.endsWith('/sharing/')) return json({ enabled: true, access_token: 't' });
    if (path.includes('session_recording_playlists')) {
      return json(
        path.endsWith('playlists/') && request.method === 'GET' ? pageOf([playlist('abc')]) : playlist('abc'),
      );
    }
    if (path === '/api/projects/') return json(pageOf([{ id: 1, name: 'P' }]));
    if (path === '/api/projects/1/') return json({ id: 1, name: 'P' });
    if (path === '/api/personal_api_keys/@current/') return json({ id: 'k', scopes: ['*'] });
    if (path === '/api/users/@me/') return json({ id: 1, uuid: 'u' });
    return json(
      path.endsWith('dashboards/') && request.method === 'GET' ? pageOf([dashboard(1)]) : dashboard(7),
    );
  };

  it.each([
    ['projects.list', (c: C) => c.projects.list(), 'GET /api/projects/', undefined],
    ['projects.get', (c: C) => c.projects.get(1), 'GET /api/projects/1/', undefined],
    ['users.me', (c: C) => c.users.me(), 'GET /api/users/@me/', undefined],
    ['keys.current', (c: C) => c.keys.current(), 'GET /api/personal_api_keys/@current/', undefined],
    [
      'dashboards.list',
      (c: C) => d(c).list({ limit: 5, offset: 10 }),
      'GET /api/projects/12345/dashboards/?limit=5&offset=10',
      undefined,
    ],
    [
      'dashboards.create',
      (c: C) => d(c).create({ name: 'N' }),
      'POST /api/projects/12345/dashboards/',
      { name: 'N' },
    ],
    [
      'collaborators.list',
      (c: C) => d(c).collaborators.list(7),
      'GET /api/projects/12345/dashboards/7/collaborators/',
      undefined,
    ],
    [
      'collaborators.add',
      (c: C) => d(c).collaborators.add(7, { user_uuid: 'u2', level: 37 }),
      'POST /api/projects/12345/dashboards/7/collaborators/',
      { user_uuid: 'u2', level: 37 },
    ],
    [
      'collaborators.remove',
      (c: C) => d(c).collaborators.remove(7, 'u2'),
      'DELETE /api/projects/12345/dashboards/7/collaborators/u2/',
      undefined,
    ],
    [
      'dashboards.sharing',
      (c: C) => d(c).sharing(7),
      'GET /api/projects/12345/dashboards/7/sharing/',
      undefined,
    ],
    ['dashboards.get', (c: C) => d(c).get(7), 'GET /api/projects/12345/dashboards/7/', undefined],
    [
      'dashboards.update',
      (c: C) => d(c).update(7, { name: 'R', description: 'x' }),
      'PATCH /api/projects/12345/dashboards/7/',
      { name: 'R', description: 'x' },
    ],
    [
      'dashboards.setPinned',
      (c: C) => d(c).setPinned(7, false),
      'PATCH /api/projects/12345/dashboards/7/',
      { pinned: false },
    ],
    [
      'dashboards.softDelete',
      (c: C) => d(c).softDelete(7),
      'PATCH /api/projects/12345/dashboards/7/',
      { deleted: true },
    ],
    [
      'dashboards.restore',
      (c: C) => d(c).restore(7),
      'PATCH /api/projects/12345/dashboards/7/',
      { deleted: false },
    ],
    [
      'dashboards.moveTile',
      (c: C) => d(c).moveTile(7, { tileId: 555, toDashboardId: 8 }),
      'PATCH /api/projects/12345/dashboards/7/move_tile/',
      { tile: { id: 555 }, to_dashboard: 8, toDashboard: 8 },
    ],
    [
      'dashboards.createFromTemplateJson',
      (c: C) => d(c).createFromTemplateJson({ template_name: 'T' }),
      'POST /api/projects/12345/dashboards/create_from_template_json/',
      { template: { template_name: 'T' } },
    ],
    [
      'playlists.list',
      (c: C) => p(c).list({ created_by: 3, short_id: 'abc', limit: 2 }),
      'GET /api/projects/12345/session_recording_playlists/?created_by=3&short_id=abc&limit=2',
      undefined,
    ],
    [
      'playlists.create',
      (c: C) => p(c).create({ name: 'N' }),
      'POST /api/projects/12345/session_recording_playlists/',
      { type: 'collection', name: 'N' },
    ],
    [
      'playlists.get',
      (c: C) => p(c).get('abc'),
      'GET /api/projects/12345/session_recording_playlists/abc/',
      undefined,
    ],
    [
      'playlists.update',
      (c: C) => p(c).update('abc', { name: 'R' }),
      'PATCH /api/projects/12345/session_recording_playlists/abc/',
      { name: 'R' },
    ],
    [
      'playlists.softDelete',
      (c: C) => p(c).softDelete('abc'),
      'PATCH /api/projects/12345/session_recording_playlists/abc/',
      { deleted: true },
    ],
    [
      'playlists.restore',
      (c: C) => p(c).restore('abc'),
      'PATCH /api/projects/12345/session_recording_playlists/abc/',
      { deleted: false },
    ],
    [
      'playlists.recordings',
      (c: C) => p(c).recordings('abc'),
      'GET /api/projects/12345/session_recording_playlists/abc/recordings/',
      undefined,
    ],
    [
      'playlists.addRecording',
      (c: C) => p(c).addRecording('abc', 'r1'),
      'POST /api/projects/12345/session_recording_playlists/abc/recordings/r1/',
      {},
    ],
    [
      'playlists.removeRecording',
      (c: C) => p(c).removeRecording('abc', 'r1'),
      'DELETE /api/projects/12345/session_recording_playlists/abc/recordings/r1/',
      undefined,
    ],
  ])('%s → %s', async (_name, call, expected, body) => {
    const { client, sent } = clientWith(ok);
    await call(client);
    expect(sent).toHaveLength(1);
    expect(line(sent[0])).toBe(expected);
    expect(sent[0]?.body === '' ? undefined : JSON.parse(sent[0]?.body ?? '')).toEqual(body);
  });
});

type C = ReturnType<typeof clientWith>['client'];
const d = (c: C) => c.project(12345).dashboards;
const p = (c: C) => c.project(12345).playlists;

describe('answers in either shape', () => {
  it.each([
    ['one object (contract)', collaborator],
    ['an array (PostHog)', [collaborator]],
    ['an envelope', pageOf([collaborator])],
  ])('collaborators as %s become an array', async (_name, body) => {
    const { client } = clientWith([json(body)]);
    const list = await d(client).collaborators.list(4);
    expect(list.map((entry) => entry.id)).toEqual(['c1']);
  });

  it('an empty collaborator array is an empty list', async () => {
    const { client } = clientWith([json([])]);
    expect(await d(client).collaborators.list(4)).toEqual([]);
  });

  it('recordings from PostHog name their ids', async () => {
    const { client } = clientWith([
      json({ results: [{ id: 'r1' }, { id: 'r2' }], has_next: true, version: 4 }),
    ]);
    expect(await p(client).recordings('abc')).toEqual({
      known: true,
      recordingIds: ['r1', 'r2'],
      hasNext: true,
    });
  });

  it('a playlist object (contract) leaves membership unknown', async () => {
    const { client } = clientWith([json(playlist('abc'))]);
    expect(await p(client).recordings('abc')).toEqual({ known: false, recordingIds: null, hasNext: false });
  });

  it.each([
    ['a playlist (contract)', json(playlist('abc')), 'abc'],
    ['{success: true} (PostHog)', json({ success: true }), null],
  ])('adding a recording accepts %s', async (_name, reply, shortId) => {
    const { client } = clientWith([reply]);
    const result = await p(client).addRecording('abc', 'r1');
    expect(result.playlist?.short_id ?? null).toBe(shortId);
  });

  it.each([
    ['204 empty', empty(204)],
    ['200 {success}', json({ success: true })],
    ['200 playlist', json(playlist('abc'))],
    ['200 text', new Response('ok', { status: 200 })],
  ])('removing a recording accepts %s', async (_name, reply) => {
    const { client } = clientWith([reply]);
    await expect(p(client).removeRecording('abc', 'r1')).resolves.toBeUndefined();
  });

  it('PostHog refusing the key on add/remove is key-not-allowed, so the caller can use the session', async () => {
    const refusal = () =>
      json(
        {
          type: 'authentication_error',
          code: 'permission_denied',
          detail: 'This action does not support personal API key access',
          attr: null,
        },
        403,
      );
    const { client, sent } = clientWith([refusal(), refusal()]);
    for (const call of [p(client).addRecording('abc', 'r1'), p(client).removeRecording('abc', 'r1')]) {
      const error = await caught(call);
      expect(isAppError(error) && error.kind).toBe('key-not-allowed');
    }
    expect(sent).toHaveLength(2);
  });

  it.each([200, 201])('createFromTemplateJson accepts %s', async (status) => {
    const { client } = clientWith([json(dashboard(9, { creation_mode: 'template' }), status)]);
    expect((await d(client).createFromTemplateJson({})).id).toBe(9);
  });
});

describe('filters-type playlists (PostHog needs their filters on every PATCH)', () => {
  const filters = { events: [{ id: '$rageclick' }] };
  const refusal = () =>
    json(
      {
        type: 'validation_error',
        code: 'invalid_input',
        detail: 'You cannot remove all filters when updating a saved filter',
        attr: null,
      },
      400,
    );

  it('with a known playlist, sends its filters at once', async () => {
    const known = { ...playlist('Rage'), type: 'filters', filters } as const;
    const { client, sent } = clientWith([json({ ...known, deleted: true })]);
    const result = await p(client).softDelete('Rage', {
      ...known,
      name: null,
      pinned: false,
      deleted: false,
    });
    expect(result.deleted).toBe(true);
    expect(sent.map((request) => JSON.parse(request.body))).toEqual([{ deleted: true, filters }]);
  });

  it('without one, fetches it only after PostHog refuses, then sends once more', async () => {
    const { client, sent } = clientWith([
      refusal(),
      json(playlist('Rage', { type: 'filters', filters })),
      json(playlist('Rage', { deleted: true })),
    ]);
    await p(client).softDelete('Rage');
    expect(sent.map(line)).toEqual([
      'PATCH /api/projects/12345/session_recording_playlists/Rage/',
      'GET /api/projects/12345/session_recording_playlists/Rage/',
      'PATCH /api/projects/12345/session_recording_playlists/Rage/',
    ]);
    expect(JSON.parse(sent[2]?.body ?? '')).toEqual({ deleted: true, filters });
  });

  it('a collection is patched with only the changed field', async () => {
    const known = {
      ...playlist('abc'),
      type: 'collection',
      filters: {},
      name: null,
      pinned: false,
      deleted: false,
    };
    const { client, sent } = clientWith([json(playlist('abc'))]);
    await p(client).update('abc', { pinned: true }, known);
    expect(sent.map((request) => JSON.parse(request.body))).toEqual([{ pinned: true }]);
  });

  it('other validation errors are not retried', async () => {
    const { client, sent } = clientWith([
      json(
        {
          type: 'validation_error',
          code: 'invalid_input',
          detail: 'Cannot update synthetic playlists',
          attr: null,
        },
        400,
      ),
    ]);
    const error = await caught(p(client).update('synthetic-x', { name: 'y' }));
    expect(isAppError(error) && error.kind).toBe('validation');
    expect(sent).toHaveLength(1);
  });
});

describe('pagination', () => {
  it('all() follows next verbatim and yields every item', async () => {
    const { client, sent } = clientWith([
      json(
        pageOf([dashboard(1), dashboard(2)], `${ORIGIN}/api/projects/12345/dashboards/?limit=2&offset=2`, 5),
      ),
      json(
        pageOf([dashboard(3), dashboard(4)], `${ORIGIN}/api/projects/12345/dashboards/?limit=2&offset=4`, 5),
      ),
      json(pageOf([dashboard(5)], null, 5)),
    ]);
    const ids: number[] = [];
    for await (const item of d(client).all()) ids.push(item.id);
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    expect(sent.map(line)).toEqual([
      'GET /api/projects/12345/dashboards/',
      'GET /api/projects/12345/dashboards/?limit=2&offset=2',
      'GET /api/projects/12345/dashboards/?limit=2&offset=4',
    ]);
  });

  it('never sends the key to another host named in a next link', async () => {
    const { client, sent } = clientWith([
      json(
        pageOf(
          [dashboard(1)],
          'http://internal-proxy:8000/api/projects/12345/dashboards/?limit=1&offset=1',
          2,
        ),
      ),
      json(pageOf([dashboard(2)], null, 2)),
    ]);
    const ids: number[] = [];
    for await (const item of d(client).all()) ids.push(item.id);
    expect(ids).toEqual([1, 2]);
    expect(sent.every((request) => request.url.startsWith(`${ORIGIN}/api/`))).toBe(true);
  });

  it('stops when a server keeps sending the same next link', async () => {
    const loop = `${ORIGIN}/api/projects/12345/dashboards/?limit=1&offset=1`;
    const { client, sent } = clientWith(() => json(pageOf([dashboard(1)], loop, 3)));
    let seen = 0;
    for await (const _ of d(client).all()) seen++;
    expect(seen).toBe(2);
    expect(sent).toHaveLength(2);
  });

  it('allPages() fetches the remaining pages concurrently from count, in order, each item once', async () => {
    let inFlight = 0;
    let most = 0;
    const total = 1003;
    const { client, sent } = clientWith((request) => async () => {
      const url = new URL(request.url);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight--;
      const results = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) =>
        dashboard(offset + i + 1),
      );
      const next =
        offset + limit < total
          ? `${ORIGIN}/api/projects/12345/dashboards/?limit=${limit}&offset=${offset + limit}`
          : null;
      return json(pageOf(results, next, total));
    });
    const items = await d(client).allPages({ concurrency: 3 });
    expect(items.map((item) => item.id)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(sent).toHaveLength(11);
    expect(most).toBe(3);
  });

  it('allPages() does not believe an absurd count', async () => {
    const { client, sent } = clientWith((request) => {
      const offset = Number(new URL(request.url).searchParams.get('offset') ?? 0);
      const next = `${ORIGIN}/api/projects/12345/dashboards/?limit=1&offset=${offset + 1}`;
      return json(pageOf(offset === 0 ? [dashboard(1)] : [], next, Number.MAX_SAFE_INTEGER));
    });
    expect((await d(client).allPages({ concurrency: 50 })).map((item) => item.id)).toEqual([1]);
    expect(sent.length).toBeLessThanOrEqual(51);
  });

  it('all() stops at an empty page that still points further', async () => {
    const { client, sent } = clientWith((request) => {
      const offset = Number(new URL(request.url).searchParams.get('offset') ?? 0);
      const next = `${ORIGIN}/api/projects/12345/dashboards/?limit=1&offset=${offset + 1}`;
      return json(pageOf(offset === 0 ? [dashboard(1)] : [], next, 99));
    });
    const ids: number[] = [];
    for await (const item of d(client).all()) ids.push(item.id);
    expect(ids).toEqual([1]);
    expect(sent).toHaveLength(2);
  });

  it('allPages() follows next one by one when the link carries no offset', async () => {
    const { client, sent } = clientWith([
      json(pageOf([dashboard(1)], `${ORIGIN}/api/projects/12345/dashboards/?cursor=abc`, 2)),
      json(pageOf([dashboard(2)], null, 2)),
    ]);
    expect((await d(client).allPages()).map((item) => item.id)).toEqual([1, 2]);
    expect(sent.map(line)).toEqual([
      'GET /api/projects/12345/dashboards/',
      'GET /api/projects/12345/dashboards/?cursor=abc',
    ]);
  });

  it('projects.list() gathers every page', async () => {
    const { client } = clientWith([
      json(pageOf([{ id: 1, name: 'A' }], `${ORIGIN}/api/projects/?limit=1&offset=1`, 2)),
      json(pageOf([{ id: 2, name: 'B' }], null, 2)),
    ]);
    expect((await client.projects.list()).map((project) => project.id)).toEqual([1, 2]);
  });
});

describe('answers that are not what we expect', () => {
  it.each([
    [
      'HTML',
      new Response('<!doctype html><title>Login</title>', {
        status: 200,
        headers: { 'content-type': 'text/html' },
      }),
    ],
    ['malformed JSON', new Response('{"id": 1,', { status: 200 })],
    ['an empty body', new Response('', { status: 200 })],
    ['a dashboard without id', json({ name: 'x' })],
    ['a string id', json({ id: '7' })],
  ])('%s becomes invalid-response', async (_name, reply) => {
    const { client } = clientWith([reply]);
    const error = await caught(d(client).get(7));
    expect(isAppError(error) && error.kind).toBe('invalid-response');
  });

  it('an answer the schema refuses names the field and the status, never the value', async () => {
    const { client } = clientWith([json({ id: `${KEY} echoed` }, 201)]);
    const error = await caught(d(client).create({ name: 'x' }));
    expect(error).toMatchObject({ kind: 'invalid-response', status: 201, detail: 'id: Invalid input' });
  });

  it('a network failure keeps no request (and no key) on the error', async () => {
    const { fetch } = scriptedFetch([new TypeError('fetch failed')]);
    const client = createPostHogClient({ origin: ORIGIN, apiKey: KEY, fetch, retry: { limit: 0 } });
    const error = await caught(client.users.me());
    expect(isAppError(error) && error.kind).toBe('network');
    const cause = (error as Error).cause as Record<string, unknown>;
    expect(cause).toBeInstanceOf(Error);
    expect(cause.request).toBeUndefined();
    expect(JSON.stringify(error)).not.toContain(KEY);
  });
});
