import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostHogClient } from '../../lib/api/client';
import { DEMO, type FakePostHog, startFakePostHog } from '../fake-posthog/index';
import { failure } from '../support/failure';

const { anaUuid, anaRecording, jo, joEmail } = DEMO.support;

describe('the persons API against the local PostHog', () => {
  let server: FakePostHog;
  beforeAll(async () => {
    server = await startFakePostHog({ seed: 'support', replayListingRates: { perMinute: 2, perHour: 60 } });
  });
  afterAll(() => server.close());
  const persons = (retryThrottled = false) =>
    createPostHogClient({ origin: server.url, apiKey: server.keys.all, retry: { retryThrottled } }).project(1)
      .persons;

  it('finds persons by exact email, by search and by a person link’s UUID (404: nobody)', async () => {
    expect((await persons().find({ by: 'email', value: 'ana@acme.com' })).map((p) => p.uuid)).toEqual([
      anaUuid,
    ]);
    expect((await persons().find({ by: 'email', value: joEmail })).map((p) => p.uuid)).toEqual([
      jo[1],
      jo[0],
    ]);
    expect((await persons().find({ by: 'search', value: 'jo-initech-web' })).map((p) => p.uuid)).toEqual([
      jo[0],
    ]);
    expect(
      (await persons().find({ by: 'distinct-id', value: 'jo-initech-mobile' })).map((p) => p.uuid),
    ).toEqual([jo[1]]);
    const [byUuid] = await persons().find({ by: 'uuid', value: anaUuid });
    expect(byUuid).toMatchObject({ uuid: anaUuid, name: 'ana@acme.com' });
    expect(await persons().find({ by: 'uuid', value: '01900000-0000-7000-8000-00000000ffff' })).toEqual([]);
  });

  it('finds an email typed in another case with one search, keeping only that email', async () => {
    server.clearRequests();
    expect((await persons().findEmailAnyCase('Ana@ACME.com')).map((p) => p.uuid)).toEqual([anaUuid]);
    // PostHog's search finds every email containing it: one that only contains it is not the one asked.
    expect(await persons().findEmailAnyCase('acme.com')).toEqual([]);
    expect(server.requests.map((request) => request.query)).toEqual([
      { search: 'Ana@ACME.com', limit: '100' },
      { search: 'acme.com', limit: '100' },
    ]);
    // The exact ask finds nobody in another case: PostHog's `email=` is exact.
    expect(await persons().find({ by: 'email', value: 'Ana@ACME.com' })).toEqual([]);
  });

  it('reads a page of a person’s recordings in PostHog’s own list shape', async () => {
    server.clearRequests();
    const page = await persons().recordings({ personUuid: anaUuid, dateFrom: '-30d', limit: 20 });
    expect(page.results).toHaveLength(20);
    expect(page.has_next).toBe(true);
    expect(page.results[0]).toMatchObject({ id: anaRecording(1), viewed: false, console_error_count: 0 });
    expect(server.requests.map((request) => request.query)).toEqual([
      { person_uuid: anaUuid, date_from: '-30d', limit: '20' },
    ]);
  });

  it('reports a throttled list with PostHog’s wait and does not ask again', async () => {
    // The second list of this minute (two allowed here); the third is refused.
    await persons().recordings({ personUuid: anaUuid, dateFrom: '-30d', limit: 20 });
    server.clearRequests();
    const error = await failure(persons().recordings({ personUuid: anaUuid, dateFrom: '-30d', limit: 20 }));
    expect(error).toMatchObject({ kind: 'rate-limited', status: 429 });
    expect(error.retryAfterSeconds).toBeGreaterThan(50);
    expect(server.requests).toHaveLength(1);
  });
});
