import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordingFace, Status } from '../../lib/messaging/messages';
import { AppError } from '../../lib/platform/errors';
import type { RecordingContext } from '../../lib/posthog/context';
import { faceDetails, startedLabel } from '../../lib/posthog/recording-names';
import { startPlace } from '../../lib/posthog/review-doc';
import { createRecordingFaces } from '../../lib/stores/recording-face';
import { flush } from '../support/flush';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';
const context: RecordingContext = { kind: 'recording', origin: US, projectId: 1, recordingId: 'abc' };
const status: Status = { configured: true, origin: US, projectId: 1 };
const FACE: RecordingFace = {
  person: 'ana@acme.com',
  startTime: '2025-03-01T10:00:00.000Z',
  durationSeconds: 312,
  startUrl: 'https://acme.com/checkout?step=2#x',
};

function setup(
  answers: { cache?: RecordingFace | null; server?: RecordingFace | null | Error } = {},
  known?: (ref: { origin: string; projectId: number; recordingId: string }) => RecordingFace | null,
) {
  const sent: string[] = [];
  const painted: Array<() => void> = [];
  const faces = createRecordingFaces({
    send: (async (type: string, input: { source?: string }) => {
      sent.push(`${type} ${input.source}`);
      if (input.source === 'cache') return { face: answers.cache ?? null };
      if (answers.server instanceof Error) throw answers.server;
      return { face: answers.server ?? null };
    }) as never,
    afterPaint: (task) => painted.push(task),
    ...(known ? { known } : {}),
  });
  const paint = () => {
    for (const task of painted.splice(0)) task();
  };
  return { faces, sent, paint };
}

describe('the face of the recording in the header', () => {
  it('comes from what the background knows at once, without asking PostHog', async () => {
    const { faces, sent, paint } = setup({ cache: FACE });
    const state = faces.faceFor(context, status);
    expect(state.value).toEqual({ phase: 'loading' });
    await flush();
    paint();
    expect(state.value).toEqual({ phase: 'ready', face: FACE });
    expect(sent).toEqual(['recordings/face cache']);
  });

  it('is there for the first paint when the extension keeps it: no message, no request', async () => {
    const refs: unknown[] = [];
    const { faces, sent } = setup({ server: FACE }, (ref) => {
      refs.push(ref);
      return FACE;
    });
    expect(faces.faceFor(context, status).value).toEqual({ phase: 'ready', face: FACE });
    await flush();
    expect(sent).toEqual([]);
    expect(refs).toEqual([{ origin: US, projectId: 1, recordingId: 'abc' }]);
    // Without the scope, what is kept is not shown either: the options say why.
    const noScope = {
      ...status,
      capabilities: { recordingFaces: { ok: false, missingScope: 'session_recording:read' } },
    };
    expect(setup({}, () => FACE).faces.faceFor(context, noScope as Status).value).toEqual({
      phase: 'missing-scope',
    });
  });

  it('else is read once, only after the first paint', async () => {
    const { faces, sent, paint } = setup({ server: FACE });
    const state = faces.faceFor(context, status);
    await flush();
    expect(sent).toEqual(['recordings/face cache']);
    paint();
    await flush();
    expect(state.value).toEqual({ phase: 'ready', face: FACE });
    // The same recording again (a re-render) asks nothing more.
    expect(faces.faceFor(context, status)).toBe(state);
    expect(sent).toEqual(['recordings/face cache', 'recordings/face server']);
  });

  it('is not asked for without the scope, nor on another PostHog; a failed read keeps the id', async () => {
    const missing = setup({ server: FACE });
    const noScope = {
      ...status,
      capabilities: { recordingFaces: { ok: false, missingScope: 'session_recording:read' } },
    };
    expect(missing.faces.faceFor(context, noScope as Status).value).toEqual({ phase: 'missing-scope' });
    const elsewhere = missing.faces.faceFor({ ...context, origin: 'https://eu.posthog.com' }, status);
    expect(elsewhere.value).toEqual({ phase: 'none' });
    expect(missing.sent).toEqual([]);

    const failing = setup({ server: new AppError('server', { status: 503 }) });
    const state = failing.faces.faceFor(context, status);
    await flush();
    failing.paint();
    await flush();
    expect(state.value).toMatchObject({ phase: 'unavailable', error: { kind: 'server', status: 503 } });
  });

  it('keeps why PostHog did not say, for the header to tell: gone, unreachable, or no answer', async () => {
    const read = async (server: RecordingFace | null | Error) => {
      const { faces, paint } = setup({ server });
      const state = faces.faceFor(context, status);
      await flush();
      paint();
      await flush();
      return state.value;
    };
    expect(await read(new AppError('not-found', { status: 404 }))).toMatchObject({
      phase: 'unavailable',
      error: { kind: 'not-found' },
    });
    expect(await read(new AppError('network'))).toMatchObject({
      phase: 'unavailable',
      error: { kind: 'network', message: 'Could not reach PostHog. Check your connection, then try again.' },
    });
    expect(await read(null)).toEqual({ phase: 'unavailable' });
  });
});

describe('the face in words', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');
  it('says when relatively within a week, else the date, how long, and host + path only', () => {
    expect(startedLabel('2025-03-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(startedLabel('2025-03-01T10:00:00Z', now)).toBe('2 hours ago');
    expect(startedLabel('2025-02-27T12:00:00Z', now)).toBe('2 days ago');
    // On the user's clock, whatever zone the test runs in.
    expect(startedLabel(new Date(2025, 0, 1, 9, 5).toISOString(), now)).toBe('2025-01-01 09:05');
    expect(faceDetails(FACE, now)).toBe('Started 2 hours ago · 05:12 long · acme.com/checkout');
    expect(faceDetails({ person: null, startTime: null, durationSeconds: null, startUrl: null }, now)).toBe(
      '',
    );
  });

  it('never shows what is not a web address', () => {
    expect(startPlace('javascript:alert(1)')).toBeNull();
    expect(startPlace('not a url')).toBeNull();
    expect(startPlace('https://acme.com/')).toBe('acme.com');
    expect(startPlace('http://localhost:3000/a/b?token=secret')).toBe('localhost:3000/a/b');
  });
});
