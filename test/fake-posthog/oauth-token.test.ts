import { beforeAll, describe, expect, it, vi } from 'vitest';
import { obtainCode, postForm, REDIRECT_URI, registerClient, signInWithPostHog } from './oauth-test-helpers';
import { call, obj, serveFakePostHog } from './test-helpers';

describe('the token endpoint: code exchange', () => {
  const server = serveFakePostHog({});
  let clientId = '';
  beforeAll(async () => {
    clientId = await registerClient(server());
  });
  const exchange = (code: string, verifier: string, extra: Record<string, string> = {}) =>
    postForm(server(), '/oauth/token/', {
      grant_type: 'authorization_code',
      code,
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      ...extra,
    });

  it('answers a verified code with the tokens and what was granted', async () => {
    const { code, verifier } = await obtainCode(server(), clientId);
    const answer = await exchange(code, verifier);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = obj(answer.json);
    expect(Object.keys(body)).toEqual([
      'access_token',
      'expires_in',
      'token_type',
      'scope',
      'refresh_token',
      'scoped_teams',
      'scoped_organizations',
    ]);
    expect(body).toMatchObject({
      expires_in: 604800,
      token_type: 'Bearer',
      scope: 'dashboard:write project:read user:read',
      scoped_teams: [],
      scoped_organizations: [],
    });
    expect(body.access_token).toMatch(/^pha_[0-9A-Za-z]{40,44}$/);
    expect(body.refresh_token).toMatch(/^phr_[0-9A-Za-z]{40,44}$/);
  });

  it('accepts a JSON body as well, and refuses a nested value in one', async () => {
    const { code, verifier } = await obtainCode(server(), clientId);
    const nested = await call(server(), 'POST', '/oauth/token/', { key: null, body: { grant_type: ['x'] } });
    expect(nested.json).toEqual({
      error: 'invalid_request',
      error_description: "Parameter 'grant_type' must be a string",
    });
    const answer = await call(server(), 'POST', '/oauth/token/', {
      key: null,
      body: {
        grant_type: 'authorization_code',
        code,
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      },
    });
    expect(answer.status).toBe(200);
  });

  it('refuses a wrong code_verifier with invalid_grant, leaving the code usable', async () => {
    const { code, verifier } = await obtainCode(server(), clientId);
    const wrong = await exchange(code, `${verifier}x`);
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ error: 'invalid_grant' });
    expect((await exchange(code, verifier)).status).toBe(200);
  });

  it('uses a code once: the second exchange is invalid_grant', async () => {
    const { code, verifier } = await obtainCode(server(), clientId);
    expect((await exchange(code, verifier)).status).toBe(200);
    const again = await exchange(code, verifier);
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ error: 'invalid_grant' });
  });

  it('lets a code expire after 300 seconds', async () => {
    const { code, verifier } = await obtainCode(server(), clientId);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 301_000);
    try {
      const late = await exchange(code, verifier);
      expect(late.json).toEqual({ error: 'invalid_grant' });
    } finally {
      vi.restoreAllMocks();
    }
  });

  it.each([
    [
      'no code_verifier',
      { code_verifier: undefined },
      400,
      { error: 'invalid_request', error_description: 'Code verifier required.' },
    ],
    [
      'another redirect_uri',
      { redirect_uri: 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org' },
      400,
      { error: 'invalid_request', error_description: 'Mismatching redirect URI.' },
    ],
    ['an unknown client', { client_id: 'nope' }, 401, { error: 'invalid_client' }],
    ['no grant_type', { grant_type: undefined }, 400, { error: 'unsupported_grant_type' }],
    [
      'no code',
      { code: undefined },
      400,
      { error: 'invalid_request', error_description: 'Missing code parameter.' },
    ],
  ])('refuses %s as oauthlib does', async (_name, extra, status, body) => {
    const { code, verifier } = await obtainCode(server(), clientId);
    const fields: Record<string, string | undefined> = {
      grant_type: 'authorization_code',
      code,
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      ...extra,
    };
    const answer = await postForm(
      server(),
      '/oauth/token/',
      Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>,
    );
    expect(answer.status).toBe(status);
    expect(answer.json).toEqual(body);
  });

  it('refuses a code issued to another client', async () => {
    const other = await registerClient(server());
    const { code, verifier } = await obtainCode(server(), other);
    const answer = await exchange(code, verifier);
    expect(answer.json).toEqual({ error: 'invalid_grant' });
  });

  it('carries a narrowed grant into the token: fewer scopes, one project', async () => {
    const { code, verifier } = await obtainCode(server(), clientId, {
      scope: 'user:read project:read dashboard:write',
      granted: 'user:read project:read dashboard:read',
      access_level: 'team',
      scoped_teams: [1],
    });
    const body = obj((await exchange(code, verifier)).json);
    expect(body.scope).toBe('dashboard:read project:read user:read');
    expect(body.scoped_teams).toEqual([1]);
  });
});

