import { createServer } from 'node:http';
import { createServer as createSecureServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { FaultBook } from './faults';
import { KEY_NAMES, keyInfo } from './keys';
import { createRegistrationThrottle } from './oauth';
import { createOAuthHooks } from './oauth/hooks';
import { DCR_RATES } from './oauth/model';
import { buildRoutes } from './routes';
import { loadSeed } from './seeds';
import { createRequestHandler } from './server';
import { FREE_LISTING_RATES } from './throttle';
import type { FakePostHog, KeyInfo, KeyName, LoggedRequest, StartOptions } from './types';

export { DEMO } from './demo-ids';
export type * from './types';

/** Starts the local PostHog on 127.0.0.1 (a free port unless told). */
export async function startFakePostHog(options: StartOptions = {}): Promise<FakePostHog> {
  const flavor = options.flavor ?? 'posthog';
  const host = options.host ?? '127.0.0.1';
  const state = loadSeed(options.seed ?? 'demo', options.largeCount);
  const faults = new FaultBook();
  const requests: LoggedRequest[] = [];
  const oauthOptions = options.oauth ?? {};
  state.oauth.build = oauthOptions.build ?? 'newest';
  const oauth =
    oauthOptions.enabled === false
      ? undefined
      : {
          state,
          store: state.oauth,
          registrationThrottle: createRegistrationThrottle(
            oauthOptions.registrationRates === undefined ? DCR_RATES : oauthOptions.registrationRates,
          ),
          retryAfter: flavor === 'contract',
        };
  const handler = createRequestHandler({
    state,
    flavor,
    routes: buildRoutes(
      flavor,
      options.commentsKeyAccess,
      options.replayListingRates === undefined ? FREE_LISTING_RATES : options.replayListingRates,
      options.visitedPageProperty ?? true,
    ),
    faults,
    requests,
    sceneLoadMs: options.sceneLoadMs,
    oauth,
  });
  const server = options.tls ? createSecureServer(options.tls, handler) : createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const keys = {} as Record<KeyName, string>;
  const infos = {} as Record<KeyName, KeyInfo>;
  for (const name of KEY_NAMES) {
    const key = state.keys.find((candidate) => candidate.name === name);
    if (!key) continue;
    keys[name] = key.value;
    infos[name] = keyInfo(key);
  }
  let closing: Promise<void> | undefined;
  return {
    url: `${options.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`,
    flavor,
    keys,
    keyInfo: infos,
    requests,
    clearRequests: () => {
      requests.length = 0;
    },
    setFault: (rule) => faults.add(rule),
    clearFaults: () => faults.clear(),
    setPublicSharingAllowed: (allowed) => {
      state.organization.allowPubliclySharedResources = allowed;
    },
    oauth: createOAuthHooks(state.oauth, requests),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
