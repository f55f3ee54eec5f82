import { describe, expect, it } from 'vitest';
import { DEMO } from './demo-ids';
import { postForm, signInWithPostHog } from './oauth-test-helpers';
import { call, errorBody, obj, serveFakePostHog } from './test-helpers';

const denied = (detail: string) => errorBody('authentication_error', 'permission_denied', detail);
const refused = (detail: string) => errorBody('authentication_error', 'authentication_failed', detail);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('OAuth access tokens on the API', () => {
  const server = serveFakePostHog({});

  it('reads with a granted scope, logged as an OAuth request', async () => {
    const { access_token } = await signInWithPostHog(server(), { scope: 'dashboard:read project:read' });
    const answer = await call(server(), 'GET', '/api/projects/1/dashboards/', bearer(access_token));
    expect(answer.status).toBe(200);
    expect(server().requests.at(-1)?.auth).toBe('oauth');
  });

  it('refuses what the grant lacks with the personal API key’s words, and lets :write imply :read', async () => {
    const { access_token } = await signInWithPostHog(server(), { scope: 'dashboard:write' });
    expect((await call(server(), 'GET', '/api/projects/1/dashboards/', bearer(access_token))).status).toBe(
      200,
    );
    const playlists = await call(
      server(),
      'GET',
      '/api/projects/1/session_recording_playlists/',
      bearer(access_token),
    );
    expect(playlists.status).toBe(403);
    expect(playlists.json).toEqual(
      denied("API key missing required scope 'session_recording_playlist:read'"),
    );
  });

  it('refuses what PostHog refuses every token (adding to a collection)', async () => {
    const { access_token } = await signInWithPostHog(server(), { scope: 'session_recording_playlist:write' });
    const answer = await call(
      server(),
      'POST',
      `/api/projects/1/session_recording_playlists/${DEMO.playlists.checkoutBugs}/recordings/${DEMO.recordings.inCheckout}/`,
      { ...bearer(access_token), body: {} },
    );
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual(denied('This action does not support personal API key access'));
  });

  it('refuses a token granted no scope at all', async () => {
    const { access_token } = await signInWithPostHog(server(), { scope: 'openid', granted: 'made:up' });
    const answer = await call(server(), 'GET', '/api/users/@me/', bearer(access_token));
    expect(answer.json).toEqual(denied('OAuth token has no scopes and cannot access this resource'));
  });

  it('holds a project-scoped grant to its projects: the project list is 403, the project itself answers', async () => {
    const { access_token, scoped_teams } = await signInWithPostHog(server(), {
      scope: 'project:read dashboard:read user:read',
      access_level: 'team',
      scoped_teams: [DEMO.projects.main],
    });
    expect(scoped_teams).toEqual([DEMO.projects.main]);
    const list = await call(server(), 'GET', '/api/projects/', bearer(access_token));
    expect(list.status).toBe(403);
    expect(list.json).toEqual(
      denied('API keys with scoped projects are only supported on project-based endpoints.'),
    );
    expect((await call(server(), 'GET', '/api/projects/1/', bearer(access_token))).status).toBe(200);
    const other = await call(server(), 'GET', '/api/projects/2/dashboards/', bearer(access_token));
    expect(other.json).toEqual(denied('API key does not have access to the requested project: ID 2.'));
    expect((await call(server(), 'GET', '/api/users/@me/', bearer(access_token))).status).toBe(200);
  });

  it('lets an organisation-scoped grant list the organisation’s projects', async () => {
    const { access_token, scoped_organizations } = await signInWithPostHog(server(), {
      scope: 'project:read',
      access_level: 'organization',
      scoped_organizations: [DEMO.organizationId],
    });
    expect(scoped_organizations).toEqual([DEMO.organizationId]);
    const list = await call(server(), 'GET', '/api/projects/', bearer(access_token));
    expect(list.status).toBe(200);
    expect(obj(list.json).count).toBe(2);
  });

  it('answers an unknown token and an expired one with 401s of their own', async () => {
    const unknown = await call(server(), 'GET', '/api/users/@me/', bearer('pha_unknown'));
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(refused('Invalid access token.'));
    const { access_token } = await signInWithPostHog(server(), { scope: 'user:read' });
    expect(server().oauth.expireAccessTokens()).toBeGreaterThan(0);
    const expired = await call(server(), 'GET', '/api/users/@me/', bearer(access_token));
    expect(expired.status).toBe(401);
    expect(expired.json).toEqual(refused('Access token has expired.'));
  });
});

