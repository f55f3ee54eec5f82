import { beforeAll, describe, expect, it } from 'vitest';
import { errorFromResponse } from '../../lib/api/error-mapping';
import type { AppError } from '../../lib/platform/errors';
import { DEMO } from '../fake-posthog/index';
import { errorTexts } from '../support/error-texts';
import { failure } from '../support/failure';
import { installEnglishTranslator } from '../support/i18n';
import { FLAVORS, useFakePostHog } from './support';

beforeAll(installEnglishTranslator);

const main = DEMO.projects.main;
const DASHBOARDS = '/api/projects/1/dashboards/';
const DASHBOARD = `/api/projects/1/dashboards/${DEMO.dashboards.marketing}/`;

describe.each(FLAVORS)('every error kind from a real answer (%s flavor)', (flavor) => {
  const { context, client, received } = useFakePostHog(flavor);

  function expectNoKey(error: AppError) {
    for (const key of Object.values(context.server.keys)) {
      for (const text of errorTexts(error)) {
        expect(text).not.toContain(key);
      }
    }
  }

  it('unauthorized: an unknown key', async () => {
    const error = await failure(client('phx_NotAKeyTheServerKnows0000000000000000000000').users.me());
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
    expectNoKey(error);
  });

  it('missing-scope: a key without session_recording_playlist:write', async () => {
    const error = await failure(client('noPlaylistWrite').project(main).playlists.create({ name: 'x' }));
    expect(error).toMatchObject({
      kind: 'missing-scope',
      scope: 'session_recording_playlist:write',
      status: 403,
    });
    expect(error.userMessage()).toContain('session_recording_playlist:write');
  });

  it('missing-scope: a read-only key pinning a dashboard', async () => {
    const error = await failure(
      client('readOnly').project(main).dashboards.setPinned(DEMO.dashboards.marketing, true),
    );
    expect(error).toMatchObject({ kind: 'missing-scope', scope: 'dashboard:write' });
  });

  it('project-forbidden: a project-scoped key on another project and on /api/projects/', async () => {
    const scoped = client('projectScoped');
    expect((await failure(scoped.project(DEMO.projects.staging).dashboards.list())).kind).toBe(
      'project-forbidden',
    );
    expect((await failure(scoped.projects.list())).kind).toBe('project-forbidden');
    expect((await scoped.project(main).dashboards.list()).count).toBeGreaterThan(0);
  });

  it('forbidden: editing a dashboard the user may only view', async () => {
    const error = await failure(client().project(main).dashboards.setPinned(DEMO.dashboards.finance, true));
    expect(error).toMatchObject({ kind: 'forbidden', status: 403 });
  });

  it('not-found: an unknown dashboard and an unknown playlist', async () => {
    expect((await failure(client().project(main).dashboards.get(9999))).kind).toBe('not-found');
    expect((await failure(client().project(main).playlists.get('Unkn0wn1'))).kind).toBe('not-found');
  });

  it('method-not-allowed: DELETE on a dashboard, which the client does not offer', async () => {
    expect('delete' in client().project(main).dashboards).toBe(false);
    const response = await fetch(`${context.server.url}${DASHBOARD}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${context.server.keys.all}` },
    });
    expect(response.status).toBe(405);
    expect(await response.text()).toBe('');
    const error = errorFromResponse(
      {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
        body: undefined,
      },
      context.server.keys.all,
    );
    expect(error.kind).toBe('method-not-allowed');
  });

  it('validation: a collaborator level the server refuses names the field', async () => {
    const error = await failure(
      client()
        .project(main)
        .dashboards.collaborators.add(DEMO.dashboards.restrictedOwned, { user_uuid: 'x', level: 99 }),
    );
    expect(error).toMatchObject({ kind: 'validation', status: 400, field: 'level' });
  });

  it('validation: a rule without a field', async () => {
    const error = await failure(
      client().project(main).dashboards.collaborators.add(DEMO.dashboards.productKpis, {
        user_uuid: '01900000-0000-7000-8000-000000000c0c',
        level: 37,
      }),
    );
    expect(error.kind).toBe('validation');
    expect(error.detail).toMatch(/lowest restriction level/);
  });

  it('rate-limited: a short throttle is waited out, once', async () => {
    context.server.setFault({ path: DASHBOARDS, fault: { type: 'throttle', seconds: 2 }, times: 1 });
    const page = await client().project(main).dashboards.list();
    expect(page.count).toBeGreaterThan(0);
    expect(received().map((request) => request.status)).toEqual([429, 200]);
    expect(context.waits).toEqual([2000]);
  });

  it('rate-limited: a write refused by the throttle is sent again (it was not processed)', async () => {
    context.server.setFault({
      method: 'PATCH',
      path: DASHBOARD,
      fault: { type: 'throttle', seconds: 1 },
      times: 1,
    });
    const result = await client().project(main).dashboards.setPinned(DEMO.dashboards.marketing, true);
    expect(result.pinned).toBe(true);
    expect(received().map((request) => `${request.method} ${request.status}`)).toEqual([
      'PATCH 429',
      'PATCH 200',
    ]);
  });

  it('rate-limited: a long throttle gives up at once with the seconds', async () => {
    context.server.setFault({ path: DASHBOARDS, fault: { type: 'throttle', seconds: 60 } });
    const error = await failure(client().project(main).dashboards.list());
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 60, status: 429 });
    expect(error.userMessage()).toContain('60');
    expect(received()).toHaveLength(1);
  });

  it('server: a read is retried through a 5xx', async () => {
    context.server.setFault({ path: DASHBOARDS, fault: { type: 'status', status: 503 }, times: 1 });
    await client().project(main).dashboards.list();
    expect(received().map((request) => request.status)).toEqual([503, 200]);
  });

  it('server: a write that met a 5xx is not sent again', async () => {
    context.server.setFault({ method: 'PATCH', path: DASHBOARD, fault: { type: 'status', status: 500 } });
    const error = await failure(client().project(main).dashboards.setPinned(DEMO.dashboards.marketing, true));
    expect(error).toMatchObject({ kind: 'server', status: 500 });
    expect(received()).toHaveLength(1);
  });

  it('server: an HTML error page that never goes away', async () => {
    context.server.setFault({ path: DASHBOARDS, fault: { type: 'html' } });
    const error = await failure(client().project(main).dashboards.list());
    expect(error).toMatchObject({ kind: 'server', status: 502 });
    expect(received()).toHaveLength(3);
  });

  it('invalid-response: malformed JSON is not retried', async () => {
    context.server.setFault({ path: DASHBOARDS, fault: { type: 'malformed-json' } });
    const error = await failure(client().project(main).dashboards.list());
    expect(error).toMatchObject({ kind: 'invalid-response', detail: 'malformed JSON' });
    expect(received()).toHaveLength(1);
  });

  it('invalid-response: an HTML page with status 200 where JSON was expected', async () => {
    // A proxy that answers API paths with the app's page: fetch the fake's real app page instead.
    const appPage = `${context.server.url}/project/1/dashboard/${DEMO.dashboards.productKpis}`;
    const viaProxy: typeof fetch = () => fetch(appPage);
    const error = await failure(client('all', { fetch: viaProxy }).project(main).dashboards.list());
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200, detail: 'HTML instead of JSON' });
  });

  it('network: a dropped connection on a read is retried', async () => {
    context.server.setFault({ path: DASHBOARDS, fault: { type: 'drop' }, times: 1 });
    const page = await client().project(main).dashboards.list();
    expect(page.count).toBeGreaterThan(0);
    expect(received()).toHaveLength(2);
  });

  it('network: a write whose connection dropped is not sent again', async () => {
    context.server.setFault({ method: 'POST', path: DASHBOARDS, fault: { type: 'drop' } });
    const error = await failure(client().project(main).dashboards.create({ name: 'Once' }));
    expect(error.kind).toBe('network');
    expect(received()).toHaveLength(1);
    expectNoKey(error);
    expect(String((error as Error).cause)).not.toContain(context.server.keys.all);
  });

  it('timeout: a slow answer beyond the configured timeout', async () => {
    context.server.setFault({ path: DASHBOARDS, fault: { type: 'latency', ms: 400 }, times: 1 });
    const error = await failure(client('all', { timeoutMs: 100 }).project(main).dashboards.list());
    expect(error.kind).toBe('timeout');
    expect(received()).toHaveLength(1);
  });
});
