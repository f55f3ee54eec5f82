import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './demo-ids';
import {
  authorizeGet,
  type BrowserSession,
  consent,
  pkcePair,
  postForm,
  REDIRECT_URI,
  registerClient,
  signInToPostHog,
} from './oauth-test-helpers';
import { obj, serveFakePostHog } from './test-helpers';

describe('authorization: the request', () => {
  const server = serveFakePostHog({});
  let clientId = '';
  let session: BrowserSession;
  const { challenge } = pkcePair();
  const query = (extra: Record<string, string | undefined> = {}) => ({
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'user:read project:read',
    state: 'st4te',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });

  beforeAll(async () => {
    clientId = await registerClient(server());
    session = await signInToPostHog(server());
  });

  it('sends a signed-out browser to the login page, coming back to the same request', async () => {
    const answer = await authorizeGet(server(), query());
    expect(answer.status).toBe(302);
    const location = answer.headers.get('location') ?? '';
    expect(location.startsWith('/login?next=')).toBe(true);
    const next = decodeURIComponent(location.slice('/login?next='.length));
    expect(next).toBe(`/oauth/authorize/?${new URLSearchParams(query() as Record<string, string>)}`);
  });

  it('shows the consent page to a signed-in user, the same on a repeat (Firefox asks twice)', async () => {
    for (let round = 0; round < 2; round += 1) {
      const answer = await authorizeGet(server(), query(), session);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/html');
      expect(answer.text).toContain('<title>PostHog</title>');
      const data = JSON.parse(
        /<script type="application\/json" id="consent-data">(.*?)<\/script>/s.exec(answer.text)?.[1] ?? '{}',
      );
      expect(data.application).toMatchObject({ name: 'Hogmark', is_verified: false });
      expect(data.scopeResolution).toEqual({ scopes: ['project:read', 'user:read'], was_defaulted: false });
      expect(data.redirectHost).toBe(new URL(REDIRECT_URI).hostname);
      expect(data.teams.map((team: { id: number }) => team.id)).toEqual([1, 2]);
    }
  });

  it.each([
    ['no client_id', { client_id: undefined }, 'Missing client_id parameter.'],
    [
      'an unknown client',
      { client_id: 'nope' },
      'No OAuth application is registered with this client_id. Check the client_id, or register the application again.',
    ],
    [
      'a redirect URI without its trailing slash',
      { redirect_uri: REDIRECT_URI.slice(0, -1) },
      'Mismatching redirect URI.',
    ],
    ['another redirect URI', { redirect_uri: 'https://evil.example/' }, 'Mismatching redirect URI.'],
  ])('answers 400 JSON, never redirecting, for %s', async (_name, extra, description) => {
    const answer = await authorizeGet(server(), query(extra), session);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: 'invalid_request', error_description: description });
  });

  it.each([
    ['no code_challenge', { code_challenge: undefined }, 'invalid_request', 'Code challenge required.'],
    [
      'the plain method',
      { code_challenge_method: 'plain' },
      'invalid_request',
      'Transform algorithm not supported.',
    ],
    ['no response_type', { response_type: undefined }, 'invalid_request', 'Missing response_type parameter.'],
    ['response_type token', { response_type: 'token' }, 'unsupported_response_type', null],
  ])('sends %s back to the client with the error and the state', async (_name, extra, error, description) => {
    const answer = await authorizeGet(server(), query(extra), session);
    expect(answer.status).toBe(302);
    const to = new URL(answer.headers.get('location') ?? '');
    expect(`${to.origin}${to.pathname}`).toBe(REDIRECT_URI);
    expect(to.searchParams.get('error')).toBe(error);
    expect(to.searchParams.get('error_description')).toBe(description);
    expect(to.searchParams.get('state')).toBe('st4te');
  });

  it('clamps scopes it cannot grant instead of refusing, and defaults a request with none grantable', async () => {
    const clamp = await authorizeGet(
      server(),
      query({ scope: 'user:read llm_gateway:read made:up' }),
      session,
    );
    expect(clamp.text).toContain('"scopes":["user:read"]');
    const none = await authorizeGet(server(), query({ scope: 'made:up' }), session);
    expect(none.text).toContain('"was_defaulted":true');
    expect(none.text).toContain('"session_recording:read"');
  });

  it('passes a required_access_level=project hint to the page as a single project choice', async () => {
    const answer = await authorizeGet(server(), query({ required_access_level: 'project' }), session);
    expect(answer.text).toContain('"requiredAccessLevel":"team"');
  });

  it('answers prompt=login with 401 login_required', async () => {
    const answer = await authorizeGet(server(), query({ prompt: 'login' }), session);
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ error: 'login_required' });
  });
});

