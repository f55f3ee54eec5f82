import { describe, expect, it } from 'vitest';
import { DEMO } from './demo-ids';
import { call, errorBody, obj, serveFakePostHog } from './test-helpers';
import type { Flavor } from './types';

const I = '/api/projects/1/insights';
const N = '/api/projects/1/notebooks';
const BASIC_FIELDS = [
  'id',
  'short_id',
  'name',
  'derived_name',
  'filters',
  'query',
  'dashboards',
  'dashboard_tiles',
  'description',
  'last_refresh',
  'refreshing',
  'saved',
  'tags',
  'updated_at',
  'created_by',
  'created_at',
  'last_modified_at',
  'favorited',
  'user_access_level',
  'last_viewed_at',
  'search_match_type',
];
const NOTEBOOK_MINIMAL = [
  'id',
  'short_id',
  'title',
  'deleted',
  'created_at',
  'created_by',
  'last_modified_at',
  'last_modified_by',
  'user_access_level',
];
const notFoundBody = (detail = 'Not found.') => errorBody('invalid_request', 'not_found', detail);
const { shared, derived, deleted } = DEMO.insights;

describe.each<Flavor>(['contract', 'posthog'])('insights (%s flavor)', (flavor) => {
  const server = serveFakePostHog({ flavor });

  it('retrieves by numeric pk and by short_id alike', async () => {
    const byId = await call(server(), 'GET', `${I}/${shared.id}/`);
    const byShortId = await call(server(), 'GET', `${I}/${shared.shortId}`);
    expect(byId.status).toBe(200);
    expect(byShortId.json).toEqual(byId.json);
    expect(obj(byId.json)).toMatchObject({
      id: shared.id,
      short_id: shared.shortId,
      name: 'Weekly signups',
      deleted: false,
      user_access_level: 'manager',
    });
    expect(obj(byId.json)).not.toHaveProperty('refreshing');
  });

  it('answers exactly InsightBasicSerializer’s fields with ?basic=true', async () => {
    const answer = obj((await call(server(), 'GET', `${I}/${derived.shortId}/?basic=true`)).json);
    expect(Object.keys(answer).sort()).toEqual([...BASIC_FIELDS].sort());
    expect(answer).toMatchObject({
      id: derived.id,
      name: null,
      derived_name: 'Pageview count',
      dashboards: [],
      saved: true,
      user_access_level: 'editor',
      created_by: { id: DEMO.users.bo },
      last_viewed_at: null,
    });
  });

  it('lists by short_id, paginated', async () => {
    const page = obj((await call(server(), 'GET', `${I}/?short_id=${derived.shortId}&basic=true`)).json);
    expect(page).toMatchObject({ count: 1, next: null, previous: null });
    expect(page.results[0]).toMatchObject({ id: derived.id, derived_name: 'Pageview count' });
    const all = obj((await call(server(), 'GET', `${I}/?limit=2`)).json);
    expect(all.count).toBe(3);
    expect(all.next).toContain('offset=2');
    expect(obj((await call(server(), 'GET', `${I}/?short_id=${deleted.shortId}`)).json).count).toBe(0);
  });

  it('hides a soft-deleted insight and an unknown one with DRF’s not-found body', async () => {
    for (const id of [deleted.id, deleted.shortId, 'NoSuch12', 999999]) {
      const answer = await call(server(), 'GET', `${I}/${id}/`);
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual(notFoundBody());
    }
    expect((await call(server(), 'GET', `/api/projects/2/insights/${shared.id}/`)).status).toBe(404);
  });

  it('needs insight:read', async () => {
    const readOnly = await call(server(), 'GET', `${I}/${shared.id}/`, { key: 'readOnly' });
    expect(readOnly.status).toBe(200);
    const noScope = await call(server(), 'GET', `${N}/`, { key: 'readOnly' });
    expect(noScope.status).toBe(403);
    expect(noScope.json).toEqual(
      errorBody(
        'authentication_error',
        'permission_denied',
        "API key missing required scope 'notebook:read'",
      ),
    );
  });
});

