import { describe, expect, it } from 'vitest';
import {
  addRecordingRoute,
  BulkAddAnswerSchema,
  bulkAddRecordingsRoute,
  bulkDeleteRecordingRoute,
  isSessionBodyAllowed,
  isSessionRequestAllowed,
  removeRecordingRoute,
} from '../../lib/api/session-routes';

const BASE = '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings';
const BULK_ADD = `${BASE}/bulk_add/`;
const BULK_DELETE = `${BASE}/bulk_delete/`;
const ONE = `${BASE}/0191dd9d-ec00-726b-b2a7-4de452e6b438/`;
const ids = (count: number) => Array.from({ length: count }, (_, i) => `rec-${i}`);

describe('bulkAddRecordingsRoute', () => {
  it('is PostHog’s bulk_add with the ids under session_recording_ids, exactly', () => {
    expect(bulkAddRecordingsRoute(1, 'eKdNnFRI', ['a', 'b', 'c'])).toEqual({
      method: 'POST',
      path: BULK_ADD,
      body: { session_recording_ids: ['a', 'b', 'c'] },
    });
  });

  it.each([
    ['no id', []],
    ['21 ids (PostHog takes 20 at most)', ids(21)],
    ['an empty id', ['a', '']],
    ['a control character', ['a\nb']],
  ])('refuses %s before anything is sent', (_, recordingIds) => {
    expect(() => bulkAddRecordingsRoute(1, 'eKdNnFRI', recordingIds)).toThrow(/invalid recording ids/);
  });

  it('escapes the collection id like every other route', () => {
    expect(bulkAddRecordingsRoute(1, 'a/b', ['r']).path).toBe(
      '/api/projects/1/session_recording_playlists/a%2Fb/recordings/bulk_add/',
    );
  });
});

describe('the session allow-list checks the body too', () => {
  it('accepts exactly what the route builders produce', () => {
    for (const route of [
      addRecordingRoute(1, 'eKdNnFRI', 'r1'),
      removeRecordingRoute(1, 'eKdNnFRI', 'r1'),
      bulkDeleteRecordingRoute(1, 'eKdNnFRI', 'r1'),
      bulkAddRecordingsRoute(1, 'eKdNnFRI', ids(20)),
      bulkAddRecordingsRoute(1, 'eKdNnFRI', ['0191dd9d-ec00-726b-b2a7-4de452e6b438']),
    ]) {
      expect(isSessionRequestAllowed(route)).toBe(true);
    }
  });

  it.each([
    ['bulk_add without a body', 'POST', BULK_ADD, undefined],
    ['bulk_add with no ids', 'POST', BULK_ADD, { session_recording_ids: [] }],
    ['bulk_add with 21 ids', 'POST', BULK_ADD, { session_recording_ids: ids(21) }],
    ['bulk_add with ids that are not strings', 'POST', BULK_ADD, { session_recording_ids: [1, 2] }],
    ['bulk_add with a string for the list', 'POST', BULK_ADD, { session_recording_ids: 'a' }],
    ['bulk_add with another field', 'POST', BULK_ADD, { session_recording_ids: ['a'], filters: {} }],
    ['bulk_add with an array body', 'POST', BULK_ADD, [['a']]],
    ['bulk_add with a 201-character id', 'POST', BULK_ADD, { session_recording_ids: ['x'.repeat(201)] }],
    ['bulk_delete with no body', 'POST', BULK_DELETE, undefined],
    ['bulk_delete with another field', 'POST', BULK_DELETE, { session_recording_ids: ['a'], all: true }],
    ['a single add with fields', 'POST', ONE, { name: 'x' }],
    ['a single add with an array', 'POST', ONE, []],
    ['a single removal with a body', 'DELETE', ONE, {}],
  ])('refuses %s', (_, method, path, body) => {
    expect(isSessionBodyAllowed(method, path, body)).toBe(false);
    expect(isSessionRequestAllowed({ method, path, body })).toBe(false);
  });

  it('refuses bulk_add other than as POST, whatever its body', () => {
    const body = { session_recording_ids: ['a'] };
    expect(isSessionRequestAllowed({ method: 'DELETE', path: BULK_ADD, body })).toBe(false);
    expect(isSessionRequestAllowed({ method: 'POST', path: `${BULK_ADD}?x=1`, body })).toBe(false);
  });
});

describe('BulkAddAnswerSchema', () => {
  it('reads PostHog’s answer (bulk_add_recordings), extra fields and all', () => {
    const answer = { success: true, added_count: 2, total_requested: 3, extra: 1 };
    expect(BulkAddAnswerSchema.parse(answer)).toMatchObject({ added_count: 2, total_requested: 3 });
  });

  it.each([[{ success: true }], [{ success: true, added_count: -1, total_requested: 1 }], [null]])(
    'refuses %j (an older PostHog or something else answered)',
    (answer) => {
      expect(BulkAddAnswerSchema.safeParse(answer).success).toBe(false);
    },
  );
});
