import { describe, expect, it } from 'vitest';
import { DEMO } from './demo-ids';
import { call, serveFakePostHog } from './test-helpers';

describe('the request log', () => {
  const server = serveFakePostHog({ flavor: 'contract' });

  it('records method, path, query, lowercased headers, parsed body, auth, status and time', async () => {
    server().clearRequests();
    const before = Date.now();
    await call(server(), 'PATCH', `/api/projects/1/dashboards/${DEMO.dashboards.marketing}/?x=1`, {
      body: { pinned: false },
      headers: { 'X-Hogmark-Test': 'yes' },
    });
    await call(server(), 'GET', '/api/projects/1/dashboards', { key: null });
    await fetch(`${server().url}/project/1/dashboard`);
    const [patch, anonymous, page] = server().requests;
    expect(server().requests).toHaveLength(3);
    expect(patch).toMatchObject({
      method: 'PATCH',
      path: `/api/projects/1/dashboards/${DEMO.dashboards.marketing}/`,
      query: { x: '1' },
      body: { pinned: false },
      auth: 'key',
      status: 200,
    });
    expect(patch?.headers['x-hogmark-test']).toBe('yes');
    expect(patch?.headers.authorization).toBe(`Bearer ${server().keys.all}`);
    expect(patch?.at).toBeGreaterThanOrEqual(before);
    expect(anonymous).toMatchObject({
      method: 'GET',
      path: '/api/projects/1/dashboards',
      auth: 'none',
      status: 401,
      body: undefined,
    });
    expect(page).toMatchObject({ method: 'GET', path: '/project/1/dashboard', status: 200 });
  });

  it('keeps a non-JSON body as text and forgets everything on clearRequests', async () => {
    await call(server(), 'POST', '/api/projects/1/dashboards/', { rawBody: 'not json' });
    expect(server().requests.at(-1)).toMatchObject({ body: 'not json', status: 400 });
    server().clearRequests();
    expect(server().requests).toEqual([]);
  });
});
