import { afterAll, beforeAll, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type FakePostHog, type StartOptions, startFakePostHog } from '../fake-posthog/index';

/**
 * For the describe block it is called in: a local PostHog started once before its tests and closed
 * after them, with the fake browser reset and the server's faults and request log cleared before each
 * test. The object returned stands for that server (it reads the running one on every use), so tests
 * write `server.url` as if it were the server itself.
 */
export function useLocalPostHog(options: StartOptions): FakePostHog {
  let current: FakePostHog | undefined;
  beforeAll(async () => {
    current = await startFakePostHog(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  beforeEach(() => {
    fakeBrowser.reset();
    current?.clearFaults();
    current?.clearRequests();
  });
  return new Proxy({} as FakePostHog, {
    get(_target, key) {
      if (!current) throw new Error('the local PostHog has not started (used outside a test?)');
      const value: unknown = Reflect.get(current, key);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}
