import { describe, expect, it } from 'vitest';
import { call, obj, serveFakePostHog } from './test-helpers';
import type { Flavor } from './types';

async function followAll(server: ReturnType<ReturnType<typeof serveFakePostHog>>, first: string) {
  const ids: number[] = [];
  const links: string[] = [];
  let next: string | null = first;
  while (next) {
    const page = obj((await call(server, 'GET', next)).json);
    ids.push(...page.results.map((item: { id: number }) => item.id));
    links.push(next);
    next = page.next;
  }
  return { ids, links };
}

describe.each<Flavor>(['contract', 'posthog'])('pagination (%s flavor)', (flavor) => {
  const server = serveFakePostHog({ flavor });

  it('builds absolute next/previous links carrying limit and offset', async () => {
    const first = obj((await call(server(), 'GET', '/api/projects/1/dashboards/?limit=5')).json);
    expect(first).toMatchObject({ count: 12, previous: null });
    expect(first.results).toHaveLength(5);
    expect(first.next).toBe(`${server().url}/api/projects/1/dashboards/?limit=5&offset=5`);
    const second = obj((await call(server(), 'GET', first.next)).json);
    expect(second.previous).toBe(`${server().url}/api/projects/1/dashboards/?limit=5`);
    expect(second.next).toBe(`${server().url}/api/projects/1/dashboards/?limit=5&offset=10`);
    const third = obj((await call(server(), 'GET', second.next)).json);
    expect(third.next).toBeNull();
    expect(third.previous).toBe(`${server().url}/api/projects/1/dashboards/?limit=5&offset=5`);
    expect(third.results).toHaveLength(2);
  });

  it('follows next to the end without repeats or gaps', async () => {
    const dashboards = await followAll(server(), '/api/projects/1/dashboards/?limit=2');
    expect(dashboards.ids).toHaveLength(12);
    expect(new Set(dashboards.ids).size).toBe(12);
    const playlists = await followAll(
      server(),
      '/api/projects/1/session_recording_playlists?limit=3&created_by=1',
    );
    const all = obj(
      (await call(server(), 'GET', '/api/projects/1/session_recording_playlists/?created_by=1')).json,
    );
    expect(playlists.ids).toEqual(all.results.map((p: { id: number }) => p.id));
    expect(playlists.links.slice(1).every((link) => link.includes('created_by=1'))).toBe(true);
  });

  it('defaults to 100 and treats a bad limit as the default', async () => {
    const page = obj((await call(server(), 'GET', '/api/projects/1/dashboards/?limit=abc&offset=-3')).json);
    expect(page.results).toHaveLength(12);
    expect(page.next).toBeNull();
  });

  it('paginates projects too', async () => {
    const page = obj((await call(server(), 'GET', '/api/projects/?limit=1')).json);
    expect(page.next).toBe(`${server().url}/api/projects/?limit=1&offset=1`);
  });
});

describe('the large seed', () => {
  const server = serveFakePostHog({ flavor: 'posthog', seed: 'large' });

  it('holds 10,000 dashboards and 10,000 playlists, searchable', async () => {
    const dashboards = obj((await call(server(), 'GET', '/api/projects/1/dashboards/?limit=1')).json);
    expect(dashboards.count).toBe(10_000);
    const playlists = obj(
      (await call(server(), 'GET', '/api/projects/1/session_recording_playlists/?limit=1&created_by=1')).json,
    );
    const byOthers = await Promise.all(
      [2, 3].map(
        async (id) =>
          obj(
            (
              await call(
                server(),
                'GET',
                `/api/projects/1/session_recording_playlists/?limit=1&created_by=${id}`,
              )
            ).json,
          ).count,
      ),
    );
    expect(playlists.count + (byOthers[0] ?? 0) + (byOthers[1] ?? 0)).toBe(10_000);
    const search = obj(
      (await call(server(), 'GET', '/api/projects/1/dashboards/?search=pricing%20alerts%20(apac)&limit=500'))
        .json,
    );
    expect(search.count).toBeGreaterThan(0);
    expect(search.count).toBeLessThan(10_000);
    expect(search.results.every((d: { name: string }) => d.name.startsWith('Pricing alerts (APAC)'))).toBe(
      true,
    );
  });

  it('pages through 10,000 playlists 500 at a time', async () => {
    let next: string | null = '/api/projects/1/session_recording_playlists/?limit=1000&type=collection';
    let pages = 0;
    let seen = 0;
    while (next) {
      const page = obj((await call(server(), 'GET', next)).json);
      // PostHog pages its rows, then adds the 4 synthetic collections to the first page only.
      expect(page.results.length).toBeLessThanOrEqual(pages === 0 ? 504 : 500);
      seen += page.results.length;
      pages += 1;
      next = page.next;
    }
    // 9,000 collections plus the 4 synthetic playlists, which are collections too.
    expect(seen).toBe(9_004);
    expect(pages).toBe(18);
  });
});

describe('the empty seed', () => {
  const server = serveFakePostHog({ flavor: 'contract', seed: 'empty' });

  it('has one project and nothing in it', async () => {
    expect(obj((await call(server(), 'GET', '/api/projects/')).json).count).toBe(1);
    expect((await call(server(), 'GET', '/api/projects/1/dashboards/')).json).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    expect(
      obj((await call(server(), 'GET', '/api/projects/1/session_recording_playlists/')).json).count,
    ).toBe(0);
    expect((await call(server(), 'GET', '/api/projects/2/dashboards/')).status).toBe(404);
  });
});
