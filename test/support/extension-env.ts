import { afterAll, beforeAll } from 'vitest';
import { type FakePostHog, type StartOptions, startFakePostHog } from '../fake-posthog/index';

/** A local PostHog and the built extension in a browser of its own, for the describe block. */
export interface ExtensionEnvOf<Session> {
  server: FakePostHog;
  session: Session;
}

/**
 * For the describe block it is called in: a local PostHog started with `start` and the extension
 * `launch` starts in its own browser (Chromium or Firefox) for that server, both up before the
 * block's first test and closed after its last. With `connect`, the connection is saved first. The
 * fields are set once the block's `beforeAll` hooks have run; the block's own `beforeAll` hooks,
 * registered after this call, run after it.
 */
export function useExtensionEnv<Session extends { close(): Promise<void> }>(
  start: StartOptions | (() => Promise<StartOptions>),
  launch: (server: FakePostHog) => Promise<Session>,
  connect?: (session: Session, server: FakePostHog) => Promise<void>,
): ExtensionEnvOf<Session> {
  const env = {} as ExtensionEnvOf<Session>;
  beforeAll(async () => {
    env.server = await startFakePostHog(typeof start === 'function' ? await start() : start);
    env.session = await launch(env.server);
    if (connect) await connect(env.session, env.server);
  });
  afterAll(async () => {
    await env.session?.close();
    await env.server?.close();
  });
  return env;
}
