import ky from 'ky';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { createTransport, type RequestSpec } from '../../lib/api/transport';
import { AppError } from '../../lib/platform/errors';

/**
 * The transport on its own, over ky with a scripted fetch: how each answer's body is read, and what
 * a failure's detail says. The client's tests (client.test.ts) cover the same through its APIs.
 */
const ORIGIN = 'https://posthog.example.com';
const KEY = `phx_${'k'.repeat(43)}`;
const Dashboard = z.object({ id: z.number(), name: z.string() });

function transportAnswering(reply: () => Response) {
  const api = ky.create({ baseUrl: ORIGIN, retry: 0, fetch: async () => reply() });
  return createTransport({ api, origin: ORIGIN, apiKey: KEY, timeoutMs: 5_000 });
}

function read(reply: () => Response, spec: Partial<RequestSpec<z.ZodMiniType>> = {}): Promise<unknown> {
  const transport = transportAnswering(reply);
  return transport.request({
    method: 'GET',
    path: '/api/projects/1/dashboards/7/',
    schema: Dashboard,
    ...spec,
  });
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const text =
  (body: string, status = 200, type = 'application/json') =>
  () =>
    new Response(body, { status, headers: { 'content-type': type } });

describe('an answer’s body', () => {
  it('an empty 2xx body is a success only where the request allows one', async () => {
    await expect(read(text(''), { method: 'DELETE', allowEmpty: true })).resolves.toBeUndefined();
    expect(await failure(read(text('')))).toMatchObject({
      kind: 'invalid-response',
      status: 200,
      detail: 'empty body',
    });
  });

  it('a body of only white space is as empty as none', async () => {
    await expect(read(text(' \n\t'), { method: 'DELETE', allowEmpty: true })).resolves.toBeUndefined();
    expect(await failure(read(text(' \n')))).toMatchObject({
      kind: 'invalid-response',
      detail: 'empty body',
    });
  });

  it('a body where an empty one is allowed is still read and checked', async () => {
    await expect(
      read(text('{"id": 7, "name": "Funnels"}'), { method: 'DELETE', allowEmpty: true }),
    ).resolves.toEqual({ id: 7, name: 'Funnels' });
    expect(await failure(read(text('{"id": "7"}'), { method: 'DELETE', allowEmpty: true }))).toMatchObject({
      kind: 'invalid-response',
    });
  });

  it('HTML, even after white space, is named as HTML; broken JSON as malformed', async () => {
    const html = await failure(read(text('\n  <!doctype html><title>Sign in</title>', 200, 'text/html')));
    expect(html).toMatchObject({ kind: 'invalid-response', status: 200, detail: 'HTML instead of JSON' });
    // A `<` inside broken JSON does not make it a page.
    const broken = await failure(read(text('{"name": "<b>Funnels</b>", ', 201)));
    expect(broken).toMatchObject({ kind: 'invalid-response', status: 201, detail: 'malformed JSON' });
  });

  it('an error answer labelled JSON that is not JSON keeps its text as the detail', async () => {
    const error = await failure(read(text('upstream connect error or disconnect/reset before headers', 503)));
    expect(error).toMatchObject({
      kind: 'server',
      status: 503,
      detail: 'upstream connect error or disconnect/reset before headers',
    });
  });
});

describe('an answer the schema refuses', () => {
  it('names each field by its path, at most three, never its value', async () => {
    const Page = z.object({
      count: z.number(),
      results: z.array(z.object({ id: z.number(), name: z.string(), pinned: z.boolean() })),
    });
    const body = JSON.stringify({ count: KEY, results: [{ id: 'x', name: 1, pinned: 'no' }] });
    const error = await failure(read(text(body), { schema: Page }));
    expect(error.kind).toBe('invalid-response');
    expect(error.detail).toBe(
      'count: Invalid input; results.0.id: Invalid input; results.0.name: Invalid input',
    );
    expect(error.detail).not.toContain(KEY);
  });

  it('calls an answer refused as a whole the root', async () => {
    const error = await failure(read(text('"Funnels"')));
    expect(error).toMatchObject({
      kind: 'invalid-response',
      detail: '(root): Invalid input',
    });
  });
});

describe('a renewed token refused again', () => {
  const EXPIRED = {
    type: 'authentication_error',
    code: 'authentication_failed',
    detail: 'Access token has expired.',
  };

  function renewingTransport(second: () => Response) {
    let calls = 0;
    const api = ky.create({
      baseUrl: ORIGIN,
      retry: 0,
      fetch: async () => (calls++ === 0 ? Response.json(EXPIRED, { status: 401 }) : second()),
    });
    return createTransport({
      api,
      origin: ORIGIN,
      apiKey: `pha_${'o'.repeat(43)}`,
      renewToken: async () => `pha_${'n'.repeat(43)}`,
      timeoutMs: 5_000,
    });
  }
  const me = { method: 'GET', path: '/api/users/@me/', schema: z.object({ id: z.number() }) } as const;

  it('as expired is a clock off, with PostHog’s 401', async () => {
    const transport = renewingTransport(() => Response.json(EXPIRED, { status: 401 }));
    expect(await failure(transport.request(me))).toMatchObject({ kind: 'clock-skew', status: 401 });
  });

  it('for another reason that mentions an expiry is that refusal, not a clock off', async () => {
    const refusal = {
      type: 'invalid_request',
      code: 'invalid_input',
      detail: 'This link has expired.',
      attr: null,
    };
    const transport = renewingTransport(() => Response.json(refusal, { status: 400 }));
    expect(await failure(transport.request(me))).toMatchObject({
      kind: 'validation',
      status: 400,
      detail: 'This link has expired.',
    });
  });
});
