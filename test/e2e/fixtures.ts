import { afterAll, beforeAll, inject } from 'vitest';
import { type FakePostHog, type StartOptions, startFakePostHog } from '../fake-posthog/index';
import { type ExtensionSession, launchExtension } from './harness';
import { saveConnection } from './options-page';

/** The extension built once by global-setup, in the Chromium it found. */
export function launchTestExtension(): Promise<ExtensionSession> {
  return launchExtension({ extensionDir: inject('extensionDir'), chromiumPath: inject('chromiumPath') });
}

export interface ExtensionEnv {
  server: FakePostHog;
  session: ExtensionSession;
}

/**
 * For the describe block it is called in: a local PostHog started with `start` and the built
 * extension in its own Chromium, both up before the block's first test and closed after its last.
 * With `connected`, the connection is saved first (this server, its all-scopes key, project 1).
 * The fields are set once the block's `beforeAll` hooks have run; the block's own `beforeAll`
 * hooks, registered after this call, run after it.
 */
export function useExtension(start: StartOptions, { connected = false } = {}): ExtensionEnv {
  const env = {} as ExtensionEnv;
  beforeAll(async () => {
    env.server = await startFakePostHog(start);
    env.session = await launchTestExtension();
    if (connected) await saveConnection(env.session, env.server.url, env.server.keys.all);
  });
  afterAll(async () => {
    await env.session?.close();
    await env.server?.close();
  });
  return env;
}
