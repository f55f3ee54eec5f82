import { afterEach, describe, expect, it } from 'vitest';
import { call, errorBody, obj, serveFakePostHog } from './test-helpers';

const LIST = '/api/projects/1/dashboards/';

describe('fault injection (posthog flavor)', () => {
  const server = serveFakePostHog({ flavor: 'posthog' });
  afterEach(() => server().clearFaults());

  it('delays with latency, then answers normally', async () => {
    server().setFault({ path: LIST, fault: { type: 'latency', ms: 150 }, times: 1 });
    const started = Date.now();
    const answer = await call(server(), 'GET', LIST);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(answer.status).toBe(200);
    expect(obj(answer.json).count).toBe(12);
  });

  it('answers a status with a PostHog body, before authentication', async () => {
    server().setFault({ path: LIST, fault: { type: 'status', status: 503 }, times: 1 });
    const answer = await call(server(), 'GET', LIST, { key: null });
    expect(answer.status).toBe(503);
    expect(answer.json).toEqual(errorBody('server_error', 'error', 'A server error occurred.'));
    expect((await call(server(), 'GET', LIST)).status).toBe(200);
  });

  it('answers 429 from a status fault without Retry-After in this flavor', async () => {
    server().setFault({ path: LIST, fault: { type: 'status', status: 429 }, times: 1 });
    const answer = await call(server(), 'GET', LIST);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBeNull();
  });

  it('throttles key requests with the detail text and no Retry-After', async () => {
    server().setFault({ path: LIST, fault: { type: 'throttle', seconds: 12 }, times: 1 });
    const answer = await call(server(), 'GET', LIST);
    expect(answer.status).toBe(429);
    expect(answer.json).toEqual(
      errorBody('throttled_error', 'throttled', 'Request was throttled. Expected available in 12 seconds.'),
    );
    expect(answer.headers.get('retry-after')).toBeNull();
  });

  it('sends truncated JSON with a JSON content type', async () => {
    server().setFault({ path: LIST, fault: { type: 'malformed-json' }, times: 1 });
    const answer = await call(server(), 'GET', LIST);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(() => JSON.parse(answer.text)).toThrow();
  });

  it('sends an HTML 502 page', async () => {
    server().setFault({ path: LIST, fault: { type: 'html' }, times: 1 });
    const answer = await call(server(), 'GET', LIST);
    expect(answer.status).toBe(502);
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(answer.text).toBe('<html><body><h1>502 Bad Gateway</h1></body></html>');
  });

  it('drops the connection, so fetch rejects', async () => {
    server().setFault({ path: LIST, fault: { type: 'drop' }, times: 1 });
    await expect(fetch(`${server().url}${LIST}`)).rejects.toThrow();
    expect((await call(server(), 'GET', LIST)).status).toBe(200);
  });

  it('matches by method, by path without the slash, and by RegExp; applies `times` then stops', async () => {
    server().setFault({
      method: 'POST',
      path: '/api/projects/1/dashboards',
      fault: { type: 'status', status: 500 },
    });
    expect((await call(server(), 'GET', LIST)).status).toBe(200);
    expect((await call(server(), 'POST', LIST, { body: { name: 'x' } })).status).toBe(500);
    server().clearFaults();
    server().setFault({
      path: /\/session_recording_playlists\//,
      fault: { type: 'status', status: 404 },
      times: 2,
    });
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await call(server(), 'GET', '/api/projects/1/session_recording_playlists/')).status);
    expect(statuses).toEqual([404, 404, 200]);
  });

  it('applies faults to app pages too', async () => {
    server().setFault({ path: '/project/1/dashboard/1', fault: { type: 'status', status: 500 }, times: 1 });
    expect((await fetch(`${server().url}/project/1/dashboard/1`)).status).toBe(500);
  });
});

describe('fault injection (contract flavor)', () => {
  const server = serveFakePostHog({ flavor: 'contract' });

  it('sends Retry-After with a 429 status fault', async () => {
    server().setFault({ path: LIST, fault: { type: 'status', status: 429 }, times: 1 });
    const answer = await call(server(), 'GET', LIST);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(obj(answer.json)).toMatchObject({ type: 'throttled_error', code: 'throttled' });
  });
});
