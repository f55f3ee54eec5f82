import { describe, expect, it } from 'vitest';
import { failure } from '../support/failure';
import { json } from '../support/json';
import { clientWith, empty } from './support';

const page = { count: 0, next: null, previous: null, results: [] };
const throttled = (seconds: number) =>
  json(
    {
      type: 'throttled_error',
      code: 'throttled',
      detail: `Request was throttled. Expected available in ${seconds} seconds.`,
      attr: null,
    },
    429,
  );
const serverError = () =>
  json({ type: 'server_error', code: 'error', detail: 'A server error occurred.', attr: null }, 500);
const networkError = () => new TypeError('fetch failed');

describe('reads (GET)', () => {
  it('retries a 502 and returns the later answer', async () => {
    const { client, sent, waits } = clientWith([empty(502), json(page)]);
    await expect(client.project(1).dashboards.list()).resolves.toMatchObject({ count: 0 });
    expect(sent).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  it('retries a network error', async () => {
    const { client, sent } = clientWith([networkError(), json(page)]);
    await client.project(1).dashboards.list();
    expect(sent).toHaveLength(2);
  });

  it('gives up after the limit with the last error', async () => {
    const { client, sent, waits } = clientWith([serverError(), serverError(), serverError(), json(page)]);
    const error = await failure(client.project(1).dashboards.list());
    expect(error.kind).toBe('server');
    expect(sent).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it('backs off exponentially with jitter', async () => {
    const { client, waits } = clientWith([serverError(), serverError(), json(page)], {
      retry: { random: () => 0, baseDelayMs: 100 },
    });
    await client.project(1).dashboards.list();
    expect(waits).toEqual([50, 100]);
  });

  it('keeps jittered waits within the step', async () => {
    const { client, waits } = clientWith([serverError(), serverError(), json(page)], {
      retry: { random: () => 0.999, baseDelayMs: 100 },
    });
    await client.project(1).dashboards.list();
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
  });

  it('does not retry a 4xx', async () => {
    const { client, sent } = clientWith([empty(404), json(page)]);
    expect((await failure(client.project(1).dashboards.get(3))).kind).toBe('not-found');
    expect(sent).toHaveLength(1);
  });

  it('does not retry an answer it cannot read', async () => {
    const { client, sent } = clientWith([new Response('<html>hi</html>', { status: 200 }), json(page)]);
    expect((await failure(client.project(1).dashboards.list())).kind).toBe('invalid-response');
    expect(sent).toHaveLength(1);
  });
});

describe('writes (POST/PATCH/DELETE)', () => {
  it.each([
    [
      'POST create',
      (c: ReturnType<typeof clientWith>['client']) => c.project(1).dashboards.create({ name: 'x' }),
    ],
    ['PATCH pin', (c: ReturnType<typeof clientWith>['client']) => c.project(1).dashboards.setPinned(1, true)],
    [
      'DELETE collaborator',
      (c: ReturnType<typeof clientWith>['client']) => c.project(1).dashboards.collaborators.remove(1, 'u'),
    ],
    [
      'POST add recording',
      (c: ReturnType<typeof clientWith>['client']) => c.project(1).playlists.addRecording('abc', 'r'),
    ],
  ])('%s is never sent twice after a 502, a network error or a timeout', async (_name, call) => {
    for (const reply of [empty(502), networkError()]) {
      const { client, sent } = clientWith([reply, json({ id: 1, short_id: 'abc', level: 37 })]);
      const error = await failure(call(client));
      expect(['server', 'network']).toContain(error.kind);
      expect(sent).toHaveLength(1);
    }
  });

  it('a write that timed out is not repeated', async () => {
    const slow = () => new Promise<Response>(() => {});
    const { client, sent } = clientWith([slow, json({ id: 1 })], { timeoutMs: 30 });
    const error = await failure(client.project(1).dashboards.setPinned(1, true));
    expect(error.kind).toBe('timeout');
    expect(sent).toHaveLength(1);
  });

  it('a write refused with 429 (not processed) is retried after the server-given wait', async () => {
    const { client, sent, waits } = clientWith([throttled(3), json({ id: 1, pinned: true })]);
    await expect(client.project(1).dashboards.setPinned(1, true)).resolves.toMatchObject({ pinned: true });
    expect(sent.map((request) => request.method)).toEqual(['PATCH', 'PATCH']);
    expect(sent[1]?.body).toBe('{"pinned":true}');
    expect(waits).toEqual([3000]);
  });
});

describe('rate limits', () => {
  it('honours Retry-After', async () => {
    const { client, waits } = clientWith(
      [empty(429), json(page)].map((r, i) =>
        i === 0 ? new Response(null, { status: 429, headers: { 'retry-after': '2' } }) : r,
      ),
    );
    await client.project(1).dashboards.list();
    expect(waits).toEqual([2000]);
  });

  it('honours "Expected available in N seconds"', async () => {
    const { client, waits } = clientWith([throttled(4), json(page)]);
    await client.project(1).dashboards.list();
    expect(waits).toEqual([4000]);
  });

  it('gives up at once when the server asks for longer than the cap, and says how long', async () => {
    const { client, sent, waits } = clientWith([throttled(60), json(page)]);
    const error = await failure(client.project(1).dashboards.list());
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 60, retryable: true });
    expect(sent).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('a 503 asking for longer than the cap is not retried either', async () => {
    const unavailable = new Response(null, { status: 503, headers: { 'retry-after': '60' } });
    const { client, sent, waits } = clientWith([unavailable, json(page)]);
    const error = await failure(client.project(1).dashboards.list());
    expect(error).toMatchObject({ kind: 'server', status: 503, retryAfterSeconds: 60 });
    expect(sent).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('the cap is configurable', async () => {
    const { client, waits } = clientWith([throttled(60), json(page)], {
      retry: { maxRetryAfterSeconds: 120 },
    });
    await client.project(1).dashboards.list();
    expect(waits).toEqual([60_000]);
  });

  it('reports rate-limited with the seconds after the last retry', async () => {
    const { client, sent } = clientWith([throttled(1), throttled(1), throttled(5)]);
    const error = await failure(client.project(1).playlists.addRecording('abc', 'r'));
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 5 });
    expect(sent).toHaveLength(3);
  });

  it('retries can be switched off', async () => {
    const { client, sent } = clientWith([throttled(1), json(page)], { retry: { limit: 0 } });
    expect((await failure(client.project(1).dashboards.list())).kind).toBe('rate-limited');
    expect(sent).toHaveLength(1);
  });
});

describe('timeouts', () => {
  it('a GET that never answers becomes a timeout and is not retried', async () => {
    const { client, sent } = clientWith(() => () => new Promise<Response>(() => {}), { timeoutMs: 30 });
    const error = await failure(client.project(1).dashboards.list());
    expect(error.kind).toBe('timeout');
    expect(sent).toHaveLength(1);
  });

  it('a hung read gives way sooner than a hung write (reads are safe to try again)', async () => {
    const hung = () => () => new Promise<Response>(() => {});
    const reads = clientWith(hung, { timeoutMs: 400, readTimeoutMs: 30, retry: { limit: 0 } });
    const writes = clientWith(hung, { timeoutMs: 400, readTimeoutMs: 30, retry: { limit: 0 } });
    const outcome = (promise: Promise<unknown>) =>
      Promise.race([
        failure(promise).then((error) => error.kind),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 200)),
      ]);
    expect(await outcome(reads.client.project(1).dashboards.list())).toBe('timeout');
    expect(await outcome(writes.client.project(1).dashboards.setPinned(1, true))).toBe('still waiting');
  });

  it('a Cancel stops the request at once and is never retried', async () => {
    const controller = new AbortController();
    const { client, sent } = clientWith(
      (request) => () =>
        new Promise<Response>((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        ),
      { signal: controller.signal },
    );
    const reading = failure(client.project(1).dashboards.list());
    setTimeout(() => controller.abort(), 10);
    expect((await reading).kind).toBe('network');
    expect(sent).toHaveLength(1);
  });

  it('a body that stalls after the headers becomes a timeout', async () => {
    const stalled = () =>
      new Response(
        new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('{"co')) }),
        {
          status: 200,
        },
      );
    const { client } = clientWith([stalled], { timeoutMs: 30 });
    expect((await failure(client.project(1).dashboards.list())).kind).toBe('timeout');
  });
});
