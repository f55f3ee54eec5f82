import ky from 'ky';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { createTransport } from '../../lib/api/transport';
import { DEMO, type FakePostHog, startFakePostHog } from '../fake-posthog/index';
import { failure } from '../support/failure';
import { installEnglishTranslator } from '../support/i18n';
import { FLAVORS, useFakePostHog } from './support';

beforeAll(installEnglishTranslator);

const DASHBOARDS = '/api/projects/1/dashboards/';

describe.each(FLAVORS)('the key never follows a redirect (%s flavor)', (flavor) => {
  const { context, client, received } = useFakePostHog(flavor);
  let elsewhere: FakePostHog;
  beforeEach(async () => {
    elsewhere = await startFakePostHog({ flavor, seed: 'demo' });
  });
  afterEach(() => elsewhere.close());

  it.each([301, 302, 307, 308] as const)(
    'a %i to another server: one clear error, nothing sent there',
    async (status) => {
      context.server.setFault({ path: DASHBOARDS, fault: { type: 'redirect', to: elsewhere.url, status } });
      const error = await failure(client().project(DEMO.projects.main).dashboards.list());
      expect(error).toMatchObject({ kind: 'invalid-response' });
      expect(error.userMessage()).toMatch(/Check the PostHog address/);
      // A read may be tried again: every try stops at the redirect.
      expect(received().every((request) => request.path === DASHBOARDS)).toBe(true);
      expect(elsewhere.requests).toEqual([]);
    },
  );

  it('a redirected write is neither followed nor repeated', async () => {
    context.server.setFault({
      method: 'PATCH',
      path: `${DASHBOARDS}${DEMO.dashboards.marketing}/`,
      fault: { type: 'redirect', to: elsewhere.url, status: 307 },
    });
    const error = await failure(
      client().project(DEMO.projects.main).dashboards.setPinned(DEMO.dashboards.marketing, true),
    );
    expect(error.kind).toBe('invalid-response');
    expect(received().filter((request) => request.method === 'PATCH')).toHaveLength(1);
    expect(elsewhere.requests).toEqual([]);
  });
});

describe('the transport sends only to the configured origin', () => {
  let server: FakePostHog;
  let elsewhere: FakePostHog;
  beforeAll(async () => {
    server = await startFakePostHog({ flavor: 'posthog', seed: 'demo' });
    elsewhere = await startFakePostHog({ flavor: 'posthog', seed: 'demo' });
    return async () => {
      await Promise.all([server.close(), elsewhere.close()]);
    };
  });

  it.each([
    (other: string) => `${other}/api/users/@me/`,
    (other: string) => `//${new URL(other).host}/api/users/@me/`,
    () => 'api/users/@me/',
    () => '/not-api/',
    () => '/api/../../etc',
  ])('refuses %s before any request', async (pathOf) => {
    const apiKey = server.keys.all;
    const transport = createTransport({
      api: ky.create({ baseUrl: server.url, headers: { authorization: `Bearer ${apiKey}` }, retry: 0 }),
      origin: server.url,
      apiKey,
      timeoutMs: 2_000,
    });
    server.clearRequests();
    const error = await failure(
      transport.request({ method: 'GET', path: pathOf(elsewhere.url), schema: z.unknown() }),
    );
    expect(error.kind).toBe('bad-message');
    expect(elsewhere.requests).toEqual([]);
    expect(server.requests).toEqual([]);
  });
});
