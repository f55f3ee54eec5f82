import { afterEach, beforeEach } from 'vitest';
import { createPostHogClient, type PostHogClientOptions } from '../../lib/api/client';
import {
  type FakePostHog,
  type Flavor,
  type KeyName,
  type LoggedRequest,
  startFakePostHog,
} from '../fake-posthog/index';

export const FLAVORS: Flavor[] = ['contract', 'posthog'];

/** Users of the demo seed (test/fake-posthog/seeds/common.ts), named by uuid where the API wants one. */
export const USER_UUIDS = {
  bo: '01900000-0000-7000-8000-000000000b0b',
  cy: '01900000-0000-7000-8000-000000000c0c',
};

/** A fresh demo server per test, so writes never leak between tests. */
export function useFakePostHog(flavor: Flavor) {
  const context: { server: FakePostHog; waits: number[] } = { server: undefined as never, waits: [] };
  beforeEach(async () => {
    context.server = await startFakePostHog({ port: 0, flavor, seed: 'demo' });
    context.waits = [];
  });
  afterEach(async () => {
    await context.server.close();
  });

  function client(key: KeyName | string = 'all', options: Partial<PostHogClientOptions> = {}) {
    const apiKey = key in context.server.keys ? context.server.keys[key as KeyName] : key;
    return createPostHogClient({
      origin: context.server.url,
      apiKey,
      ...options,
      retry: {
        sleep: async (ms) => {
          context.waits.push(ms);
        },
        ...options.retry,
      },
    });
  }

  /** API requests only, in order. */
  function received(): LoggedRequest[] {
    return context.server.requests.filter((request) => request.path.startsWith('/api/'));
  }

  function lines(): string[] {
    return received().map((request) => `${request.method} ${request.path}`);
  }

  return { context, client, received, lines };
}
