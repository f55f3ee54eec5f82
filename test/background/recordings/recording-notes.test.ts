import { beforeAll, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Note, NotesApi } from '../../../lib/api/comments';
import type { ItemReadsApi } from '../../../lib/api/insights';
import type { NoteBody, SessionRoute } from '../../../lib/api/session-routes';
import type { CollectionScope } from '../../../lib/background/collections/collections';
import { createRecordingNotes } from '../../../lib/background/recordings/recording-notes';
import type { Connection } from '../../../lib/background/settings/settings';
import { createItemLinks } from '../../../lib/background/share-links/item-links';
import { AppError } from '../../../lib/platform/errors';
import { MAX_PERSON_TEXT } from '../../../lib/posthog/visitor-text';
import { installEnglishTranslator } from '../../support/i18n';
import { LONG_NAME, LONG_START_URL } from '../../support/long-visitor';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';
const REC = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
const NOTE_ID = '0f8fad5b-d9cb-469f-a165-708677289501';
const scope: CollectionScope = {
  connection: { origin: US, apiKey: 'phx_x', projectId: 1 } as Connection,
  projectId: 1,
  key: 'k',
};

function setup(
  options: {
    key?: 'takes' | 'refuses' | 'loses';
    start?: string | null;
    session?: number;
    startOf?: (projectId: number, recordingId: string) => Promise<string | null>;
  } = {},
) {
  const calls: string[] = [];
  const stored: Note[] = [];
  const api: NotesApi = {
    async create(body: NoteBody) {
      calls.push(`key POST ${JSON.stringify(body)}`);
      if (options.key === 'refuses') throw new AppError('key-not-allowed', { status: 403 });
      stored.push({
        id: NOTE_ID,
        content: body.content,
        item_id: body.item_id,
        item_context: body.item_context,
      });
      if (options.key === 'loses') throw new AppError('timeout');
      return { id: NOTE_ID };
    },
    async remove(id) {
      calls.push(`key PATCH ${id}`);
      if (options.key === 'refuses') throw new AppError('key-not-allowed', { status: 403 });
    },
    async newestOf() {
      calls.push('key GET');
      return stored;
    },
  };
  const notes = createRecordingNotes({
    api: () => api,
    forward: async (_origin, route: SessionRoute, _signal, keptFor) => {
      const from = keptFor?.container ? ` from ${keptFor.container}` : '';
      calls.push(`session ${route.method} ${route.path} ${JSON.stringify(route.body)}${from}`);
      return { status: options.session ?? (route.method === 'POST' ? 201 : 200), body: { id: NOTE_ID } };
    },
    startOf:
      options.startOf ?? (async () => (options.start === undefined ? '2025-03-01T10:00:00Z' : options.start)),
  });
  return { notes, calls };
}

const signal = new AbortController().signal;
const BODY = JSON.stringify({
  content: 'Payment button unresponsive',
  scope: 'Replay',
  item_id: REC,
  item_context: { time_in_recording: '2025-03-01T10:01:15.000Z', milliseconds_into_recording: 75_000 },
});

