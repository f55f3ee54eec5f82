import { describe, expect, it } from 'vitest';
import { signIn } from '../support/sign-in';
import { DEMO } from './demo-ids';
import { call, errorBody, obj, serveFakePostHog } from './test-helpers';

const PERSONS = '/api/projects/1/persons';
const RECORDINGS = '/api/projects/1/session_recordings';
const { anaUuid, anaRecording, anaRecent, jo, joEmail } = DEMO.support;
const LIST_ITEM_FIELDS = [
  'type',
  'id',
  'uuid',
  'created_at',
  'last_seen_at',
  'properties',
  'is_identified',
  'name',
  'distinct_ids',
  'matched_recordings',
  'value_at_data_point',
];

describe('persons (PersonViewSet)', () => {
  const server = serveFakePostHog({ seed: 'support' });

  it('finds a person by exact email, with the UUID in `id`, as get_serialized_people writes it', async () => {
    const answer = await call(server(), 'GET', `${PERSONS}/?email=ana@acme.com`);
    expect(answer.status).toBe(200);
    const body = obj(answer.json);
    expect(Object.keys(body)).toEqual(['results', 'next', 'previous']);
    expect(body.results).toHaveLength(1);
    const [ana] = body.results;
    expect(Object.keys(ana)).toEqual(LIST_ITEM_FIELDS);
    expect(ana).toMatchObject({
      type: 'person',
      id: anaUuid,
      uuid: anaUuid,
      created_at: '2025-02-15T08:00:00Z',
      name: 'ana@acme.com',
      properties: { email: 'ana@acme.com', name: 'Ana' },
      matched_recordings: [],
      value_at_data_point: null,
    });
    // Exact: neither part of the address nor another case matches.
    for (const other of ['ana@acme', 'Ana@acme.com']) {
      expect(obj((await call(server(), 'GET', `${PERSONS}/?email=${other}`)).json).results).toEqual([]);
    }
  });

  it('answers both persons sharing an email, newest first', async () => {
    const body = obj((await call(server(), 'GET', `${PERSONS}/?email=${joEmail}`)).json);
    expect(body.results.map((person: { id: string }) => person.id)).toEqual([jo[1], jo[0]]);
  });

  it('searches the email (contains, any case), a distinct id (exact) or the UUID', async () => {
    const ids = async (query: string) =>
      obj((await call(server(), 'GET', `${PERSONS}/?${query}`)).json).results.map(
        (person: { uuid: string }) => person.uuid,
      );
    expect(await ids('search=INITECH')).toEqual(expect.arrayContaining([...jo]));
    expect(await ids('search=jo-initech-web')).toEqual([jo[0]]);
    expect(await ids('search=jo-initech')).toEqual([]);
    expect(await ids(`search=${anaUuid}`)).toEqual([anaUuid]);
    expect(await ids('distinct_id=jo-initech-mobile')).toEqual([jo[1]]);
  });

  it('pages with limit and offset: `next` while a page is full, `count` only with include_total', async () => {
    const first = obj((await call(server(), 'GET', `${PERSONS}/?search=initech&limit=1`)).json);
    expect(first.results).toHaveLength(1);
    expect(first.next).toBe(`${server().url}${PERSONS}/?search=initech&limit=1&offset=1`);
    expect(first.previous).toBeNull();
    const total = obj((await call(server(), 'GET', `${PERSONS}/?search=initech&include_total`)).json);
    // kai@initech.com of the demo too.
    expect(total.count).toBe(3);
    expect(total.next).toBeNull();
  });

  it('retrieves one person by pk or UUID (PersonSerializer); a distinct id is refused with the hint', async () => {
    const byPk = await call(server(), 'GET', `${PERSONS}/${DEMO.persons.ana}/`);
    expect(byPk.json).toEqual({
      id: 1,
      name: 'ana@acme.com',
      distinct_ids: ['visitor-b438'],
      properties: { email: 'ana@acme.com', name: 'Ana' },
      created_at: '2025-02-15T08:00:00Z',
      uuid: anaUuid,
    });
    expect((await call(server(), 'GET', `${PERSONS}/${anaUuid}/`)).json).toEqual(byPk.json);
    const byDistinctId = await call(server(), 'GET', `${PERSONS}/jo-initech-web/`);
    expect(byDistinctId.status).toBe(400);
    expect(byDistinctId.json).toEqual(
      errorBody(
        'validation_error',
        'invalid',
        'The ID provided does not look like a personID. If you are using a distinctId, please use /persons?distinct_id=jo-initech-web instead.',
      ),
    );
    const missing = await call(server(), 'GET', `${PERSONS}/01900000-0000-7000-8000-00000000ffff/`);
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual(errorBody('invalid_request', 'not_found', 'Not found.'));
  });

  it('asks a key for person:read', async () => {
    const answer = await call(server(), 'GET', `${PERSONS}/?email=ana@acme.com`, { key: 'readOnly' });
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual(
      errorBody('authentication_error', 'permission_denied', "API key missing required scope 'person:read'"),
    );
  });
});

