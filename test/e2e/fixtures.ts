import { inject } from 'vitest';
import type { StartOptions } from '../fake-posthog/index';
import { type ExtensionEnvOf, useExtensionEnv } from '../support/extension-env';
import { CLOUD_US, cloudCertificate, cloudHostArgs } from './cloud-host';
import { type ExtensionSession, launchExtension } from './harness';
import { saveConnection } from './options-page';

/** The extension built once by global-setup, in the Chromium it found (with more switches, if given). */
export function launchTestExtension(extraArgs?: string[]): Promise<ExtensionSession> {
  return launchExtension({
    extensionDir: inject('extensionDir'),
    chromiumPath: inject('chromiumPath'),
    ...(extraArgs ? { extraArgs } : {}),
  });
}

export type ExtensionEnv = ExtensionEnvOf<ExtensionSession>;

/**
 * For the describe block it is called in: a local PostHog started with `start` and the built
 * extension in its own Chromium (see useExtensionEnv). With `connected`, the connection is saved
 * first (this server, its all-scopes key, project 1).
 */
export function useExtension(start: StartOptions, { connected = false } = {}): ExtensionEnv {
  return useExtensionEnv(
    start,
    () => launchTestExtension(),
    connected ? (session, server) => saveConnection(session, server.url, server.keys.all) : undefined,
  );
}

/**
 * PostHog Cloud as users meet it, for the describe block: the local PostHog (PostHog's real shapes
 * and refusals) serving HTTPS, which the extension's Chromium resolves `https://us.posthog.com` to,
 * and the connection saved to `https://us.posthog.com` with the all-scopes key, project 1 (the demo seed
 * unless told).
 */
export function useCloudExtension(start: Pick<StartOptions, 'seed'> = {}): ExtensionEnv {
  return useExtensionEnv(
    async () => ({ flavor: 'posthog', seed: start.seed ?? 'demo', tls: await cloudCertificate() }),
    (server) => launchTestExtension(cloudHostArgs(server.url)),
    (session, server) => saveConnection(session, CLOUD_US, server.keys.all),
  );
}
