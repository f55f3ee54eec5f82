import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/sign-in';
import { playerPersonMeta } from './app/player-view';
import { SCENE_HEADER, type SceneData } from './app/scene';
import { DEMO } from './demo-ids';
import { cursorPaginate } from './pagination';
import { pythonDatetime } from './routes/comments';
import { missingPersonUuid } from './serializers/recordings';
import { call, errorBody, obj, serveFakePostHog } from './test-helpers';
import type { Flavor } from './types';

const R = '/api/projects/1/session_recordings';
const C = '/api/projects/1/comments';
const FIELDS = [
  'id',
  'distinct_id',
  'viewed',
  'viewers',
  'recording_duration',
  'active_seconds',
  'inactive_seconds',
  'start_time',
  'end_time',
  'click_count',
  'keypress_count',
  'mouse_activity_count',
  'console_log_count',
  'console_warn_count',
  'console_error_count',
  'start_url',
  'person',
  'retention_period_days',
  'expiry_time',
  'recording_ttl',
  'snapshot_source',
  'snapshot_library',
  'ongoing',
  'activity_score',
  'has_summary',
  'summary_outcome',
  'external_references',
  'matches_filters',
];
const COMMENT_FIELDS = [
  'id',
  'created_by',
  'scope',
  'item_context',
  'deleted',
  'is_task',
  'completed_by',
  'slack_thread',
  'content',
  'rich_content',
  'version',
  'created_at',
  'item_id',
  'completed_at',
  'source_comment',
];
const denied = (detail: string) => errorBody('authentication_error', 'permission_denied', detail);
const invalid = (detail: string, attr: string | null = null, code = 'invalid_input') =>
  errorBody('validation_error', code, detail, attr);

describe.each<Flavor>(['contract', 'posthog'])('one recording’s metadata (%s flavor)', (flavor) => {
  const server = serveFakePostHog({ flavor });

  it('answers SessionRecordingSerializer’s 28 fields, with the person by the recording’s distinct id', async () => {
    const answer = await call(server(), 'GET', `${R}/${DEMO.recordings.inCheckout}/`, { key: 'readOnly' });
    expect(answer.status).toBe(200);
    const json = obj(answer.json);
    expect(Object.keys(json)).toEqual(FIELDS);
    expect(json).toMatchObject({
      id: DEMO.recordings.inCheckout,
      distinct_id: 'visitor-b438',
      viewed: false,
      viewers: [],
      recording_duration: 312,
      start_time: '2025-03-01T10:00:00.000Z',
      end_time: '2025-03-01T10:05:12.000Z',
      start_url: 'https://shop.example.com/checkout',
      activity_score: null,
      matches_filters: true,
    });
    expect(json.active_seconds + json.inactive_seconds).toBe(312);
    expect(json.person).toEqual({
      id: DEMO.persons.ana,
      name: 'ana@acme.com',
      distinct_ids: ['visitor-b438'],
      properties: { email: 'ana@acme.com', name: 'Ana' },
      created_at: '2025-02-15T08:00:00.000Z',
      uuid: '01900000-0000-7000-8000-0000000d0001',
    });
  });

  it('names a person by the first display-name property set (name, then username)', async () => {
    const names = await Promise.all(
      ['0191dd9e-1111-7ccc-8ddd-000000000003', '0191dd9e-3333-7ccc-8ddd-000000000005'].map(
        async (id) => obj((await call(server(), 'GET', `${R}/${id}/`)).json).person.name,
      ),
    );
    expect(names).toEqual(['Sam Park', 'ola']);
  });

  it('serializes a MissingPerson (never null) when no person has the distinct id', async () => {
    const json = obj((await call(server(), 'GET', `${R}/${DEMO.recordings.anonymous}/`)).json);
    expect(json.person).toEqual({
      id: null,
      name: null,
      distinct_ids: ['0191dd9e-55aa-7bbb-8ccc-00000000a707'],
      properties: {},
      created_at: null,
      uuid: missingPersonUuid(1, '0191dd9e-55aa-7bbb-8ccc-00000000a707'),
    });
  });

  it('answers 404 "Recording not found" for an unknown id or another project’s recording', async () => {
    const notFound = errorBody('invalid_request', 'not_found', 'Recording not found');
    expect((await call(server(), 'GET', `${R}/nope/`)).json).toEqual(notFound);
    const staging = '0191dd9e-4444-7ccc-8ddd-000000000006';
    const answer = await call(server(), 'GET', `${R}/${staging}/`);
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual(notFound);
    expect((await call(server(), 'GET', `/api/projects/2/session_recordings/${staging}/`)).status).toBe(200);
  });

  it('asks for session_recording:read', async () => {
    const answer = await call(server(), 'GET', `${R}/${DEMO.recordings.inCheckout}/`, {
      key: 'noRecordingRead',
    });
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual(denied("API key missing required scope 'session_recording:read'"));
  });
});