describe('recordings of a person (SessionRecordingViewSet.list)', () => {
  const server = serveFakePostHog({ seed: 'support', replayListingRates: null });
  const list = async (query: string) => obj((await call(server(), 'GET', `${RECORDINGS}/?${query}`)).json);

  it('answers {results, has_next, version}, newest first, 50 by default, from the last 3 days unless told', async () => {
    const body = await list(`person_uuid=${anaUuid}`);
    expect(Object.keys(body)).toEqual(['results', 'has_next', 'version']);
    expect(body.version).toBe(4);
    // 1, 29 and 57 hours ago fall in three days; the 85-hour one does not.
    expect(body.results.map((row: { id: string }) => row.id)).toEqual([1, 2, 3].map(anaRecording));
    const month = await list(`person_uuid=${anaUuid}&date_from=-30d`);
    expect(month.results).toHaveLength(anaRecent);
    expect(month.has_next).toBe(false);
    expect(month.results.map((row: { id: string }) => row.id)).not.toContain(DEMO.support.anaOld);
  });

  it('pages with limit and offset; has_next says whether more are left', async () => {
    const first = await list(`person_uuid=${anaUuid}&date_from=-30d&limit=20`);
    expect(first.results).toHaveLength(20);
    expect(first.has_next).toBe(true);
    const rest = await list(`person_uuid=${anaUuid}&date_from=-30d&limit=20&offset=20`);
    expect(rest.results.map((row: { id: string }) => row.id)).toEqual([21, 22, 23].map(anaRecording));
    expect(rest.has_next).toBe(false);
  });

  it('filters by distinct ids (before person_uuid) and keeps each recording’s own figures', async () => {
    const body = await list(`distinct_ids=["jo-initech-mobile"]&person_uuid=${anaUuid}&date_from=-30d`);
    expect(body.results).toHaveLength(2);
    const ana = await list(`person_uuid=${anaUuid}&date_from=-30d&limit=4`);
    const fourth = ana.results[3];
    expect(fourth).toMatchObject({ id: anaRecording(4), console_error_count: 1, activity_score: 4.2 });
    expect(fourth.person).toMatchObject({ id: 1, uuid: anaUuid, name: 'ana@acme.com' });
  });

  it('says `viewed` for the user who watched it, and names them to others', async () => {
    const [, second] = (await list(`person_uuid=${anaUuid}&date_from=-30d&limit=2`)).results;
    expect(second).toMatchObject({ viewed: true, viewers: [] });
    const login = await fetch(`${server().url}/login?next=/project/1&user=2`, { redirect: 'manual' });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const asBo = obj(
      (
        await call(server(), 'GET', `${RECORDINGS}/?person_uuid=${anaUuid}&date_from=-30d&limit=2`, {
          key: null,
          headers: { cookie },
        })
      ).json,
    );
    expect(asBo.results[1]).toMatchObject({ viewed: false, viewers: ['ana@example.com'] });
  });
});

describe('the replay listing throttle for personal API keys', () => {
  const server = serveFakePostHog({ seed: 'support' });

  it('lets a key list 12 times a minute (a free plan), then says how long to wait in `detail` only', async () => {
    for (let n = 0; n < 12; n += 1) {
      expect((await call(server(), 'GET', `${RECORDINGS}/?person_uuid=${anaUuid}`)).status).toBe(200);
    }
    const refused = await call(server(), 'GET', `${RECORDINGS}/?person_uuid=${anaUuid}`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeNull();
    const { detail } = obj(refused.json);
    expect(obj(refused.json)).toMatchObject({ type: 'throttled_error', code: 'throttled', attr: null });
    const seconds = Number(
      /^Request was throttled\. Expected available in (\d+) seconds\.$/.exec(detail)?.[1],
    );
    expect(seconds).toBeGreaterThanOrEqual(59);
    expect(seconds).toBeLessThanOrEqual(60);
    // Per key: another key, and the signed-in session, are not held back.
    expect(
      (await call(server(), 'GET', `${RECORDINGS}/?person_uuid=${anaUuid}`, { key: 'readOnly' })).status,
    ).toBe(200);
    const { cookie } = await signIn(server());
    const bySession = await call(server(), 'GET', `${RECORDINGS}/?person_uuid=${anaUuid}`, {
      key: null,
      headers: { cookie },
    });
    expect(bySession.status).toBe(200);
    // One recording's metadata is not a listing.
    expect((await call(server(), 'GET', `${RECORDINGS}/${anaRecording(1)}/`)).status).toBe(200);
  });

  it('counts an hour too: past its rate the wait is the hour’s', async () => {
    const hourly = await (await import('./index')).startFakePostHog({
      seed: 'support',
      replayListingRates: { perMinute: 100, perHour: 2 },
    });
    try {
      for (let n = 0; n < 2; n += 1) expect((await call(hourly, 'GET', `${RECORDINGS}/`)).status).toBe(200);
      const refused = await call(hourly, 'GET', `${RECORDINGS}/`);
      expect(refused.status).toBe(429);
      const seconds = Number(/in (\d+) seconds/.exec(obj(refused.json).detail)?.[1]);
      expect(seconds).toBeGreaterThan(3590);
    } finally {
      await hourly.close();
    }
  });
});
