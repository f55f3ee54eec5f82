import type { IncomingMessage } from 'node:http';
import { csrfFailure, SESSION_COOKIE } from '../auth';
import { methodNotAllowed, throttled } from '../errors';
import type { Reply } from '../http';
import type { State } from '../state';
import type { ListingRates } from '../throttle';
import { createListingThrottle } from '../throttle';
import { authorizeGet, authorizePost } from './authorize';
import { authorizationServerMetadata, openidConfiguration, protectedResourceMetadata } from './metadata';
import type { OAuthStore } from './model';
import { register } from './register';
import { formParams, isReply, tokenParams } from './replies';
import { introspect, revoke } from './revoke';
import { token } from './token';

export interface OAuthRequest {
  req: IncomingMessage;
  method: string;
  url: URL;
  cookies: Record<string, string>;
  raw: string;
  contentType: string;
}

export interface OAuthServer {
  state: State;
  store: OAuthStore;
  /** DCR's per-IP throttle, or null for none. */
  registrationThrottle: ((bucket: string) => number | null) | null;
  /** `contract` flavor: a 429 carries `Retry-After`, as the stand-in's API does there. */
  retryAfter: boolean;
}

export const createRegistrationThrottle = (rates: ListingRates | null) =>
  rates ? createListingThrottle(rates) : null;

/** The OAuth routes (each served with and without the trailing slash, `opt_slash_path`). */
const ROUTES = [
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
  '/.well-known/oauth-protected-resource',
  '/oauth/register',
  '/oauth/authorize',
  '/oauth/token',
  '/oauth/revoke',
  '/oauth/introspect',
] as const;

/** A DRF view's body: JSON, or a form. */
function drfBody(request: OAuthRequest): unknown {
  if (request.contentType.toLowerCase().startsWith('application/json')) {
    try {
      return request.raw === '' ? {} : JSON.parse(request.raw);
    } catch {
      return {};
    }
  }
  return formParams(request.raw, request.contentType);
}

/** PostHog's OAuth server (`posthog/api/oauth/`), or null when the path is not one of its routes. */
export function answerOAuth(server: OAuthServer, request: OAuthRequest): Reply | null {
  const path = request.url.pathname.replace(/\/+$/, '');
  const route = ROUTES.find((candidate) => candidate === path);
  if (!route) return null;
  const { method, url } = request;
  const origin = url.origin;
  const only = (...allowed: string[]) => (allowed.includes(method) ? null : methodNotAllowed(method));
  switch (route) {
    case '/.well-known/oauth-authorization-server':
      return only('GET', 'HEAD') ?? authorizationServerMetadata(origin);
    case '/.well-known/openid-configuration':
      return only('GET', 'HEAD') ?? openidConfiguration(origin);
    case '/.well-known/oauth-protected-resource':
      return only('GET', 'HEAD') ?? protectedResourceMetadata(origin);
    case '/oauth/register': {
      const refused = only('POST');
      if (refused) return refused;
      const wait = server.registrationThrottle?.(request.req.socket.remoteAddress ?? '') ?? null;
      if (wait !== null) return throttled(wait, server.retryAfter);
      return register(server.store, drfBody(request));
    }
    case '/oauth/authorize': {
      const session = server.state.sessions.get(request.cookies[SESSION_COOKIE] ?? '');
      const user = session && server.state.users.find((candidate) => candidate.id === session.userId);
      if (method === 'GET') return authorizeGet(server.state, server.store, url, user);
      const refused = only('POST');
      if (refused) return refused;
      const csrf = user ? csrfFailure(request.req, request.cookies) : null;
      return csrf ?? authorizePost(server.state, server.store, drfBody(request), user);
    }
    case '/oauth/token': {
      if (method !== 'POST') return { status: 405, text: '' };
      const params = tokenParams(request.raw, request.contentType);
      return isReply(params) ? params : token(server.store, params);
    }
    case '/oauth/revoke':
      if (method !== 'POST') return { status: 405, text: '' };
      return revoke(server.store, formParams(request.raw, request.contentType), url.search !== '');
    case '/oauth/introspect': {
      const bearer = /^Bearer (\S+)$/.exec(String(request.req.headers.authorization ?? ''))?.[1];
      if (method === 'GET')
        return introspect(server.store, bearer, url.searchParams.get('token') ?? undefined);
      if (method !== 'POST') return { status: 405, text: '' };
      const body = drfBody(request) as Record<string, unknown>;
      return introspect(server.store, bearer, typeof body.token === 'string' ? body.token : undefined);
    }
  }
}
