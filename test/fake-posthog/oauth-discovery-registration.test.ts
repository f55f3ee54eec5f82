import { describe, expect, it } from 'vitest';
import { REDIRECT_URI, registerClient } from './oauth-test-helpers';
import { call, errorBody, obj, serveFakePostHog } from './test-helpers';

describe('OAuth discovery', () => {
  const server = serveFakePostHog({});

  it('serves RFC 8414 metadata built from its own origin, readable from any origin', async () => {
    const answer = await call(server(), 'GET', '/.well-known/oauth-authorization-server', { key: null });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const metadata = obj(answer.json);
    const base = server().url;
    expect(metadata).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize/`,
      token_endpoint: `${base}/oauth/token/`,
      revocation_endpoint: `${base}/oauth/revoke/`,
      registration_endpoint: `${base}/oauth/register/`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
    });
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'dashboard:write', 'session_recording:read']),
    );
    expect(metadata.scopes_supported).not.toContain('*');
    expect(metadata).not.toHaveProperty('posthog_region');
  });

  it('answers with and without the trailing slash, and serves OIDC and protected-resource documents', async () => {
    const slash = await call(server(), 'GET', '/.well-known/oauth-authorization-server/', { key: null });
    expect(slash.status).toBe(200);
    const oidc = obj((await call(server(), 'GET', '/.well-known/openid-configuration', { key: null })).json);
    expect(oidc.id_token_signing_alg_values_supported).toEqual(['RS256']);
    expect(oidc).not.toHaveProperty('client_id_metadata_document_supported');
    const resource = obj(
      (await call(server(), 'GET', '/.well-known/oauth-protected-resource', { key: null })).json,
    );
    expect(resource).toMatchObject({ resource: server().url, authorization_servers: [server().url] });
  });
});

describe('a PostHog without OAuth', () => {
  const server = serveFakePostHog({ oauth: { enabled: false } });

  it('answers discovery with its app shell (HTML), not metadata', async () => {
    const answer = await call(server(), 'GET', '/.well-known/oauth-authorization-server', { key: null });
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(answer.json).toBeUndefined();
  });
});

describe('Dynamic Client Registration', () => {
  const server = serveFakePostHog({});

  it('registers a public client: 201, no secret, the metadata echoed', async () => {
    const answer = await call(server(), 'POST', '/oauth/register/', {
      key: null,
      body: {
        client_name: 'Hogmark',
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code', 'refresh_token'],
      },
    });
    expect(answer.status).toBe(201);
    const body = obj(answer.json);
    expect(body).toMatchObject({
      client_name: 'Hogmark',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
    expect(body.client_id).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(body).not.toHaveProperty('client_secret');
    expect(body).not.toHaveProperty('scope');
    expect(
      server()
        .oauth.clients()
        .map((client) => client.clientId),
    ).toContain(body.client_id);
  });

  it('keeps only grantable scopes of `scope` as the ceiling, and echoes them', async () => {
    const answer = await call(server(), 'POST', '/oauth/register/', {
      key: null,
      body: { redirect_uris: [REDIRECT_URI], scope: ' user:read llm_gateway:read user:read nonsense:read ' },
    });
    expect(obj(answer.json).scope).toBe('user:read');
  });

  it.each([
    [
      'no redirect_uris',
      {},
      "{'redirect_uris': [ErrorDetail(string=\"This field is required.\", code='required')]}",
    ],
    ['an empty list', { redirect_uris: [] }, 'at least 1'],
    ['whitespace in a URI', { redirect_uris: ['https://a.example/ https://b.example/'] }, 'whitespace'],
    [
      'a name starting with PostHog',
      { redirect_uris: [REDIRECT_URI], client_name: 'PostHog helper' },
      "start with 'posthog'",
    ],
    [
      'a name claiming to be official',
      { redirect_uris: [REDIRECT_URI], client_name: 'The Official one' },
      "contain 'official'",
    ],
    [
      'a confidential auth method',
      { redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'client_secret_basic' },
      'not a valid choice',
    ],
    [
      'a grant type it does not serve',
      { redirect_uris: [REDIRECT_URI], grant_types: ['client_credentials'] },
      'not a valid choice',
    ],
    ['only ungrantable scopes', { redirect_uris: [REDIRECT_URI], scope: 'llm_gateway:read' }, 'scope'],
  ])('refuses %s with 400 invalid_client_metadata', async (_name, body, description) => {
    const answer = await call(server(), 'POST', '/oauth/register/', { key: null, body });
    expect(answer.status).toBe(400);
    expect(obj(answer.json).error).toBe('invalid_client_metadata');
    expect(obj(answer.json).error_description).toContain(description);
  });

  it.each([
    ['http on a public host', 'http://example.com/cb', 400, 'invalid_redirect_uri'],
    ['a javascript: URI', 'javascript:alert(1)', 400, 'invalid_redirect_uri'],
    ['a fragment', 'https://example.com/cb#x', 500, 'server_error'],
  ])('refuses %s as the model does', async (_name, uri, status, error) => {
    const answer = await call(server(), 'POST', '/oauth/register/', {
      key: null,
      body: { redirect_uris: [uri] },
    });
    expect(answer.status).toBe(status);
    expect(obj(answer.json).error).toBe(error);
  });

  it.each([
    'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/',
    'https://0123456789abcdef0123456789abcdef01234567.extensions.allizom.org/',
    'http://127.0.0.1/mozoauth2/0123456789abcdef0123456789abcdef01234567',
  ])('accepts the browsers’ redirect URI %s', async (uri) => {
    const answer = await call(server(), 'POST', '/oauth/register/', {
      key: null,
      body: { redirect_uris: [uri] },
    });
    expect(answer.status).toBe(201);
  });

  it('escapes a name as PostHog stores it', async () => {
    const answer = await call(server(), 'POST', '/oauth/register/', {
      key: null,
      body: { redirect_uris: [REDIRECT_URI], client_name: 'Acme & <Co>' },
    });
    expect(obj(answer.json).client_name).toBe('Acme &amp; &lt;Co&gt;');
  });
});

describe('the registration throttle', () => {
  const server = serveFakePostHog({ oauth: { registrationRates: { perMinute: 2, perHour: 1000 } } });

  it('answers 429 throttled once an address registered its share', async () => {
    await registerClient(server());
    await registerClient(server());
    const answer = await call(server(), 'POST', '/oauth/register/', {
      key: null,
      body: { redirect_uris: [REDIRECT_URI] },
    });
    expect(answer.status).toBe(429);
    expect(answer.json).toEqual(
      errorBody(
        'throttled_error',
        'throttled',
        expect.stringMatching(
          /^Request was throttled\. Expected available in \d+ seconds?\.$/,
        ) as unknown as string,
      ),
    );
    expect(server().oauth.registrations()).toHaveLength(3);
  });
});