describe('a note on a recording', () => {
  it("is PostHog's comment at the recording's start plus the second, made with the key", async () => {
    const { notes, calls } = setup();
    await expect(
      notes.save(scope, REC, { text: '  Payment button unresponsive ', second: 75 }, signal),
    ).resolves.toEqual({
      id: NOTE_ID,
      via: 'key',
      second: 75,
    });
    expect(calls).toEqual([`key POST ${BODY}`]);
  });

  it('starts from the site’s session start while PostHog has not ingested the recording, never instead of PostHog’s', async () => {
    const note = { text: 'Payment button unresponsive', second: 75, startedAt: '2025-03-01T09:00:00.000Z' };
    const missing = setup({
      startOf: async () => Promise.reject(new AppError('not-found', { status: 404 })),
    });
    await missing.notes.save(scope, REC, note, signal);
    expect(missing.calls[0]).toContain('"time_in_recording":"2025-03-01T09:01:15.000Z"');
    const unknown = setup({ start: null });
    await unknown.notes.save(scope, REC, note, signal);
    expect(unknown.calls[0]).toContain('"time_in_recording":"2025-03-01T09:01:15.000Z"');
    const known = setup();
    await known.notes.save(scope, REC, note, signal);
    expect(known.calls).toEqual([`key POST ${BODY}`]);
    const refused = setup({
      startOf: async () => Promise.reject(new AppError('not-found', { status: 404 })),
    });
    await expect(refused.notes.save(scope, REC, { text: 'x', second: 1 }, signal)).rejects.toMatchObject({
      kind: 'not-found',
    });
  });

  it('goes through the signed-in tab where PostHog refuses the key, and is undone the same way', async () => {
    const { notes, calls } = setup({ key: 'refuses' });
    const saved = await notes.save(scope, REC, { text: 'Payment button unresponsive', second: 75 }, signal);
    expect(saved.via).toBe('session');
    await notes.remove(scope, saved, signal);
    expect(calls).toEqual([
      `key POST ${BODY}`,
      `session POST /api/projects/1/comments/ ${BODY}`,
      `session PATCH /api/projects/1/comments/${NOTE_ID}/ {"deleted":true}`,
    ]);
  });

  it('made through a Firefox container’s session, is undone through the same container', async () => {
    const { notes, calls } = setup({ key: 'refuses' });
    const through = { container: 'firefox-container-3' };
    const saved = await notes.save(
      scope,
      REC,
      { text: 'Payment button unresponsive', second: 75 },
      signal,
      through,
    );
    await notes.remove(scope, saved, signal, through);
    expect(calls).toEqual([
      `key POST ${BODY}`,
      `session POST /api/projects/1/comments/ ${BODY} from firefox-container-3`,
      `session PATCH /api/projects/1/comments/${NOTE_ID}/ {"deleted":true} from firefox-container-3`,
    ]);
  });

  it('is read back when its answer is lost, and never written twice', async () => {
    const { notes, calls } = setup({ key: 'loses' });
    await expect(
      notes.save(scope, REC, { text: 'Payment button unresponsive', second: 75 }, signal),
    ).resolves.toMatchObject({
      id: NOTE_ID,
    });
    expect(calls).toEqual([`key POST ${BODY}`, 'key GET']);
  });

  it('is not written when PostHog did not say when the recording started, and says why', async () => {
    const { notes, calls } = setup({ start: null });
    await expect(notes.save(scope, REC, { text: 'x', second: 1 }, signal)).rejects.toMatchObject({
      kind: 'invalid-input',
      detail: expect.stringContaining('did not say when this recording started'),
    });
    expect(calls).toEqual([]);
  });

  it('says signed out when the tab has no session', async () => {
    const { notes } = setup({ key: 'refuses', session: 401 });
    await expect(notes.save(scope, REC, { text: 'x', second: 1 }, signal)).rejects.toMatchObject({
      kind: 'signed-out',
    });
  });
});

describe('a note on a recording whose visitor wrote a 5,000-character name and a 10,000-character start address', () => {
  it('is saved at its second, with the start the share-links room read and kept bounded', async () => {
    fakeBrowser.reset();
    const reads: string[] = [];
    const faces = createItemLinks({
      connection: async () => scope.connection,
      api: () =>
        ({
          async recording(id: string) {
            reads.push(id);
            return {
              id,
              distinct_id: 'user-42',
              start_time: '2025-03-01T10:00:00Z',
              recording_duration: 600,
              start_url: LONG_START_URL,
              person: { id: 1, name: LONG_NAME },
            };
          },
        }) as unknown as ItemReadsApi,
      publicSharing: async () => 'allowed',
      session: browser.storage.session,
    });
    // As the recordings room reads a recording's start (recordings-feature.ts, through index.ts).
    const { notes, calls } = setup({
      startOf: async (projectId, recordingId) =>
        (await faces.recordingFace({ projectId, recordingId, source: 'server' })).face?.startTime ?? null,
    });
    await expect(
      notes.save(scope, REC, { text: 'Payment button unresponsive', second: 75 }, signal),
    ).resolves.toEqual({ id: NOTE_ID, via: 'key', second: 75 });
    expect(calls).toEqual([`key POST ${BODY}`]);
    await expect(faces.recordingFace({ projectId: 1, recordingId: REC, source: 'cache' })).resolves.toEqual({
      face: {
        person: LONG_NAME.slice(0, MAX_PERSON_TEXT),
        startTime: '2025-03-01T10:00:00.000Z',
        durationSeconds: 600,
        startUrl: null,
      },
    });
    expect(reads).toEqual([REC]);
  });
});
