import { describe, expect, it } from 'vitest';
import { signIn } from '../support/sign-in';
import { DEMO } from './demo-ids';
import { call, errorBody, obj, serveFakePostHog } from './test-helpers';

const P = '/api/projects/1/session_recording_playlists';
const recordingsOf = (shortId: string) => `${P}/${shortId}/recordings`;

describe('playlist recordings (contract flavor)', () => {
  const server = serveFakePostHog({ flavor: 'contract' });

  it('answers the playlist object for GET …/recordings', async () => {
    const answer = await call(server(), 'GET', `${recordingsOf(DEMO.playlists.checkoutBugs)}/`);
    expect(answer.status).toBe(200);
    expect(obj(answer.json)).toMatchObject({ short_id: DEMO.playlists.checkoutBugs, name: 'Checkout bugs' });
    expect(obj(answer.json)).not.toHaveProperty('results');
  });

  it('adds with 200 and the playlist, idempotently, and removes with 204', async () => {
    const path = `${recordingsOf(DEMO.playlists.onboarding)}/${DEMO.recordings.loose}/`;
    const first = await call(server(), 'POST', path, { body: {} });
    expect(first.status).toBe(200);
    expect(obj(first.json).short_id).toBe(DEMO.playlists.onboarding);
    expect((await call(server(), 'POST', path)).status).toBe(200);
    const removed = await call(server(), 'DELETE', path);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect((await call(server(), 'DELETE', path)).status).toBe(204);
  });

  it('asks for the playlist write scope to add', async () => {
    const answer = await call(
      server(),
      'POST',
      `${recordingsOf(DEMO.playlists.onboarding)}/${DEMO.recordings.loose}/`,
      {
        key: 'noPlaylistWrite',
      },
    );
    expect(obj(answer.json).detail).toBe("API key missing required scope 'session_recording_playlist:write'");
  });

  it('answers 404 for an unknown playlist', async () => {
    expect(
      (await call(server(), 'POST', `${recordingsOf('NoSuchId')}/${DEMO.recordings.loose}/`)).status,
    ).toBe(404);
  });
});

describe('playlist recordings (posthog flavor)', () => {
  const server = serveFakePostHog({ flavor: 'posthog' });

  it('lists recordings as {results, has_next, version} for a key with the read scope', async () => {
    const answer = await call(server(), 'GET', `${recordingsOf(DEMO.playlists.checkoutBugs)}/`, {
      key: 'readOnly',
    });
    expect(answer.status).toBe(200);
    expect(obj(answer.json)).toMatchObject({ has_next: false, version: 4 });
    expect(obj(answer.json).results.map((r: { id: string }) => r.id)).toEqual([DEMO.recordings.inCheckout]);
    expect(obj(answer.json).results[0]).toMatchObject({
      recording_duration: 312,
      start_url: expect.stringContaining('/checkout'),
    });
    const empty = obj((await call(server(), 'GET', recordingsOf(DEMO.playlists.onboarding))).json);
    expect(empty.results).toEqual([]);
  });

  it('adds and removes with a session, answering {success:true}', async () => {
    const { cookie, csrf } = await signIn(server());
    const headers = { cookie, 'x-csrftoken': csrf, origin: server().url };
    const path = `${recordingsOf(DEMO.playlists.onboarding)}/${encodeURIComponent(DEMO.recordings.loose)}/`;
    const added = await call(server(), 'POST', path, { key: null, headers });
    expect(added.status).toBe(200);
    expect(added.json).toEqual({ success: true });
    expect((await call(server(), 'POST', path, { key: null, headers })).json).toEqual({ success: true });
    const holding = obj(
      (await call(server(), 'GET', `${P}/?session_recording_id=${DEMO.recordings.loose}`)).json,
    );
    // PostHog lists its synthetic playlists under `?session_recording_id=` too.
    const rows = holding.results.filter((p: { is_synthetic: boolean }) => !p.is_synthetic);
    expect(rows.map((p: { short_id: string }) => p.short_id)).toEqual([DEMO.playlists.onboarding]);
    const removed = await call(server(), 'DELETE', path, { key: null, headers });
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ success: true });
    const again = await call(server(), 'DELETE', path, { key: null, headers });
    expect(again.status).toBe(500);
    expect(again.json).toEqual(errorBody('server_error', 'error', 'A server error occurred.'));
  });

  it('refuses to add to a filters-type playlist', async () => {
    const { cookie, csrf } = await signIn(server());
    const answer = await call(
      server(),
      'POST',
      `${recordingsOf(DEMO.playlists.rageClicks)}/${DEMO.recordings.loose}/`,
      {
        key: null,
        headers: { cookie, 'x-csrftoken': csrf },
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(
      errorBody(
        'validation_error',
        'invalid_input',
        "Cannot add recordings to a playlist that is type 'filters'.",
      ),
    );
  });
  it('has the session-only bulk_add and bulk_delete; bulk_delete skips ids that are not there', async () => {
    const { cookie, csrf } = await signIn(server());
    const headers = { cookie, 'x-csrftoken': csrf, origin: server().url };
    const bulk = (name: string) => `${recordingsOf(DEMO.playlists.onboarding)}/${name}/`;
    const ids = [DEMO.recordings.loose, DEMO.recordings.inCheckout];
    const refused = await call(server(), 'POST', bulk('bulk_add'), { body: { session_recording_ids: ids } });
    expect(refused.status).toBe(403);
    expect(obj(refused.json).detail).toMatch(/does not support personal API key access/);
    const added = await call(server(), 'POST', bulk('bulk_add'), {
      key: null,
      headers,
      body: { session_recording_ids: ids },
    });
    expect(added.json).toEqual({ success: true, added_count: 2, total_requested: 2 });
    const deleted = await call(server(), 'POST', bulk('bulk_delete'), {
      key: null,
      headers,
      body: { session_recording_ids: [...ids, 'not-there'] },
    });
    expect(deleted.json).toEqual({ success: true, deleted_count: 2, total_requested: 3 });
    const empty = await call(server(), 'POST', bulk('bulk_delete'), {
      key: null,
      headers,
      body: { session_recording_ids: [] },
    });
    expect(empty.status).toBe(400);
    expect(obj(empty.json).detail).toBe('session_recording_ids must be provided as a non-empty array');
  });

  it('removes a recording from a filters-type playlist (PostHog checks the type only to add)', async () => {
    const { cookie, csrf } = await signIn(server());
    const headers = { cookie, 'x-csrftoken': csrf, origin: server().url };
    const answer = await call(server(), 'POST', `${recordingsOf(DEMO.playlists.rageClicks)}/bulk_delete/`, {
      key: null,
      headers,
      body: { session_recording_ids: [DEMO.recordings.loose] },
    });
    expect(answer.json).toEqual({ success: true, deleted_count: 0, total_requested: 1 });
  });
});
