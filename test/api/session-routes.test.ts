import { describe, expect, it } from 'vitest';
import {
  addRecordingRoute,
  BulkAddAnswerSchema,
  bulkAddRecordingsRoute,
  bulkDeleteRecordingRoute,
  CURRENT_USER_ROUTE,
  createNoteRoute,
  deleteNoteRoute,
  isNoteBody,
  isSessionBodyAllowed,
  isSessionForwardable,
  isSessionRequestAllowed,
  NOTE_MAX,
  type NoteBody,
  noteBody,
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
    ['a single add with text for its body', 'POST', ONE, ''],
    ['a single add with a number for its body', 'POST', ONE, 0],
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

describe('the single and bulk recording routes', () => {
  it('are exactly what PostHog takes', () => {
    expect(addRecordingRoute(2, 'eKdNnFRI', 'r 1')).toEqual({
      method: 'POST',
      path: '/api/projects/2/session_recording_playlists/eKdNnFRI/recordings/r%201/',
      body: {},
    });
    expect(removeRecordingRoute(2, 'eKdNnFRI', 'r1')).toEqual({
      method: 'DELETE',
      path: '/api/projects/2/session_recording_playlists/eKdNnFRI/recordings/r1/',
    });
    expect(bulkDeleteRecordingRoute(2, 'eKdNnFRI', 'r1')).toEqual({
      method: 'POST',
      path: '/api/projects/2/session_recording_playlists/eKdNnFRI/recordings/bulk_delete/',
      body: { session_recording_ids: ['r1'] },
    });
  });

  it('name the id they refuse', () => {
    expect(() => addRecordingRoute(1, '', 'r1')).toThrow(
      expect.objectContaining({ detail: 'invalid playlist id' }),
    );
    expect(() => removeRecordingRoute(1, 'eKdNnFRI', '..')).toThrow(
      expect.objectContaining({ detail: 'invalid recording id' }),
    );
    expect(() => bulkDeleteRecordingRoute(1, '.', 'r1')).toThrow(
      expect.objectContaining({ detail: 'invalid playlist id' }),
    );
  });

  it('take one id, and ids of 1 to 200 characters, in a bulk body', () => {
    expect(bulkAddRecordingsRoute(1, 'eKdNnFRI', ['x']).body).toEqual({ session_recording_ids: ['x'] });
    expect(isSessionBodyAllowed('POST', BULK_ADD, { session_recording_ids: ['x'.repeat(200)] })).toBe(true);
    expect(() => bulkAddRecordingsRoute(1, 'eKdNnFRI', ['x'.repeat(201)])).toThrow(/invalid recording ids/);
  });

  it.each<[string, unknown, unknown]>([
    ['a method that is not text', 1, ONE],
    ['a path that is not text', 'POST', 1],
    ['a PATCH', 'PATCH', ONE],
    ['a GET', 'GET', ONE],
    ['a climb in the path', 'POST', `${BASE}/a/../b/`],
    ['a dot-dot inside an id', 'POST', `${BASE}/a..b/`],
    ['a collection id of .', 'POST', '/api/projects/1/session_recording_playlists/./recordings/r1/'],
    ['an escaped dot-dot', 'POST', `${BASE}/%2E%2E/`],
    ['an escape that is not canonical', 'POST', `${BASE}/%41bc/`],
    ['a broken escape', 'POST', `${BASE}/%E0%A4%A/`],
    ['project 0', 'POST', '/api/projects/0/session_recording_playlists/a/recordings/r1/'],
    ['a query', 'POST', `${ONE}?x=1`],
    ['bulk_delete as DELETE', 'DELETE', BULK_DELETE],
  ])('are not forwarded with %s', (_, method, path) => {
    expect(isSessionForwardable(method, path)).toBe(false);
  });

  it.each<[string, unknown, string]>([
    ['a single add', 'POST', ONE],
    ['a single removal', 'DELETE', ONE],
    ['an id with escapes as encodeURIComponent writes them', 'POST', `${BASE}/a%20b%2Fc/`],
    ['bulk_add', 'POST', BULK_ADD],
  ])('forward %s', (_, method, path) => {
    expect(isSessionForwardable(method, path)).toBe(true);
  });

  it('take a single add with no body or an empty one, never null, and nothing for a path not a string', () => {
    expect(isSessionBodyAllowed('POST', ONE, undefined)).toBe(true);
    expect(isSessionBodyAllowed('POST', ONE, {})).toBe(true);
    expect(isSessionBodyAllowed('POST', ONE, null)).toBe(false);
    expect(isSessionBodyAllowed('DELETE', ONE, undefined)).toBe(true);
    expect(isSessionBodyAllowed('POST', 1, undefined)).toBe(false);
  });
});

describe('notes through the session', () => {
  const REC = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
  // 75.25 s into a recording that started at 10:00: the note is at 10:01:15.250.
  const NOTE = noteBody(REC, 'Checkout froze', new Date('2025-03-01T10:00:00Z'), 75.25);
  const with_ = (change: Partial<Record<keyof NoteBody, unknown>>) => ({ ...NOTE, ...change });

  it("are PostHog's player's comment at a moment, and its undo", () => {
    expect(createNoteRoute(3, NOTE)).toEqual({
      method: 'POST',
      path: '/api/projects/3/comments/',
      body: {
        content: 'Checkout froze',
        scope: 'Replay',
        item_id: REC,
        item_context: { time_in_recording: '2025-03-01T10:01:15.250Z', milliseconds_into_recording: 75_250 },
      },
    });
    expect(deleteNoteRoute(3, '0f8fad5b-d9cb-469f-a165-708677289501')).toEqual({
      method: 'PATCH',
      path: '/api/projects/3/comments/0f8fad5b-d9cb-469f-a165-708677289501/',
      body: { deleted: true },
    });
  });

  it('take a note of 1 to NOTE_MAX characters and an item id of up to 72', () => {
    expect(NOTE_MAX).toBe(2000);
    expect(isNoteBody(with_({ content: 'x' }))).toBe(true);
    expect(isNoteBody(with_({ content: 'x'.repeat(NOTE_MAX) }))).toBe(true);
    expect(isNoteBody(with_({ item_id: 'x'.repeat(72) }))).toBe(true);
    // At the recording's very first moment.
    expect(isNoteBody(noteBody(REC, 'x', new Date('2025-03-01T10:00:00Z'), 0))).toBe(true);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['an array', [NOTE]],
    ['text', 'note'],
    ['a note too long', with_({ content: 'x'.repeat(NOTE_MAX + 1) })],
    ['an empty note', with_({ content: '' })],
    ['a note of spaces', with_({ content: ' \n ' })],
    ['a note that is not text', with_({ content: 1 })],
    ['another scope', with_({ scope: 'Notebook' })],
    ['an empty item id', with_({ item_id: '' })],
    ['an item id too long', with_({ item_id: 'x'.repeat(73) })],
    ['an item id that is not text', with_({ item_id: 1 })],
    ['a control character in the item id', with_({ item_id: 'a\u0007b' })],
    ['no moment', with_({ item_context: null })],
    ['a moment in an array', with_({ item_context: [] })],
    ['a moment with another field', with_({ item_context: { ...NOTE.item_context, x: 1 } })],
    ['a moment without milliseconds', with_({ item_context: { time_in_recording: '2025-03-01T10:01:15Z' } })],
    ['a moment that is not text', with_({ item_context: { time_in_recording: 75 } })],
    [
      'a moment with more after its time',
      with_({ item_context: { ...NOTE.item_context, time_in_recording: '2025-03-01T10:01:15.250Z1' } }),
    ],
    [
      'a moment in a six-digit year (as toISOString writes one after 9999)',
      with_({ item_context: { ...NOTE.item_context, time_in_recording: '+010000-01-01T00:00:00.000Z' } }),
    ],
    ['a field more', { ...NOTE, mentions: [] }],
    ['a field less', { content: 'x', scope: 'Replay', item_id: REC }],
  ])('refuse %s, before anything is sent', (_, body) => {
    expect(isNoteBody(body)).toBe(false);
    expect(() => createNoteRoute(1, body as NoteBody)).toThrow(/invalid note/);
    expect(isSessionRequestAllowed({ method: 'POST', path: '/api/projects/1/comments/', body })).toBe(false);
  });

  it.each([
    ['not a UUID', 'abc'],
    ['in capitals', '0F8FAD5B-D9CB-469F-A165-708677289501'],
    ['with more around it', 'x0f8fad5b-d9cb-469f-a165-708677289501'],
    ['with more after it', '0f8fad5b-d9cb-469f-a165-708677289501/../x'],
    ['with a climb', '../0f8fad5b-d9cb-469f-a165-708677289501'],
  ])('undo no comment id %s', (_, id) => {
    expect(() => deleteNoteRoute(1, id)).toThrow(/invalid note id/);
  });

  it.each<[string, { method: unknown; path: unknown; body?: unknown }]>([
    ['a note as PATCH', { method: 'PATCH', path: '/api/projects/1/comments/', body: NOTE }],
    [
      'an undo as POST',
      {
        method: 'POST',
        path: '/api/projects/1/comments/0f8fad5b-d9cb-469f-a165-708677289501/',
        body: { deleted: true },
      },
    ],
    [
      'an undo with no body',
      { method: 'PATCH', path: '/api/projects/1/comments/0f8fad5b-d9cb-469f-a165-708677289501/' },
    ],
    [
      'an undo with a null body',
      { method: 'PATCH', path: '/api/projects/1/comments/0f8fad5b-d9cb-469f-a165-708677289501/', body: null },
    ],
    [
      'an undo of a 36-character id that is not a UUID',
      { method: 'PATCH', path: `/api/projects/1/comments/${'0'.repeat(36)}/`, body: { deleted: true } },
    ],
    ['a note with a climb', { method: 'POST', path: '/api/projects/1/comments/../comments/', body: NOTE }],
    ['a path that is not text', { method: 'POST', path: 1, body: NOTE }],
    ['the user read with a body', { ...CURRENT_USER_ROUTE, body: {} }],
    ['the user read of another path', { method: 'GET', path: '/api/users/@me' }],
  ])('are refused: %s', (_, route) => {
    expect(isSessionRequestAllowed(route)).toBe(false);
  });

  it('allow the user read, exactly', () => {
    expect(CURRENT_USER_ROUTE).toEqual({ method: 'GET', path: '/api/users/@me/' });
    expect(isSessionRequestAllowed(CURRENT_USER_ROUTE)).toBe(true);
  });
});