describe('uuid5 of a MissingPerson', () => {
  it('matches Python’s uuid5 for the namespace and "team:distinct_id"', () => {
    // uuid.uuid5(UUID("932979b4-65c3-4424-8467-0b66ec27bc22"), "1:abc") in CPython.
    expect(missingPersonUuid(1, 'abc')).toBe('07738276-ab30-525b-9ece-796064758bd4');
    expect(missingPersonUuid(1, '0191dd9e-55aa-7bbb-8ccc-00000000a707')).toBe(
      '9b013768-88bc-55bf-a3b2-a2c921f63052',
    );
  });
});

describe('DRF cursors', () => {
  it('writes the position as Python’s str(datetime) and the cursor as base64 of its urlencoded tokens', () => {
    expect(pythonDatetime('2025-03-03T09:30:00.000Z')).toBe('2025-03-03 09:30:00+00:00');
    expect(pythonDatetime('2025-03-03T09:30:00.123Z')).toBe('2025-03-03 09:30:00.123000+00:00');
    const dates = ['2025-03-03T09:30:00.124Z', '2025-03-03T09:30:00.123Z', '2025-03-03T09:30:00.122Z'];
    const page = cursorPaginate(dates, new URL('http://h/api/x/?scope=Replay'), {
      pageSize: 2,
      positionOf: pythonDatetime,
      valueOf: (p) => Date.parse(p.replace(' ', 'T').replace(/(\.\d{3})\d{3}/, '$1')),
    });
    expect(page).toMatchObject({ previous: null, results: dates.slice(0, 2) });
    // base64(urlencode({"p": "2025-03-03 09:30:00.123000+00:00"})) in CPython.
    expect(typeof page === 'object' && page.next).toBe(
      'http://h/api/x/?cursor=cD0yMDI1LTAzLTAzKzA5JTNBMzAlM0EwMC4xMjMwMDAlMkIwMCUzQTAw&scope=Replay',
    );
  });
});

