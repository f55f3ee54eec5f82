import { createHash, randomBytes } from 'node:crypto';
import { type Answer, call, obj } from './test-helpers';
import type { FakePostHog } from './types';

/** Chromium's `identity.getRedirectURL()` form, trailing slash included. */
export const REDIRECT_URI = 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/';

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** `POST /oauth/register/` as a public client. */
export async function registerClient(
  server: FakePostHog,
  body: Record<string, unknown> = {},
): Promise<string> {
  const answer = await call(server, 'POST', '/oauth/register/', {
    key: null,
    body: {
      client_name: 'Hogmark',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      ...body,
    },
  });
  if (answer.status !== 201) throw new Error(`registration answered ${answer.status}: ${answer.text}`);
  return obj(answer.json).client_id as string;
}

export interface BrowserSession {
  cookie: string;
  csrf: string;
}

/** What a browser holds after `/login` (Ana, unless told). */
export async function signInToPostHog(server: FakePostHog, user = 1): Promise<BrowserSession> {
  const response = await fetch(`${server.url}/login?user=${user}&next=/`, { redirect: 'manual' });
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const csrf = cookies.find((c) => c.startsWith('posthog_csrftoken='))?.split('=')[1] ?? '';
  return { cookie: cookies.join('; '), csrf };
}

export interface AuthorizeQuery {
  client_id?: string;
  redirect_uri?: string;
  response_type?: string;
  scope?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  [name: string]: string | undefined;
}

export function authorizeUrl(query: AuthorizeQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  return `/oauth/authorize/?${params}`;
}

export const authorizeGet = (
  server: FakePostHog,
  query: AuthorizeQuery,
  session?: BrowserSession,
): Promise<Answer> =>
  call(server, 'GET', authorizeUrl(query), { key: null, headers: session ? { cookie: session.cookie } : {} });

/** The consent page's POST, as `oauthAuthorizeLogic` sends it. */
export const consent = (
  server: FakePostHog,
  session: BrowserSession,
  body: Record<string, unknown>,
): Promise<Answer> =>
  call(server, 'POST', '/oauth/authorize/', {
    key: null,
    body,
    headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
  });

/** A form POST (the token and revocation endpoints' RFC 6749 body). */
export const postForm = (
  server: FakePostHog,
  path: string,
  fields: Record<string, string>,
): Promise<Answer> =>
  call(server, 'POST', path, {
    key: null,
    rawBody: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

export interface SignInChoice {
  scope?: string;
  /** What the user leaves ticked on the consent page (default: what was asked). */
  granted?: string;
  access_level?: 'all' | 'organization' | 'team';
  scoped_teams?: number[];
  scoped_organizations?: string[];
}

/** The whole flow up to the code: register (unless given), consent, and the redirect's `code`. */
export async function obtainCode(server: FakePostHog, clientId: string, choice: SignInChoice = {}) {
  const { verifier, challenge } = pkcePair();
  const session = await signInToPostHog(server);
  const state = randomBytes(8).toString('hex');
  const scope = choice.scope ?? 'user:read project:read dashboard:write';
  const answer = await consent(server, session, {
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope: choice.granted ?? scope,
    allow: true,
    access_level: choice.access_level ?? 'all',
    scoped_teams: choice.scoped_teams ?? [],
    scoped_organizations: choice.scoped_organizations ?? [],
  });
  const to = new URL(obj(answer.json).redirect_to as string);
  return {
    code: to.searchParams.get('code') ?? '',
    state: to.searchParams.get('state'),
    verifier,
    sentState: state,
  };
}

/** Signed in: the token endpoint's answer for a fresh grant. */
export async function signInWithPostHog(server: FakePostHog, choice: SignInChoice = {}) {
  const clientId = await registerClient(server);
  const { code, verifier } = await obtainCode(server, clientId, choice);
  const answer = await postForm(server, '/oauth/token/', {
    grant_type: 'authorization_code',
    code,
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  return { clientId, ...(obj(answer.json) as Record<string, unknown>) } as {
    clientId: string;
    access_token: string;
    refresh_token: string;
    scope: string;
    expires_in: number;
    scoped_teams: number[];
    scoped_organizations: string[];
  };
}