describe('authorization: the consent form', () => {
  const server = serveFakePostHog({});
  let clientId = '';
  let session: BrowserSession;
  const { challenge } = pkcePair();
  const form = (extra: Record<string, unknown> = {}) => ({
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    state: 'st4te',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope: 'user:read project:read',
    allow: true,
    access_level: 'all',
    scoped_teams: [],
    scoped_organizations: [],
    ...extra,
  });

  beforeAll(async () => {
    clientId = await registerClient(server());
    session = await signInToPostHog(server());
  });

  it('answers an allowed grant with redirect_to carrying a code and the state', async () => {
    const answer = await consent(server(), session, form());
    expect(answer.status).toBe(200);
    const to = new URL(obj(answer.json).redirect_to);
    expect(`${to.origin}${to.pathname}`).toBe(REDIRECT_URI);
    expect(to.searchParams.get('code')).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(to.searchParams.get('state')).toBe('st4te');
  });

  it('answers a denial with access_denied and the state, minting nothing', async () => {
    const answer = await consent(server(), session, form({ allow: false, scope: '' }));
    expect(obj(answer.json).redirect_to).toBe(`${REDIRECT_URI}?error=access_denied&state=st4te`);
  });

  it('denies before checking the rest of the request, as django-oauth-toolkit does', async () => {
    const answer = await consent(server(), session, form({ allow: false, code_challenge: null, scope: '' }));
    expect(obj(answer.json).redirect_to).toBe(`${REDIRECT_URI}?error=access_denied&state=st4te`);
    const nowhere = await consent(server(), session, form({ allow: false, redirect_uri: null }));
    expect(nowhere.status).toBe(401);
    expect(nowhere.json).toEqual({ error: 'access_denied', error_description: '' });
  });

  it('sends a grant whose PKCE is missing back to the client as an error', async () => {
    const answer = await consent(server(), session, form({ code_challenge: null }));
    expect(obj(answer.json).redirect_to).toBe(
      `${REDIRECT_URI}?error=invalid_request&error_description=Code+challenge+required.&state=st4te`,
    );
  });

  it('skips consent under approval_prompt=auto when a live token already holds the scopes', async () => {
    const fresh = pkcePair();
    const granted = await consent(
      server(),
      session,
      form({ code_challenge: fresh.challenge, access_level: 'team', scoped_teams: [2] }),
    );
    const token = await postForm(server(), '/oauth/token/', {
      grant_type: 'authorization_code',
      code: new URL(obj(granted.json).redirect_to).searchParams.get('code') ?? '',
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      code_verifier: fresh.verifier,
    });
    expect(token.status).toBe(200);
    const query = {
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'user:read',
      state: 'again',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    expect((await authorizeGet(server(), query, session)).status).toBe(200);
    const auto = await authorizeGet(server(), { ...query, approval_prompt: 'auto' }, session);
    expect(auto.status).toBe(302);
    const to = new URL(auto.headers.get('location') ?? '');
    expect(to.searchParams.get('state')).toBe('again');
    expect(to.searchParams.get('code')).toMatch(/^[A-Za-z0-9]{30}$/);
    const wider = await authorizeGet(
      server(),
      { ...query, scope: 'user:read dashboard:write', approval_prompt: 'auto' },
      session,
    );
    expect(wider.status).toBe(200);
  });

  it('refuses the form without the signed-in session, and without the CSRF token', async () => {
    const signedOut = await consent(server(), { cookie: '', csrf: '' }, form());
    expect(signedOut.status).toBe(403);
    expect(obj(signedOut.json).code).toBe('not_authenticated');
    const noCsrf = await consent(server(), { ...session, csrf: 'x'.repeat(32) }, form());
    expect(noCsrf.status).toBe(403);
    expect(obj(noCsrf.json).detail).toContain('CSRF Failed');
  });

  it.each([
    [
      'projects without one',
      { access_level: 'team' },
      { scoped_teams: ['scoped_teams is required when access_level is team'] },
    ],
    [
      'a project the user cannot reach',
      { access_level: 'team', scoped_teams: [999] },
      { scoped_teams: ['Invalid team specified or you do not have access.'] },
    ],
    [
      'projects under organisation access',
      { access_level: 'organization', scoped_organizations: [DEMO.organizationId], scoped_teams: [1] },
      { scoped_teams: ['scoped_teams is not allowed when access_level is organization'] },
    ],
    ['a blank scope on a grant', { scope: ' ' }, { scope: ['This field may not be blank.'] }],
    ['no access level', { access_level: undefined }, { access_level: ['This field is required.'] }],
  ])('refuses %s with the serializer’s 400', async (_name, extra, errors) => {
    const answer = await consent(server(), session, form(extra));
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(errors);
  });
});