describe('revocation', () => {
  const server = serveFakePostHog({});
  const revoke = (fields: Record<string, string>) => postForm(server(), '/oauth/revoke/', fields);

  it('signs out: revoking the refresh token ends the session (access token 401, refresh invalid_grant)', async () => {
    const signedIn = await signInWithPostHog(server(), { scope: 'user:read' });
    const answer = await revoke({
      token: signedIn.refresh_token,
      client_id: signedIn.clientId,
      token_type_hint: 'refresh_token',
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    const me = await call(server(), 'GET', '/api/users/@me/', bearer(signedIn.access_token));
    expect(me.json).toEqual(refused('Invalid access token.'));
    const again = await postForm(server(), '/oauth/token/', {
      grant_type: 'refresh_token',
      refresh_token: signedIn.refresh_token,
      client_id: signedIn.clientId,
    });
    expect(again.json).toEqual({ error: 'invalid_grant' });
    expect(server().oauth.revocations().at(-1)?.body).toMatchObject({ token_type_hint: 'refresh_token' });
  });

  it('revokes an access token alone; the refresh token goes on working', async () => {
    const signedIn = await signInWithPostHog(server(), { scope: 'user:read' });
    await revoke({ token: signedIn.access_token, client_id: signedIn.clientId });
    expect((await call(server(), 'GET', '/api/users/@me/', bearer(signedIn.access_token))).status).toBe(401);
    const refreshed = await postForm(server(), '/oauth/token/', {
      grant_type: 'refresh_token',
      refresh_token: signedIn.refresh_token,
      client_id: signedIn.clientId,
    });
    expect(refreshed.status).toBe(200);
  });

  it('answers 200 for an unknown token and leaves another application’s token alone', async () => {
    const mine = await signInWithPostHog(server(), { scope: 'user:read' });
    const theirs = await signInWithPostHog(server(), { scope: 'user:read' });
    expect((await revoke({ token: 'phr_unknown', client_id: mine.clientId })).status).toBe(200);
    expect((await revoke({ token: theirs.refresh_token, client_id: mine.clientId })).status).toBe(200);
    expect((await call(server(), 'GET', '/api/users/@me/', bearer(theirs.access_token))).status).toBe(200);
  });

  it('refuses parameters in the query string', async () => {
    const { clientId, refresh_token } = await signInWithPostHog(server(), { scope: 'user:read' });
    const answer = await call(server(), 'POST', `/oauth/revoke/?token=${refresh_token}`, {
      key: null,
      rawBody: new URLSearchParams({ token: refresh_token, client_id: clientId }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.json).toEqual({
      error: 'invalid_request',
      error_description: 'URL query parameters are not allowed',
    });
  });

  it.each([
    ['no token', {}, 400, { error: 'invalid_request', error_description: 'Missing token parameter.' }],
    ['an unknown client', { token: 'phr_x', client_id: 'nope' }, 401, { error: 'invalid_client' }],
    ['an unknown hint', { token: 'phr_x', hint: 'id_token' }, 400, { error: 'unsupported_token_type' }],
  ])('refuses %s', async (_name, fields, status, body) => {
    const { clientId } = await signInWithPostHog(server(), { scope: 'user:read' });
    const { hint, ...rest } = fields as Record<string, string>;
    const answer = await revoke({ client_id: clientId, ...rest, ...(hint ? { token_type_hint: hint } : {}) });
    expect(answer.status).toBe(status);
    expect(answer.json).toEqual(body);
  });

  it('disconnecting the app in PostHog (test hook) ends every token of it', async () => {
    const signedIn = await signInWithPostHog(server(), { scope: 'user:read' });
    server().oauth.disconnect(signedIn.clientId);
    expect((await call(server(), 'GET', '/api/users/@me/', bearer(signedIn.access_token))).status).toBe(401);
    expect(
      server()
        .oauth.tokens()
        .refresh.some((token) => token.clientId === signedIn.clientId),
    ).toBe(false);
  });
});

describe('introspection', () => {
  const server = serveFakePostHog({});

  it('tells a token about itself without any scope, and refuses a caller without a token', async () => {
    const { access_token, clientId } = await signInWithPostHog(server(), { scope: 'user:read' });
    const self = await call(
      server(),
      'GET',
      `/oauth/introspect/?token=${access_token}`,
      bearer(access_token),
    );
    expect(self.json).toMatchObject({
      active: true,
      token_type: 'access_token',
      scope: 'user:read',
      client_id: clientId,
    });
    const anonymous = await call(server(), 'GET', `/oauth/introspect/?token=${access_token}`, { key: null });
    expect(anonymous.status).toBe(403);
  });

  it('tells a token with `introspection` about its own application’s tokens only', async () => {
    const inspector = await signInWithPostHog(server(), { scope: 'introspection user:read' });
    const stranger = await signInWithPostHog(server(), { scope: 'user:read' });
    const ask = (token: string) =>
      call(server(), 'POST', '/oauth/introspect/', { ...bearer(inspector.access_token), body: { token } });
    expect(obj((await ask(inspector.refresh_token)).json)).toMatchObject({
      active: true,
      token_type: 'refresh_token',
    });
    expect((await ask(stranger.access_token)).json).toEqual({ active: false });
    expect((await ask('pha_unknown')).json).toEqual({ active: false });
  });
});