describe.each<Flavor>(['contract', 'posthog'])('insight and recording sharing (%s flavor)', (flavor) => {
  const server = serveFakePostHog({ flavor });
  const posthog = flavor === 'posthog';

  it('shows the saved configuration of a shared insight by its numeric id', async () => {
    const answer = await call(server(), 'GET', `${I}/${shared.id}/sharing/`);
    expect(answer.status).toBe(200);
    expect(obj(answer.json)).toMatchObject({ enabled: true, access_token: DEMO.insightSharedToken });
    if (posthog) {
      expect(obj(answer.json)).toMatchObject({
        password_required: false,
        share_passwords: [],
        settings: { legend: true },
      });
      const locked = obj(
        (await call(server(), 'GET', `${I}/${DEMO.insights.passwordProtected.id}/sharing`)).json,
      );
      expect(locked).toMatchObject({
        enabled: true,
        password_required: true,
        access_token: DEMO.insightPasswordToken,
      });
    } else {
      expect(Object.keys(obj(answer.json)).sort()).toEqual(['access_token', 'created_at', 'enabled']);
    }
  });

  it('answers an insight without a configuration as PostHog of its flavor does', async () => {
    const first = obj((await call(server(), 'GET', `${I}/${derived.id}/sharing/`)).json);
    const second = obj((await call(server(), 'GET', `${I}/${derived.id}/sharing/`)).json);
    expect(first.enabled).toBe(false);
    expect(first.access_token).toMatch(/^[A-Za-z0-9_-]{30}$/);
    if (posthog) {
      expect(first).toMatchObject({ created_at: null, settings: null });
      expect(second.access_token).not.toBe(first.access_token);
    } else expect(second.access_token).toBe(first.access_token);
  });

  it('refuses a short_id (500: the integer lookup fails) and an unknown or deleted insight (404)', async () => {
    const byShortId = await call(server(), 'GET', `${I}/${shared.shortId}/sharing/`);
    expect(byShortId.status).toBe(500);
    expect(byShortId.json).toEqual(errorBody('server_error', 'error', 'A server error occurred.'));
    for (const id of [deleted.id, 999999]) {
      const answer = await call(server(), 'GET', `${I}/${id}/sharing/`);
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual(notFoundBody('Insight not found.'));
    }
  });

  it('needs sharing_configuration:read', async () => {
    for (const path of [
      `${I}/${shared.id}/sharing/`,
      `/api/projects/1/session_recordings/${DEMO.recordings.inCheckout}/sharing/`,
    ]) {
      const answer = await call(server(), 'GET', path, { key: 'noSharingRead' });
      expect(answer.status).toBe(403);
      expect(obj(answer.json).detail).toBe("API key missing required scope 'sharing_configuration:read'");
    }
    expect((await call(server(), 'GET', `${I}/${shared.id}/`, { key: 'noSharingRead' })).status).toBe(200);
  });

  it('shows a recording’s sharing without checking the recording exists', async () => {
    const R = '/api/projects/1/session_recordings';
    const sharedRecording = obj(
      (await call(server(), 'GET', `${R}/${DEMO.recordings.inCheckout}/sharing/`)).json,
    );
    expect(sharedRecording).toMatchObject({ enabled: true, access_token: DEMO.recordingSharedToken });
    const anyId = await call(server(), 'GET', `${R}/not-a-recording-at-all/sharing/`);
    expect(anyId.status).toBe(200);
    expect(obj(anyId.json).enabled).toBe(false);
    // The configuration belongs to project 1's recording.
    const other = obj(
      (
        await call(
          server(),
          'GET',
          `/api/projects/2/session_recordings/${DEMO.recordings.inCheckout}/sharing/`,
        )
      ).json,
    );
    expect(other.enabled).toBe(false);
  });

  it.runIf(posthog)(
    'saves on PATCH, refuses a switched-off organisation, and opens /shared/<token>',
    async () => {
      const R = `/api/projects/1/session_recordings/${DEMO.recordings.loose}/sharing/`;
      server().setPublicSharingAllowed(false);
      try {
        for (const path of [R, `${I}/${derived.id}/sharing/`]) {
          const refused = await call(server(), 'PATCH', path, { body: { enabled: true } });
          expect(refused.status).toBe(403);
          expect(refused.json).toEqual(
            errorBody(
              'authentication_error',
              'permission_denied',
              'Public sharing is disabled for this organization.',
            ),
          );
        }
        // Turning sharing off is still allowed.
        expect((await call(server(), 'PATCH', R, { body: { enabled: false } })).status).toBe(200);
      } finally {
        server().setPublicSharingAllowed(true);
      }
      const saved = obj((await call(server(), 'PATCH', R, { body: { enabled: true } })).json);
      expect(saved.enabled).toBe(true);
      expect(obj((await call(server(), 'GET', R)).json).access_token).toBe(saved.access_token);
      const recordingPage = await fetch(`${server().url}/shared/${saved.access_token}`);
      expect(recordingPage.status).toBe(200);
      expect(await recordingPage.text()).not.toContain('og:title');
      const insightPage = await (await fetch(`${server().url}/shared/${DEMO.insightSharedToken}`)).text();
      expect(insightPage).toContain('<meta property="og:title" content="Weekly signups">');
      const patchedInsight = await call(server(), 'PATCH', `${I}/${derived.id}/sharing/`, {
        body: { enabled: true },
      });
      expect(obj(patchedInsight.json).enabled).toBe(true);
      expect(
        (await call(server(), 'PATCH', `${I}/${derived.id}/sharing/`, { key: 'readOnly', body: {} })).status,
      ).toBe(403);
    },
  );

  it.runIf(!posthog)('is read only', async () => {
    expect(
      (await call(server(), 'PATCH', `${I}/${shared.id}/sharing/`, { body: { enabled: false } })).status,
    ).toBe(405);
  });
});

