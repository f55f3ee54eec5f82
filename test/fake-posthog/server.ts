import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { SCENE_HEADER } from './app/scene';
import { authenticate, csrfFailure, keyAccessFailure, SESSION_COOKIE, schemeOf } from './auth';
import { demoSitePage } from './demo-site';
import {
  errorReply,
  isApiFailure,
  methodNotAllowed,
  notAuthenticated,
  notFound,
  parseError,
  serverError,
  throttled,
} from './errors';
import { type FaultBook, faultReply } from './faults';
import type { Reply } from './http';
import { parseCookies, readBody, send } from './http';
import { answerOAuth, type OAuthServer } from './oauth';
import { renderPage } from './pages';
import type { Ctx, ProjectCtx, Route } from './router';
import { findRoute } from './router';
import { login, logout } from './session';
import type { State } from './state';
import type { Flavor, LoggedRequest } from './types';

export interface ServerParts {
  state: State;
  flavor: Flavor;
  routes: Route[];
  faults: FaultBook;
  requests: LoggedRequest[];
  /** App pages' scene load delay (`StartOptions.sceneLoadMs`). */
  sceneLoadMs?: number | null;
  /** PostHog's OAuth server; absent: a PostHog without it (its paths are app pages). */
  oauth?: OAuthServer;
}

