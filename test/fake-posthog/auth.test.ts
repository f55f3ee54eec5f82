import { describe, expect, it } from 'vitest';
import { DEMO } from './demo-ids';
import { call, errorBody, obj, serveFakePostHog } from './test-helpers';
import type { Flavor } from './types';

const denied = (detail: string) => errorBody('authentication_error', 'permission_denied', detail);

describe.each<Flavor>(['contract', 'posthog'])('authentication and scopes (%s flavor)', (flavor) => {
  const server = serveFakePostHog({ flavor });

  it('answers 401 not_authenticated without credentials', async () => {
    const answer = await call(server(), 'GET', '/api/projects/1/dashboards/', { key: null });
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual(
      errorBody('authentication_error', 'not_authenticated', 'Authentication credentials were not provided.'),
    );
  });

  it('answers 401 authentication_failed for an unknown key', async () => {
    const answer = await call(server(), 'GET', '/api/projects/1/dashboards/', {
      authorization: 'Bearer phx_unknownunknownunknownunknownunknownunknown12',
    });
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual(
      errorBody(
        'authentication_error',
        'authentication_failed',
        'Personal API key found in request Authorization header is invalid.',
      ),
    );
  });

  it('refuses a key without the write scope, before looking the object up', async () => {
    const answer = await call(server(), 'PATCH', '/api/projects/1/dashboards/99999/', {
      key: 'readOnly',
      body: { name: 'x' },
    });
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual(denied("API key missing required scope 'dashboard:write'"));
  });

  it('checks the scope before the 405 of DELETE', async () => {
    const answer = await call(
      server(),
      'DELETE',
      `/api/projects/1/session_recording_playlists/${DEMO.playlists.onboarding}/`,
      {
        key: 'noPlaylistWrite',
      },
    );
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual(denied("API key missing required scope 'session_recording_playlist:write'"));
  });

  it('lets a write scope imply the read scope', async () => {
    const noPlaylistWrite = await call(server(), 'GET', '/api/projects/1/dashboards/', {
      key: 'noPlaylistWrite',
    });
    expect(noPlaylistWrite.status).toBe(200);
    const readList = await call(server(), 'GET', '/api/projects/1/session_recording_playlists/', {
      key: 'noPlaylistWrite',
    });
    expect(readList.status).toBe(200);
    const create = await call(server(), 'POST', '/api/projects/1/session_recording_playlists/', {
      key: 'noPlaylistWrite',
      body: { name: 'Nope', type: 'collection' },
    });
    expect(create.status).toBe(403);
  });

  it('keeps a project-scoped key inside its project', async () => {
    const own = await call(server(), 'GET', '/api/projects/1/dashboards/', { key: 'projectScoped' });
    expect(own.status).toBe(200);
    const other = await call(server(), 'GET', '/api/projects/2/dashboards/', { key: 'projectScoped' });
    expect(other.status).toBe(403);
    expect(other.json).toEqual(denied('API key does not have access to the requested project: ID 2.'));
    const list = await call(server(), 'GET', '/api/projects/', { key: 'projectScoped' });
    expect(list.status).toBe(403);
    expect(list.json).toEqual(
      denied('API keys with scoped projects are only supported on project-based endpoints.'),
    );
    const me = await call(server(), 'GET', '/api/users/@me/', { key: 'projectScoped' });
    expect(me.status).toBe(200);
  });

  it('answers 404 "Project not found." for an unknown project', async () => {
    const answer = await call(server(), 'GET', '/api/projects/404/dashboards/');
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual(errorBody('invalid_request', 'not_found', 'Project not found.'));
  });

  it('resolves @current to the first project', async () => {
    const answer = await call(server(), 'GET', '/api/projects/@current/');
    expect(answer.status).toBe(200);
    expect(obj(answer.json).id).toBe(DEMO.projects.main);
  });

  it('lists projects and the current user', async () => {
    const projects = obj((await call(server(), 'GET', '/api/projects/')).json);
    expect(projects.count).toBe(2);
    expect(projects.results.map((p: { id: number }) => p.id)).toEqual([1, 2]);
    expect(projects.results[0].api_token).toMatch(/^phc_/);
    const me = obj((await call(server(), 'GET', '/api/users/@me/')).json);
    expect(me).toMatchObject({ id: 1, first_name: 'Ana', email: 'ana@example.com', is_email_verified: true });
    expect(me.team).toMatchObject({ id: 1, project_id: 1 });
    expect(me.organizations[0].id).toBe(me.organization.id);
  });

  it('needs user:read for /api/users/@me/ and no scope for the key itself', async () => {
    const server_ = server();
    const info = await call(server_, 'GET', '/api/personal_api_keys/@current/', { key: 'readOnly' });
    expect(info.status).toBe(200);
    expect(obj(info.json)).toMatchObject({
      value: null,
      mask_value: `phx_...${server_.keys.readOnly.slice(-4)}`,
      user_id: 1,
      scoped_teams: [],
      scoped_organizations: [],
      last_rolled_at: null,
    });
    expect(obj(info.json).scopes).toContain('user:read');
    const all = obj((await call(server_, 'GET', '/api/personal_api_keys/@current/')).json);
    expect(all.scopes).toEqual(['*']);
    const scoped = obj(
      (await call(server_, 'GET', '/api/personal_api_keys/@current', { key: 'projectScoped' })).json,
    );
    expect(scoped.scoped_teams).toEqual([1]);
  });

  it('accepts a key in the query string and names that source when it is wrong', async () => {
    const ok = await call(
      server(),
      'GET',
      `/api/projects/1/dashboards/?personal_api_key=${server().keys.all}`,
      {
        key: null,
      },
    );
    expect(ok.status).toBe(200);
    const bad = await call(server(), 'GET', '/api/projects/1/dashboards/?personal_api_key=phx_nope', {
      key: null,
    });
    expect(obj(bad.json).detail).toBe('Personal API key found in request query string is invalid.');
  });

  it('answers 404 for unknown API paths and 405 JSON for unrouted methods', async () => {
    const unknown = await call(server(), 'GET', '/api/projects/1/nothing-here/');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual(errorBody('invalid_request', 'not_found', 'Not found.'));
    const patch = await call(
      server(),
      'PATCH',
      `/api/projects/1/dashboards/${DEMO.dashboards.finance}/collaborators/`,
      {
        body: {},
      },
    );
    expect(patch.status).toBe(405);
    expect(patch.json).toEqual(
      errorBody('invalid_request', 'method_not_allowed', 'Method "PATCH" not allowed.'),
    );
  });
});

describe('keys the posthog flavor refuses', () => {
  const server = serveFakePostHog({ flavor: 'posthog' });
  const unsupported = denied('This action does not support personal API key access');

  it.each([
    ['POST', '/api/projects/1/dashboards/create_from_template_json/'],
    [
      'POST',
      `/api/projects/1/session_recording_playlists/${DEMO.playlists.onboarding}/recordings/${DEMO.recordings.loose}/`,
    ],
    [
      'DELETE',
      `/api/projects/1/session_recording_playlists/${DEMO.playlists.checkoutBugs}/recordings/${DEMO.recordings.inCheckout}/`,
    ],
  ])('%s %s → 403 unsupported, even with every scope', async (method, path) => {
    const answer = await call(server(), method, path, { body: {} });
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual(unsupported);
  });
});