describe.each<Flavor>(['contract', 'posthog'])('notebooks (%s flavor)', (flavor) => {
  const server = serveFakePostHog({ flavor });

  it('retrieves by short_id with NotebookSerializer’s fields', async () => {
    const answer = await call(server(), 'GET', `${N}/${DEMO.notebooks.titled}/`, { key: 'noSharingRead' });
    expect(answer.status).toBe(200);
    const notebook = obj(answer.json);
    expect(Object.keys(notebook).sort()).toEqual(
      [...NOTEBOOK_MINIMAL, 'content', 'text_content', 'version'].sort(),
    );
    expect(notebook).toMatchObject({
      short_id: DEMO.notebooks.titled,
      title: 'Release notes',
      text_content: 'What shipped this week.',
      version: 3,
      deleted: false,
      user_access_level: 'manager',
    });
    expect(notebook.id).toMatch(/^[0-9a-f-]{36}$/);
    const untitled = obj((await call(server(), 'GET', `${N}/${DEMO.notebooks.untitled}`)).json);
    expect(untitled).toMatchObject({ title: null, user_access_level: 'editor' });
  });

  it('lists the minimal serializer, newest change first, without deleted ones', async () => {
    const page = obj((await call(server(), 'GET', `${N}/`)).json);
    expect(page.count).toBe(2);
    expect(page.results.map((n: { short_id: string }) => n.short_id)).toEqual([
      DEMO.notebooks.titled,
      DEMO.notebooks.untitled,
    ]);
    expect(Object.keys(page.results[0]).sort()).toEqual([...NOTEBOOK_MINIMAL].sort());
    const second = obj((await call(server(), 'GET', `${N}/?limit=1&offset=1`)).json);
    expect(second.results[0].short_id).toBe(DEMO.notebooks.untitled);
  });

  it('answers 404 for a deleted or unknown notebook', async () => {
    for (const id of [DEMO.notebooks.deleted, 'NoSuchNb']) {
      const answer = await call(server(), 'GET', `${N}/${id}/`);
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual(notFoundBody());
    }
  });
});