describe.each<Flavor>(['contract', 'posthog'])('comments (%s flavor, scoped keys)', (flavor) => {
  const server = serveFakePostHog({ flavor });
  const forCheckout = `${C}/?scope=Replay&item_id=${DEMO.recordings.inCheckout}`;

  it('lists a recording’s comments newest first with cursor links and no count', async () => {
    const answer = await call(server(), 'GET', forCheckout, { key: 'readOnly' });
    expect(answer.status).toBe(403);
    const list = obj((await call(server(), 'GET', forCheckout, { key: 'noRecordingRead' })).json);
    expect(Object.keys(list)).toEqual(['next', 'previous', 'results']);
    expect(list.next).toBeNull();
    expect(list.previous).toBeNull();
    expect(list.results.map((c: { id: string }) => c.id)).toEqual([
      DEMO.comments.sameOnSafari,
      DEMO.comments.paymentButton,
    ]);
    const payment = list.results[1];
    expect(Object.keys(payment)).toEqual(COMMENT_FIELDS);
    expect(payment).toMatchObject({
      content: 'Payment button unresponsive',
      scope: 'Replay',
      item_id: DEMO.recordings.inCheckout,
      item_context: { time_in_recording: '2025-03-01T10:01:15.000Z' },
      deleted: false,
      is_task: false,
      version: 0,
      slack_thread: null,
      source_comment: null,
      created_by: { id: 1, first_name: 'Ana', email: 'ana@example.com', hedgehog_config: null },
    });
    expect(payment.rich_content.content[0].content[0].text).toBe('Payment button unresponsive');
    const count = await call(
      server(),
      'GET',
      `${C}/count/?scope=Replay&item_id=${DEMO.recordings.inCheckout}`,
    );
    expect(count.json).toEqual({ count: 2 });
  });

  it('creates with 201 as the key’s owner, and checks content, scope, item_context and item_id', async () => {
    const body = {
      content: 'Coupon field clears itself',
      scope: 'Replay',
      item_id: DEMO.recordings.loose,
      item_context: { time_in_recording: '2025-03-01T11:00:30.000Z', from_slack: true },
    };
    const created = await call(server(), 'POST', `${C}/`, { key: 'noRecordingRead', body });
    expect(created.status).toBe(201);
    const json = obj(created.json);
    expect(Object.keys(json)).toEqual(COMMENT_FIELDS);
    expect(json.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(json).toMatchObject({
      content: 'Coupon field clears itself',
      rich_content: null,
      version: 0,
      deleted: false,
      item_context: { time_in_recording: '2025-03-01T11:00:30.000Z' },
      created_by: { id: 1 },
    });
    const post = (b: unknown) => call(server(), 'POST', `${C}/`, { body: b });
    expect((await post({ scope: 'Replay', content: '  ' })).json).toEqual(
      invalid('A comment must have content'),
    );
    const emptyDoc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '' }] }] };
    expect((await post({ scope: 'Replay', rich_content: emptyDoc })).json).toEqual(
      invalid('A comment must have content'),
    );
    expect((await post({ scope: 'Replay', rich_content: { type: 'doc', content: [] } })).status).toBe(201);
    expect((await post({ content: 'x' })).json).toEqual(
      invalid('This field is required.', 'scope', 'required'),
    );
    expect((await post({ content: 'x', scope: 'Replay', item_context: 'later' })).json).toEqual(
      invalid('Must be an object.', 'item_context'),
    );
    expect((await post({ content: 'x', scope: 'Replay', item_id: 'a'.repeat(73) })).json).toEqual(
      invalid('Ensure this field has no more than 72 characters.', 'item_id', 'max_length'),
    );
    expect((await post({ content: 'x', scope: 'Replay', item_id: 'a'.repeat(72) })).status).toBe(201);
    const noWrite = await call(server(), 'POST', `${C}/`, { key: 'readOnly', body });
    expect(noWrite.json).toEqual(denied("API key missing required scope 'comment:write'"));
  });

  it('pages by cursor, 100 at a time, newest first', async () => {
    const item = 'cursor-paging';
    for (let n = 0; n < 101; n += 1) {
      await call(server(), 'POST', `${C}/`, { body: { content: `n${n}`, scope: 'Replay', item_id: item } });
    }
    const first = obj((await call(server(), 'GET', `${C}/?scope=Replay&item_id=${item}`)).json);
    expect(first.results).toHaveLength(100);
    expect(first.results[0].content).toBe('n100');
    expect(first.previous).toBeNull();
    const next = new URL(first.next);
    expect(next.origin).toBe(server().url);
    expect([...next.searchParams.keys()]).toEqual(['cursor', 'item_id', 'scope']);
    expect(Buffer.from(next.searchParams.get('cursor') ?? '', 'base64').toString()).toMatch(
      /^p=2\d{3}-\d{2}-\d{2}\+\d{2}%3A\d{2}%3A\d{2}(\.\d{6})?%2B00%3A00$/,
    );
    const second = obj((await call(server(), 'GET', `${next.pathname}${next.search}`)).json);
    expect(second.results.map((c: { content: string }) => c.content)).toEqual(['n0']);
    expect(second.next).toBeNull();
    const back = new URL(second.previous);
    const again = obj((await call(server(), 'GET', `${back.pathname}${back.search}`)).json);
    expect(again.results).toHaveLength(100);
    expect(again.results[0].content).toBe('n100');
    expect(again.results[99].content).toBe('n1');
    const bad = await call(server(), 'GET', `${C}/?cursor=%%%`);
    expect(bad.json).toEqual(errorBody('invalid_request', 'not_found', 'Invalid cursor'));
  });

  it('lets only the author edit; a content edit bumps version; {deleted:true} hides it unless deleted=true', async () => {
    const created = obj(
      (
        await call(server(), 'POST', `${C}/`, {
          body: { content: 'draft', scope: 'Replay', item_id: 'edits' },
        })
      ).json,
    );
    const path = `${C}/${created.id}/`;
    const edited = await call(server(), 'PATCH', path, { body: { content: 'final' } });
    expect(obj(edited.json)).toMatchObject({ content: 'final', version: 1 });
    expect((await call(server(), 'PATCH', path, { body: { item_context: { a: 1 } } })).json).toEqual(
      invalid('A comment must have content'),
    );
    const removed = await call(server(), 'PATCH', path, { body: { deleted: true } });
    expect(obj(removed.json)).toMatchObject({ deleted: true, version: 1 });
    expect(obj((await call(server(), 'GET', `${C}/?item_id=edits`)).json).results).toEqual([]);
    expect((await call(server(), 'GET', path)).status).toBe(404);
    const withDeleted = obj((await call(server(), 'GET', `${C}/?item_id=edits&deleted=true`)).json);
    expect(withDeleted.results.map((c: { id: string }) => c.id)).toEqual([created.id]);
    expect(obj((await call(server(), 'GET', `${C}/count/?item_id=edits`)).json).count).toBe(0);
    // Undeleting is an edit like any other: without content PostHog refuses it.
    expect((await call(server(), 'PATCH', path, { body: { deleted: false } })).json).toEqual(
      invalid('A comment must have content'),
    );
    const restored = obj(
      (await call(server(), 'PATCH', path, { body: { deleted: false, content: 'final' } })).json,
    );
    expect(restored).toMatchObject({ deleted: false, version: 2 });

    const notMine = await call(server(), 'PATCH', `${C}/${DEMO.comments.sameOnSafari}/`, {
      body: { content: 'mine now' },
    });
    expect(notMine.status).toBe(403);
    expect(notMine.json).toEqual(denied('You can only modify your own comments'));
    const deleteIt = await call(server(), 'DELETE', path);
    expect(deleteIt.status).toBe(405);
    expect(deleteIt.text).toBe('');
    expect((await call(server(), 'DELETE', path, { key: 'readOnly' })).status).toBe(403);
  });

  it('serves session requests (cookie + X-CSRFToken) like any route', async () => {
    const { cookie, csrf } = await signIn(server());
    const headers = { cookie, 'x-csrftoken': csrf, origin: server().url };
    const created = await call(server(), 'POST', `${C}/`, {
      key: null,
      headers,
      body: { content: 'via the session', scope: 'Replay', item_id: DEMO.recordings.inCheckout },
    });
    expect(created.status).toBe(201);
    expect(server().requests.at(-1)?.auth).toBe('session');
    const noToken = await call(server(), 'POST', `${C}/`, {
      key: null,
      headers: { cookie },
      body: { content: 'x', scope: 'Replay' },
    });
    expect(noToken.json).toEqual(denied('CSRF Failed: CSRF token missing.'));
  });
});

