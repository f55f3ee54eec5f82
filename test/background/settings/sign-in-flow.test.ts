import { beforeAll, describe, expect, it } from 'vitest';
import { type IdentityLike, signInWithPostHog } from '../../../lib/background/settings/sign-in-flow';
import type { AppError } from '../../../lib/platform/errors';
import { createGrantStore } from '../../../lib/platform/grant-store';
import { createApiKeyStore, createMemoryKeyValueStore } from '../../../lib/platform/key-store';
import { REDIRECT_URI } from '../../fake-posthog/oauth-test-helpers';
import { installEnglishTranslator } from '../../support/i18n';
import { useLocalPostHog } from '../../support/local-posthog';
import { consentingIdentity } from '../../support/sign-in-window';

beforeAll(installEnglishTranslator);

const server = useLocalPostHog({});
const SCOPE = 'user:read project:read dashboard:write';

function grants() {
  const secrets = createMemoryKeyValueStore();
  return createGrantStore(secrets, createApiKeyStore(secrets));
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: AppError) => error,
  );

describe('signing in with PostHog', () => {
  it('registers once per origin, sends the exact redirect URI with PKCE and state, and reads the grant', async () => {
    const store = grants();
    const identity = consentingIdentity(server);
    const signedIn = await signInWithPostHog({ identity, grants: store }, server.url, SCOPE);
    expect(signedIn.accessToken).toMatch(/^pha_/);
    expect(signedIn.grant).toMatchObject({
      origin: server.url,
      tokenEndpoint: `${server.url}/oauth/token/`,
      revocationEndpoint: `${server.url}/oauth/revoke/`,
      refreshToken: expect.stringMatching(/^phr_/),
      scopes: ['dashboard:write', 'project:read', 'user:read'],
      scopedTeams: [],
      scopedOrganizations: [],
    });
    const opened = new URL(identity.urls[0] ?? '');
    expect(opened.origin + opened.pathname).toBe(`${server.url}/oauth/authorize/`);
    expect(opened.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(opened.searchParams.get('code_challenge_method')).toBe('S256');
    expect(opened.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await signInWithPostHog({ identity, grants: store }, server.url, SCOPE);
    expect(server.oauth.registrations()).toHaveLength(1);
    expect(new URL(identity.urls[1] ?? '').searchParams.get('client_id')).toBe(signedIn.grant.clientId);
    expect(new URL(identity.urls[1] ?? '').searchParams.get('state')).not.toBe(
      opened.searchParams.get('state'),
    );
  });

  it('reads a grant narrowed on the consent page to one project and fewer scopes', async () => {
    const identity = consentingIdentity(server, {
      granted: 'user:read project:read',
      access_level: 'team',
      scoped_teams: [1],
    });
    const { grant } = await signInWithPostHog({ identity, grants: grants() }, server.url, SCOPE);
    expect(grant).toMatchObject({ scopes: ['project:read', 'user:read'], scopedTeams: [1] });
  });

  it('uses the client metadata document where one is configured and PostHog reads them', async () => {
    const identity: IdentityLike & { url?: string } = {
      getRedirectURL: () => REDIRECT_URI,
      async launchWebAuthFlow({ url }) {
        identity.url = url;
        throw new Error('The user did not approve access.');
      },
    };
    const cimd = 'https://hogmark.example/oauth/client-metadata.json';
    await failure(
      signInWithPostHog({ identity, grants: grants(), clientMetadataUrl: cimd }, server.url, SCOPE),
    );
    expect(new URL(identity.url ?? '').searchParams.get('client_id')).toBe(cimd);
    expect(server.oauth.registrations()).toHaveLength(0);
  });

  it.each([
    ['the window closed', 'The user did not approve access.', 'sign-in-cancelled'],
    ['PostHog’s page not loading', 'Authorization page could not be loaded.', 'network'],
  ])('names %s in one sentence', async (_name, message, kind) => {
    const identity: IdentityLike = {
      getRedirectURL: () => REDIRECT_URI,
      launchWebAuthFlow: async () => {
        throw new Error(message);
      },
    };
    const error = await failure(signInWithPostHog({ identity, grants: grants() }, server.url, SCOPE));
    expect(error.kind).toBe(kind);
    expect(error.userMessage()).toMatch(/^[^.;]+[.;][^.]*\.?$/);
  });

  it('registers again after a closed window, so a registration PostHog no longer has does not trap the user', async () => {
    const store = grants();
    await signInWithPostHog({ identity: consentingIdentity(server), grants: store }, server.url, SCOPE);
    // PostHog loses the client (its answer: a page naming an unknown client_id, which the user closes).
    const closing: IdentityLike = {
      getRedirectURL: () => REDIRECT_URI,
      launchWebAuthFlow: async () => {
        throw new Error('The user did not approve access.');
      },
    };
    await failure(signInWithPostHog({ identity: closing, grants: store }, server.url, SCOPE));
    await signInWithPostHog({ identity: consentingIdentity(server), grants: store }, server.url, SCOPE);
    expect(server.oauth.registrations()).toHaveLength(2);
  });

  it('calls Cancel on the consent page a cancelled sign-in', async () => {
    const identity = consentingIdentity(server, { allow: false });
    const error = await failure(signInWithPostHog({ identity, grants: grants() }, server.url, SCOPE));
    expect(error.kind).toBe('sign-in-cancelled');
    expect(error.userMessage()).toBe('Sign-in was cancelled in the PostHog window; nothing was changed.');
  });

  it('ignores an answer whose state is not the one sent, exchanging nothing', async () => {
    const consenting = consentingIdentity(server);
    const identity: IdentityLike = {
      getRedirectURL: () => REDIRECT_URI,
      async launchWebAuthFlow(details) {
        const to = new URL((await consenting.launchWebAuthFlow(details)) ?? '');
        to.searchParams.set('state', 'someone-elses-state-xx');
        return to.href;
      },
    };
    const error = await failure(signInWithPostHog({ identity, grants: grants() }, server.url, SCOPE));
    expect(error.kind).toBe('sign-in-state-mismatch');
    expect(server.oauth.codeExchanges()).toHaveLength(0);
  });

  it('calls a code already used a spent sign-in', async () => {
    const consenting = consentingIdentity(server);
    let first: URL | undefined;
    const identity: IdentityLike = {
      getRedirectURL: () => REDIRECT_URI,
      async launchWebAuthFlow(details) {
        const to = new URL((await consenting.launchWebAuthFlow(details)) ?? '');
        if (!first) {
          first = to;
          return to.href;
        }
        // The same code again, sent back with this sign-in's own state.
        to.searchParams.set('code', first.searchParams.get('code') ?? '');
        return to.href;
      },
    };
    const store = grants();
    await signInWithPostHog({ identity, grants: store }, server.url, SCOPE);
    const error = await failure(signInWithPostHog({ identity, grants: store }, server.url, SCOPE));
    expect(error.kind).toBe('sign-in-code-expired');
  });

  it('says a registration PostHog throttled in its own sentence, and registers on the next try', async () => {
    server.setFault({ path: '/oauth/register/', fault: { type: 'status', status: 429 }, times: 1 });
    const store = grants();
    const identity = consentingIdentity(server);
    const error = await failure(signInWithPostHog({ identity, grants: store }, server.url, SCOPE));
    expect(error.kind).toBe('registration-throttled');
    expect(identity.urls).toEqual([]);
    expect((await signInWithPostHog({ identity, grants: store }, server.url, SCOPE)).accessToken).toMatch(
      /^pha_/,
    );
  });

  it('says PostHog is unreachable when its metadata does not come', async () => {
    server.setFault({ path: '/.well-known/oauth-authorization-server', fault: { type: 'drop' } });
    const error = await failure(
      signInWithPostHog({ identity: consentingIdentity(server), grants: grants() }, server.url, SCOPE),
    );
    expect(error.kind).toBe('network');
  });
});