describe('the token endpoint: refresh (newest PostHog, a DCR client)', () => {
  const server = serveFakePostHog({});
  const refresh = (clientId: string, token: string) =>
    postForm(server(), '/oauth/token/', {
      grant_type: 'refresh_token',
      refresh_token: token,
      client_id: clientId,
    });

  it('mints a new access token and gives the same refresh token back; the old access token still works', async () => {
    const signedIn = await signInWithPostHog(server());
    const answer = await refresh(signedIn.clientId, signedIn.refresh_token);
    expect(answer.status).toBe(200);
    const body = obj(answer.json);
    expect(body.refresh_token).toBe(signedIn.refresh_token);
    expect(body.access_token).not.toBe(signedIn.access_token);
    expect(body.scope).toBe(signedIn.scope);
    expect(body.expires_in).toBe(604800);
    for (const token of [signedIn.access_token, body.access_token]) {
      const me = await call(server(), 'GET', '/api/users/@me/', { authorization: `Bearer ${token}` });
      expect(me.status).toBe(200);
    }
    expect(server().oauth.refreshes().at(-1)?.body).toMatchObject({ grant_type: 'refresh_token' });
  });

  it('refuses an unknown refresh token, or another client’s, with invalid_grant', async () => {
    const signedIn = await signInWithPostHog(server());
    const other = await registerClient(server());
    expect((await refresh(signedIn.clientId, 'phr_nope')).json).toEqual({ error: 'invalid_grant' });
    expect((await refresh(other, signedIn.refresh_token)).json).toEqual({ error: 'invalid_grant' });
  });

  it('refuses a refresh once PostHog dropped the refresh tokens (test hook)', async () => {
    const signedIn = await signInWithPostHog(server());
    expect(server().oauth.dropRefreshTokens()).toBeGreaterThan(0);
    const answer = await refresh(signedIn.clientId, signedIn.refresh_token);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: 'invalid_grant' });
  });
});

describe('the token endpoint: refresh on a build whose refresh tokens rotate', () => {
  const server = serveFakePostHog({ oauth: { build: 'rotating' } });
  const refresh = (clientId: string, token: string) =>
    postForm(server(), '/oauth/token/', {
      grant_type: 'refresh_token',
      refresh_token: token,
      client_id: clientId,
    });

  it('rotates: a new refresh token, an hour-long access token, the old access token gone', async () => {
    const signedIn = await signInWithPostHog(server());
    expect(signedIn.expires_in).toBe(3600);
    const body = obj((await refresh(signedIn.clientId, signedIn.refresh_token)).json);
    expect(body.refresh_token).not.toBe(signedIn.refresh_token);
    const old = await call(server(), 'GET', '/api/users/@me/', {
      authorization: `Bearer ${signedIn.access_token}`,
    });
    expect(old.status).toBe(401);
  });

  it('answers the old refresh token with the same pair within 120 s, then refuses it and revokes the family', async () => {
    const signedIn = await signInWithPostHog(server());
    const first = obj((await refresh(signedIn.clientId, signedIn.refresh_token)).json);
    const replay = obj((await refresh(signedIn.clientId, signedIn.refresh_token)).json);
    expect(replay).toMatchObject({ access_token: first.access_token, refresh_token: first.refresh_token });
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 121_000);
    try {
      expect((await refresh(signedIn.clientId, signedIn.refresh_token)).json).toEqual({
        error: 'invalid_grant',
      });
      expect((await refresh(signedIn.clientId, first.refresh_token)).json).toEqual({
        error: 'invalid_grant',
      });
    } finally {
      vi.restoreAllMocks();
    }
  });
});