describe('comments on an older PostHog (commentsKeyAccess: internal)', () => {
  const server = serveFakePostHog({ flavor: 'posthog', commentsKeyAccess: 'internal' });
  const refused = denied('This action does not support personal API key access');

  it('refuses every key request, even a key with every scope', async () => {
    for (const [method, path] of [
      ['GET', `${C}/?scope=Replay&item_id=${DEMO.recordings.inCheckout}`],
      ['GET', `${C}/count/`],
      ['POST', `${C}/`],
      ['PATCH', `${C}/${DEMO.comments.paymentButton}/`],
    ] as const) {
      const answer = await call(server(), method, path, { body: method === 'GET' ? undefined : {} });
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual(refused);
    }
  });

  it('still serves the signed-in session', async () => {
    const { cookie, csrf } = await signIn(server());
    const headers = { cookie, 'x-csrftoken': csrf, origin: server().url };
    const list = await call(server(), 'GET', `${C}/?scope=Replay&item_id=${DEMO.recordings.inCheckout}`, {
      key: null,
      headers: { cookie },
    });
    expect(obj(list.json).results).toHaveLength(2);
    const created = await call(server(), 'POST', `${C}/`, {
      key: null,
      headers,
      body: { content: 'Payment works again', scope: 'Replay', item_id: DEMO.recordings.inCheckout },
    });
    expect(created.status).toBe(201);
  });
});

