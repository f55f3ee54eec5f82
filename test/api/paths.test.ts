import { describe, expect, it } from 'vitest';
import { addRecordingRoute, isSessionForwardable, removeRecordingRoute } from '../../lib/api/session-routes';
import { isAppError } from '../../lib/platform/errors';
import { json } from '../support/json';
import { caught, clientWith } from './support';

const playlist = { id: 1, short_id: 'abc' };

describe('ids never change the route', () => {
  it.each([
    ['a slash', 'a/b', '/api/projects/1/session_recording_playlists/abc/recordings/a%2Fb/'],
    ['a question mark', 'a?b=1', '/api/projects/1/session_recording_playlists/abc/recordings/a%3Fb%3D1/'],
    ['a hash', 'a#b', '/api/projects/1/session_recording_playlists/abc/recordings/a%23b/'],
    ['a percent sign', '100%', '/api/projects/1/session_recording_playlists/abc/recordings/100%25/'],
    ['a backslash', 'a\\..\\b', '/api/projects/1/session_recording_playlists/abc/recordings/a%5C..%5Cb/'],
    [
      'a space and unicode',
      'a b✓',
      '/api/projects/1/session_recording_playlists/abc/recordings/a%20b%E2%9C%93/',
    ],
    [
      'a dotted segment',
      '../../../users/@me',
      '/api/projects/1/session_recording_playlists/abc/recordings/..%2F..%2F..%2Fusers%2F%40me/',
    ],
  ])('a recording id with %s', async (_name, recordingId, expected) => {
    const { client, sent } = clientWith([json(playlist)]);
    await client.project(1).playlists.addRecording('abc', recordingId);
    expect(sent[0]?.url).toBe(`https://us.posthog.com${expected}`);
  });

  it.each(['.', '..', ''])('refuses the id %j before sending anything', async (recordingId) => {
    const { client, sent } = clientWith([json(playlist)]);
    const error = await caught(client.project(1).playlists.addRecording('abc', recordingId));
    expect(isAppError(error) && error.kind).toBe('bad-message');
    expect(sent).toHaveLength(0);
  });

  it.each([Number.NaN, -1, 1.5, Number.POSITIVE_INFINITY])('refuses the dashboard id %s', async (id) => {
    const { client, sent } = clientWith([json({ id: 1 })]);
    expect(isAppError(await caught(client.project(1).dashboards.get(id)))).toBe(true);
    expect(sent).toHaveLength(0);
  });

  it('encodes a playlist short id and a collaborator uuid', async () => {
    const { client, sent } = clientWith([json(playlist), new Response(null, { status: 204 })]);
    await client.project(1).playlists.get('a/b?c');
    await client.project(1).dashboards.collaborators.remove(4, 'x/../y');
    expect(sent.map((request) => request.path)).toEqual([
      '/api/projects/1/session_recording_playlists/a%2Fb%3Fc/',
      '/api/projects/1/dashboards/4/collaborators/x%2F..%2Fy/',
    ]);
  });
});

describe('isSessionForwardable', () => {
  it.each([
    [
      'POST',
      '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/0191dd9d-ec00-726b-b2a7-4de452e6b438/',
    ],
    ['DELETE', '/api/projects/12345/session_recording_playlists/eKdNnFRI/recordings/0191dd9d-ec00/'],
    ['POST', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/a%2Fb%3Fc%23d/'],
    ['POST', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/bulk_delete/'],
    ['POST', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/bulk_add/'],
  ])('allows %s %s', (method, path) => {
    expect(isSessionForwardable(method, path)).toBe(true);
  });

  it.each([
    ['GET', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/r1/'],
    ['DELETE', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/bulk_add/'],
    ['DELETE', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/bulk_delete/'],
    ['PATCH', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/r1/'],
    ['post', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/r1/'],
    ['DELETE', '/api/projects/1/dashboards/create_from_template_json/'],
    // No feature sends it: a template body could create anything PostHog can.
    ['POST', '/api/projects/1/dashboards/create_from_template_json/'],
    ['POST', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/r1'],
    ['POST', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/r1/?x=1'],
    ['POST', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/r1/#x'],
    ['POST', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/../'],
    ['POST', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/%2e%2e/'],
    ['POST', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/./'],
    ['POST', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/a/b/'],
    ['POST', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/a%2fb/'],
    ['POST', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/a b/'],
    ['POST', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/%ZZ/'],
    ['POST', '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings//'],
    ['POST', '/api/projects/@current/session_recording_playlists/eKdNnFRI/recordings/r1/'],
    ['POST', '/api/projects/01/session_recording_playlists/eKdNnFRI/recordings/r1/'],
    ['POST', '/api/projects/1/session_recording_playlists/eKdNnFRI/'],
    ['POST', '/api/projects/1/dashboards/'],
    ['POST', '/api/projects/1/dashboards/create_from_template_json/?a=1'],
    ['POST', '/api/users/@me/'],
    ['POST', 'https://evil.example/api/projects/1/dashboards/create_from_template_json/'],
    ['POST', '//evil.example/api/projects/1/dashboards/create_from_template_json/'],
    ['POST', '/api/projects/1/dashboards/create_from_template_json/..'],
    ['POST', ''],
    [undefined, '/api/projects/1/dashboards/create_from_template_json/'],
    ['POST', 42],
  ])('refuses %s %s', (method, path) => {
    expect(isSessionForwardable(method, path)).toBe(false);
  });

  it('accepts exactly what the route builders produce', () => {
    for (const recordingId of ['0191dd9d-ec00-726b', 'a/b', 'a?b#c', '100%', 'x y']) {
      for (const route of [
        addRecordingRoute(1, 'eKdNnFRI', recordingId),
        removeRecordingRoute(1, 'eKdNnFRI', recordingId),
      ]) {
        expect(isSessionForwardable(route.method, route.path)).toBe(true);
      }
    }
  });
});
