import { json } from './json';

/**
 * A `fetch` that answers like PostHog for the calls a key check makes, and logs what it received.
 * Small on purpose: the whole server lives in test/fake-posthog; this one runs inside unit tests.
 */
export interface FakeKey {
  scopes: string[];
  scopedTeams?: number[];
}

export interface FakeFetchOptions {
  keys: Record<string, FakeKey>;
  projects?: Array<{ id: number; name: string | null; organization?: string }>;
  /** `users/@me`'s `organization`: the user's current organisation (none when left out). */
  organization?: Record<string, unknown>;
  /** `GET /api/organizations/{id}/`: other organisations the key may read (else 404). */
  organizations?: Record<string, Record<string, unknown>>;
  /** Every answer is this server's HTML page (a wrong address that serves a web site). */
  html?: boolean;
  /** Every request fails like an unreachable host. */
  unreachable?: boolean;
}

export interface LoggedCall {
  method: string;
  url: string;
  authorization: string | null;
}

const authError = (status: number, code: string, detail: string) =>
  json({ type: 'authentication_error', code, detail, attr: null }, status);

export function createFakePostHogFetch(options: FakeFetchOptions) {
  const calls: LoggedCall[] = [];
  const projects = options.projects ?? [
    { id: 1, name: 'Main' },
    { id: 2, name: 'Staging' },
  ];

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    calls.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.get('authorization'),
    });
    if (options.unreachable) throw new TypeError('fetch failed');
    if (options.html)
      return new Response('<!doctype html><title>Welcome</title>', {
        status: 200,
        headers: { 'content-type': 'text/html' },
      });

    const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
    const key = options.keys[token];
    if (!key)
      return authError(
        401,
        'authentication_failed',
        'Personal API key found in request Authorization header is invalid.',
      );
    const scopedTeams = key.scopedTeams ?? [];
    const path = url.pathname.replace(/\/?$/, '/');

    if (path === '/api/personal_api_keys/@current/') {
      return json({
        id: 'k1',
        label: 'Hogmark',
        value: null,
        mask_value: 'phx_...xxxx',
        scopes: key.scopes,
        scoped_teams: scopedTeams,
        scoped_organizations: [],
      });
    }
    if (path === '/api/users/@me/') {
      return json({
        id: 42,
        uuid: 'u-42',
        first_name: 'Ana',
        last_name: 'Lima',
        email: 'ana@example.com',
        team: { id: 2, name: 'Staging' },
        ...(options.organization ? { organization: options.organization } : {}),
      });
    }
    const organization = /^\/api\/organizations\/([^/]+)\/$/.exec(path)?.[1];
    const readable = organization === undefined ? undefined : options.organizations?.[organization];
    if (readable) return json({ id: organization, ...readable });
    if (path === '/api/projects/') {
      if (scopedTeams.length > 0) {
        return authError(
          403,
          'permission_denied',
          'API keys with scoped projects are only supported on project-based endpoints.',
        );
      }
      return json({ count: projects.length, next: null, previous: null, results: projects });
    }
    const one = /^\/api\/projects\/(\d+)\/$/.exec(path);
    if (one) {
      const id = Number(one[1]);
      if (scopedTeams.length > 0 && !scopedTeams.includes(id)) {
        return authError(
          403,
          'permission_denied',
          `API key does not have access to the requested project: ID ${id}.`,
        );
      }
      const project = projects.find((p) => p.id === id);
      return project
        ? json(project)
        : json({ type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null }, 404);
    }
    return json({ type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null }, 404);
  };

  return { fetch: fetch as typeof globalThis.fetch, calls };
}