describe('the meta bar’s person (PlayerPersonMeta)', () => {
  const server = serveFakePostHog({ flavor: 'posthog' });

  it('sends the person as asDisplay shows it, and the email PersonIcon uses', async () => {
    const scene = async (id: string) => {
      const response = await fetch(`${server().url}/project/1/replay/${id}`, {
        headers: { [SCENE_HEADER]: '1' },
      });
      return (await response.json()) as SceneData;
    };
    expect(await scene(DEMO.recordings.inCheckout)).toMatchObject({
      recording: { person: 'ana@acme.com', personEmail: 'ana@acme.com' },
    });
    expect(await scene(DEMO.recordings.anonymous)).toMatchObject({
      recording: { person: '0191dd9e-55aa-7bbb-8ccc-00000000a707', personEmail: null },
    });
  });

  it('draws a rounded Lettermark in a ProfilePicture, or a skeleton circle while loading', () => {
    const { document } = parseHTML('<!doctype html><html><body></body></html>');
    const previous = globalThis.document;
    globalThis.document = document as unknown as Document;
    try {
      const recording = {
        id: 'x',
        durationSeconds: 1,
        startMs: 0,
        url: 'https://shop.example.com/',
        person: 'ana@acme.com',
        personEmail: 'ana@acme.com',
      };
      const loaded = playerPersonMeta(recording);
      expect(loaded.outerHTML).toBe(
        '<div class="PlayerMeta__top flex items-center gap-1 shrink-0 cursor-pointer">' +
          '<span class="ProfilePicture md mr-0"><div class="Lettermark Lettermark--medium Lettermark--rounded">A</div></span></div>',
      );
      expect(playerPersonMeta(null).innerHTML).toBe(
        '<div class="LemonSkeleton rounded-full shrink-0 w-8 h-8"></div>',
      );
    } finally {
      globalThis.document = previous;
    }
  });
});

describe('the review seed’s Weekly review', () => {
  const server = serveFakePostHog({ flavor: 'posthog', seed: 'review' });

  it('lists a collection’s newest 50 whatever limit and offset ask, with has_next, as PostHog’s newest does', async () => {
    const P = `/api/projects/1/session_recording_playlists/${DEMO.playlists.quarterReview}`;
    const playlist = obj((await call(server(), 'GET', `${P}/`)).json);
    expect(playlist.recordings_counts.collection.count).toBe(120);
    const newest = Array.from({ length: 50 }, (_, i) => DEMO.quarterReviewRecording(120 - i));
    for (const query of ['', '?limit=100', '?limit=100&offset=50', '?offset=100']) {
      const listed = obj((await call(server(), 'GET', `${P}/recordings/${query}`)).json);
      expect(listed.results.map((r: { id: string }) => r.id)).toEqual(newest);
      expect(listed.has_next).toBe(true);
    }
  });

  it('holds 30 recordings, each with metadata; every fifth has no person', async () => {
    const P = `/api/projects/1/session_recording_playlists/${DEMO.playlists.weeklyReview}`;
    const playlist = obj((await call(server(), 'GET', `${P}/`)).json);
    expect(playlist).toMatchObject({ name: 'Weekly review', type: 'collection' });
    expect(playlist.recordings_counts.collection.count).toBe(30);
    const listed = obj((await call(server(), 'GET', `${P}/recordings/`)).json);
    const ids = listed.results.map((r: { id: string }) => r.id);
    expect([...ids].sort()).toEqual(Array.from({ length: 30 }, (_, i) => DEMO.weeklyReviewRecording(i + 1)));
    // PostHog's query orders them by start, newest first.
    const starts = listed.results.map((r: { start_time: string }) => Date.parse(r.start_time));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect(listed.has_next).toBe(false);
    for (const n of [1, 5, 30]) {
      const json = obj((await call(server(), 'GET', `${R}/${DEMO.weeklyReviewRecording(n)}/`)).json);
      expect(json.person.name).toBe(n % 5 === 0 ? null : `customer${String(n).padStart(2, '0')}@example.org`);
    }
  });
});