interface Incoming {
  req: IncomingMessage;
  method: string;
  url: URL;
  cookies: Record<string, string>;
  body: { value: unknown; raw: string; error?: Reply };
  entry: LoggedRequest;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function parseBody(
  req: IncomingMessage,
  raw: string,
): { value: unknown; raw: string; log: unknown; error?: Reply } {
  if (raw === '') return { value: undefined, raw, log: undefined };
  try {
    const value: unknown = JSON.parse(raw);
    return { value, raw, log: value };
  } catch (error) {
    const type = req.headers['content-type'] ?? '';
    // A form (the OAuth token and revocation endpoints') is logged as its fields.
    const log = type.startsWith('application/x-www-form-urlencoded')
      ? Object.fromEntries(new URLSearchParams(raw))
      : raw;
    if (type && !type.includes('json')) {
      const detail = `Unsupported media type "${type}" in request.`;
      const reply = errorReply(415, {
        type: 'invalid_request',
        code: 'unsupported_media_type',
        detail,
        attr: null,
      });
      return { value: undefined, raw, log, error: reply };
    }
    return { value: undefined, raw, log, error: parseError((error as Error).message) };
  }
}

function headerRecord(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** One request: log it, apply faults, then answer as the API or as an app page. */
export function createRequestHandler(parts: ServerParts): RequestListener {
  return (req, res) => {
    handle(parts, req, res).catch((error: unknown) => {
      console.error('[fake-posthog]', error);
      send(res, serverError());
    });
  };
}

async function handle(parts: ServerParts, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const rawUrl = req.url ?? '/';
  const url = new URL(
    `${schemeOf(req)}://${req.headers.host ?? 'localhost'}${rawUrl.startsWith('/') ? rawUrl : `/${rawUrl}`}`,
  );
  const body = parseBody(req, await readBody(req));
  const entry: LoggedRequest = {
    method,
    path: rawUrl.split('?')[0] ?? '/',
    query: Object.fromEntries(url.searchParams),
    headers: headerRecord(req),
    body: body.log,
    auth: 'none',
    status: 0,
    at: Date.now(),
  };
  parts.requests.push(entry);
  const incoming: Incoming = { req, method, url, cookies: parseCookies(req.headers.cookie), body, entry };

  const delays = parts.faults.take(method, entry.path, ['latency'], false);
  const delay = delays.reduce((total, fault) => total + (fault.type === 'latency' ? fault.ms : 0), 0);
  if (delay > 0) await sleep(delay);
  const [fault] = parts.faults.take(
    method,
    entry.path,
    ['status', 'malformed-json', 'html', 'drop', 'lose-answer', 'redirect'],
    true,
  );
  if (fault?.type === 'drop') {
    req.socket.destroy();
    return;
  }
  if (fault?.type === 'redirect') {
    entry.status = fault.status ?? 302;
    send(res, { status: entry.status, text: '', headers: { location: `${fault.to}${rawUrl}` } });
    return;
  }
  const reply =
    (fault && faultReply(fault, method, parts.flavor)) ??
    (url.pathname.startsWith('/api/')
      ? answerApi(parts, incoming)
      : (answerOAuthRoute(parts, incoming) ?? answerPage(parts, incoming)));
  entry.status = reply.status;
  if (fault?.type === 'lose-answer') {
    // Applied, then lost: the log keeps what the server did, the client never sees it.
    if (fault.as === 'late') {
      await sleep(fault.ms ?? 10_000);
      send(res, reply);
    } else if (fault.as === 'drop') req.socket.destroy();
    else if (fault.as === 'cut') {
      const body = '{"id":1,"pinned":tr';
      res.writeHead(reply.status, { 'content-type': 'application/json', 'content-length': body.length + 64 });
      res.write(body, () => req.socket.destroy());
    } else send(res, { status: reply.status, text: '{"id":1,"pinned":tr', contentType: 'application/json' });
    return;
  }
  send(res, reply);
}

function answerOAuthRoute(parts: ServerParts, incoming: Incoming): Reply | null {
  if (!parts.oauth) return null;
  const { req, method, url, cookies } = incoming;
  const contentType = String(req.headers['content-type'] ?? '');
  if (parts.state.sessions.has(cookies[SESSION_COOKIE] ?? '')) incoming.entry.auth = 'session';
  return answerOAuth(parts.oauth, { req, method, url, cookies, raw: incoming.body.raw, contentType });
}

function answerPage(parts: ServerParts, incoming: Incoming): Reply {
  const { state } = parts;
  const session = state.sessions.get(incoming.cookies[SESSION_COOKIE] ?? '');
  if (session) incoming.entry.auth = 'session';
  if (incoming.method !== 'GET' && incoming.method !== 'HEAD')
    return { status: 405, text: 'Method not allowed' };
  const path = incoming.url.pathname.replace(/\/+$/, '');
  if (path === '/login') return login(state, incoming.url);
  if (path === '/logout') return logout(state, incoming.cookies[SESSION_COOKIE], incoming.url);
  const customerSite = demoSitePage(incoming.url);
  if (customerSite) return customerSite;
  const user = session && state.users.find((candidate) => candidate.id === session.userId);
  const sceneOnly = incoming.req.headers[SCENE_HEADER] === '1';
  const options = parts.sceneLoadMs === undefined ? {} : { sceneLoadMs: parts.sceneLoadMs };
  return renderPage({ state, url: incoming.url, user, sceneOnly, options });
}

function resolveProjectId(state: State, raw: string | undefined): number | null {
  if (raw === '@current') return state.projects[0]?.id ?? null;
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}

/** PostHog's order: route, authentication, CSRF, method, key permissions, throttle, project, body. */
function answerApi(parts: ServerParts, incoming: Incoming): Reply {
  const { state, flavor } = parts;
  const { method, url, entry } = incoming;
  const match = findRoute(parts.routes, method, url.pathname);
  if (match.kind === 'not-found') return notFound();
  const authn = authenticate(incoming.req, url.searchParams, incoming.cookies, state);
  if (authn.kind === 'failed') return authn.reply;
  if (authn.kind === 'none') return notAuthenticated();
  const caller = authn.caller;
  entry.auth = caller.kind;
  if (caller.kind === 'session') {
    const csrf = csrfFailure(incoming.req, incoming.cookies);
    if (csrf) return csrf;
  }
  if (match.kind === 'method-not-allowed') return methodNotAllowed(method);
  const { route, params } = match;
  const projectId = route.scoping === 'project' ? resolveProjectId(state, params.project_id) : null;
  const denied = keyAccessFailure(caller, route.access, route.scoping, projectId, state.organization.id);
  if (denied) return denied;
  if (caller.kind === 'key') {
    const [throttle] = parts.faults.take(method, entry.path, ['throttle'], true);
    if (throttle?.type === 'throttle') return throttled(throttle.seconds, flavor === 'contract');
  }
  if (incoming.body.error && method !== 'GET') return incoming.body.error;
  const ctx: Ctx = {
    state,
    flavor,
    method,
    url,
    params,
    body: incoming.body.value,
    caller,
    user: caller.user,
  };
  try {
    if (route.scoping !== 'project') return route.handle(ctx);
    const project = state.projects.find((candidate) => candidate.id === projectId);
    if (!project) return notFound('Project not found.');
    return route.handle({ ...ctx, project } satisfies ProjectCtx);
  } catch (error) {
    if (isApiFailure(error)) return error.reply;
    throw error;
  }
}
