import type { Reply } from './http';
import type { OAuthAccessToken } from './oauth/model';
import type { ApiKey, Project, State, User } from './state';
import type { Flavor } from './types';

/**
 * How a personal API key may use a route. `unsupported` is PostHog's "no scope mapped" (the key is
 * refused); `any` needs a valid key and nothing more. Session requests are never scope-checked.
 */
export type Access = { kind: 'scope'; scope: string } | { kind: 'unsupported' } | { kind: 'any' };

/** `project`: checked against the key's scoped projects; `root`: refused to project-scoped keys; `exempt`: neither. */
export type Scoping = 'project' | 'root' | 'exempt';

export type Caller =
  | { kind: 'key'; key: ApiKey; user: User }
  /** An OAuth access token (`pha_…`): scope-checked like a personal API key. */
  | { kind: 'oauth'; token: OAuthAccessToken; user: User }
  | { kind: 'session'; user: User };

export interface Ctx {
  state: State;
  flavor: Flavor;
  method: string;
  /** Absolute request URL, built from the Host the request came to. */
  url: URL;
  params: Record<string, string>;
  body: unknown;
  caller: Caller;
  user: User;
}

export interface ProjectCtx extends Ctx {
  project: Project;
}

export type Route =
  | { method: string; pattern: string; access: Access; scoping: 'project'; handle(ctx: ProjectCtx): Reply }
  | { method: string; pattern: string; access: Access; scoping: 'root' | 'exempt'; handle(ctx: Ctx): Reply };

export const scope = (name: string): Access => ({ kind: 'scope', scope: name });
export const UNSUPPORTED: Access = { kind: 'unsupported' };
export const ANY: Access = { kind: 'any' };

/** Trailing slash optional, like PostHog's OptionalSlashRouter. */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = normalizePath(path).split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const actual = got[index] ?? '';
    if (part.startsWith(':')) {
      if (!actual) return null;
      params[part.slice(1)] = decode(actual);
    } else if (part !== actual) {
      return null;
    }
  }
  return params;
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method-not-allowed' }
  | { kind: 'not-found' };

/** First route whose pattern and method match; a path known under other methods is a 405. */
export function findRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  let pathKnown = false;
  for (const route of routes) {
    const params = matchPattern(route.pattern, path);
    if (!params) continue;
    if (route.method === method) return { kind: 'found', route, params };
    pathKnown = true;
  }
  return pathKnown ? { kind: 'method-not-allowed' } : { kind: 'not-found' };
}
