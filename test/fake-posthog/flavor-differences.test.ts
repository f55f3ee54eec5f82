import { describe, expect, it } from 'vitest';
import { signIn } from '../support/sign-in';
import { DEMO } from './demo-ids';
import { call, errorBody, obj, serveFakePostHog } from './test-helpers';

const D = '/api/projects/1/dashboards';
const template = {
  template_name: 'Session-made',
  dashboard_description: '',
  dashboard_filters: {},
  tiles: [{ type: 'INSIGHT', name: 'Pageviews' }],
};

describe('posthog flavor: what only a session can do, and newest move_tile', () => {
  const server = serveFakePostHog({ flavor: 'posthog' });

  it('creates from a template with a session (200), and asks for the template', async () => {
    const { cookie, csrf } = await signIn(server());
    const headers = { cookie, 'x-csrftoken': csrf };
    const made = await call(server(), 'POST', `${D}/create_from_template_json/`, {
      key: null,
      headers,
      body: { template },
    });
    expect(made.status).toBe(200);
    expect(obj(made.json)).toMatchObject({
      name: 'Session-made',
      creation_mode: 'template',
      created_by: { id: 1 },
    });
    const plain = await call(server(), 'POST', `${D}/create_from_template_json/`, {
      key: null,
      headers,
      body: { name: 'x' },
    });
    expect(plain.json).toEqual(
      errorBody('validation_error', 'required', 'This field is required.', 'template'),
    );
  });

  it('accepts POST for move_tile too', async () => {
    const source = obj(
      (await call(server(), 'POST', `${D}/`, { body: { use_template: 'WEB_ANALYTICS' } })).json,
    );
    const answer = await call(server(), 'POST', `${D}/${source.id}/move_tile/`, {
      body: { tile: { id: source.tiles[0].id }, to_dashboard: DEMO.dashboards.marketing },
    });
    expect(answer.status).toBe(200);
    expect(obj(answer.json).tiles).toHaveLength(2);
  });

  it('refuses to move a tile onto a dashboard Ana may only view', async () => {
    const source = obj(
      (await call(server(), 'POST', `${D}/`, { body: { use_template: 'WEB_ANALYTICS' } })).json,
    );
    const answer = await call(server(), 'PATCH', `${D}/${source.id}/move_tile/`, {
      body: { tile: { id: source.tiles[0].id }, to_dashboard: DEMO.dashboards.finance },
    });
    expect(answer.json).toEqual(
      errorBody(
        'authentication_error',
        'permission_denied',
        "You don't have edit permissions for the destination dashboard.",
      ),
    );
  });

  it('takes recording ids URL-decoded from the path', async () => {
    const { cookie, csrf } = await signIn(server());
    const odd = 'legacy:session/7 x';
    const path = `/api/projects/1/session_recording_playlists/${DEMO.playlists.onboarding}/recordings/${encodeURIComponent(odd)}/`;
    expect(
      (await call(server(), 'POST', path, { key: null, headers: { cookie, 'x-csrftoken': csrf } })).status,
    ).toBe(200);
    const query = `session_recording_id=${encodeURIComponent(odd)}`;
    const holding = obj(
      (await call(server(), 'GET', `/api/projects/1/session_recording_playlists/?${query}`)).json,
    );
    // PostHog lists its synthetic playlists under `?session_recording_id=` too.
    const rows = holding.results.filter((p: { is_synthetic: boolean }) => !p.is_synthetic);
    expect(rows.map((p: { short_id: string }) => p.short_id)).toEqual([DEMO.playlists.onboarding]);
  });

  it('refuses the restriction change to someone who does not own the dashboard', async () => {
    const answer = await call(server(), 'PATCH', `${D}/${DEMO.dashboards.marketing}/`, {
      body: { restriction_level: 37 },
    });
    expect(answer.status).toBe(403);
    expect(obj(answer.json).detail).toMatch(/^Only the dashboard owner and project admins/);
  });
});

describe('contract flavor: the contract where PostHog differs', () => {
  const server = serveFakePostHog({ flavor: 'contract' });

  it('routes move_tile for PATCH only', async () => {
    const answer = await call(server(), 'POST', `${D}/${DEMO.dashboards.marketing}/move_tile/`, { body: {} });
    expect(answer.status).toBe(405);
    expect(obj(answer.json).code).toBe('method_not_allowed');
  });

  it('throttles with Retry-After, for keys only', async () => {
    server().setFault({ path: `${D}/`, fault: { type: 'throttle', seconds: 3 }, times: 1 });
    const answer = await call(server(), 'GET', `${D}/`);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('3');
    expect(obj(answer.json).detail).toBe('Request was throttled. Expected available in 3 seconds.');
  });

  it('accepts session requests too, with the same CSRF rule', async () => {
    const { cookie, csrf } = await signIn(server());
    const path = `/api/projects/1/session_recording_playlists/${DEMO.playlists.onboarding}/recordings/${DEMO.recordings.loose}/`;
    const refused = await call(server(), 'POST', path, {
      key: null,
      headers: { cookie, origin: 'chrome-extension://abc', 'x-csrftoken': csrf },
    });
    expect(refused.status).toBe(403);
    const added = await call(server(), 'POST', path, { key: null, headers: { cookie, 'x-csrftoken': csrf } });
    expect(added.status).toBe(200);
    expect(obj(added.json).short_id).toBe(DEMO.playlists.onboarding);
  });

  it('gives a project-scoped key its own project and refuses the other', async () => {
    expect((await call(server(), 'GET', '/api/projects/1/', { key: 'projectScoped' })).status).toBe(200);
    expect((await call(server(), 'GET', '/api/projects/2', { key: 'projectScoped' })).status).toBe(403);
  });
});
