import { type Signal, signal } from '@preact/signals';
import type { RecordingFace, SendMessage, Status } from '../messaging/messages';
import { t } from '../platform/i18n';
import type { RecordingContext } from '../posthog/context';
import { formatClock } from '../posthog/context-labels';
import { startPlace } from '../posthog/review-doc';

/**
 * Who the recording in the header is. `none`: nothing to ask (another PostHog, no project);
 * `missing-scope`: the key cannot read it (the options page says which scope would); `unavailable`:
 * PostHog did not say (the header keeps the id).
 */
export type FaceState =
  | { phase: 'none' }
  | { phase: 'loading' }
  | { phase: 'ready'; face: RecordingFace }
  | { phase: 'missing-scope' }
  | { phase: 'unavailable' };

export interface RecordingFacesDeps {
  send: SendMessage;
  /** Runs `task` once the popup's first frame is painted: no request goes to PostHog before it. */
  afterPaint?: (task: () => void) => void;
}

const defaultAfterPaint = (task: () => void) => requestAnimationFrame(() => setTimeout(task, 0));

/**
 * The face of the recording the popup is over: what the background already knows at once (no
 * request), else one read with the key after the first paint; one store per recording.
 */
export function createRecordingFaces(deps: RecordingFacesDeps) {
  const afterPaint = deps.afterPaint ?? defaultAfterPaint;
  let current: { key: string; state: Signal<FaceState> } | null = null;

  async function load(state: Signal<FaceState>, ref: { projectId: number; recordingId: string }) {
    try {
      const cached = await deps.send('recordings/face', { ...ref, source: 'cache' });
      if (cached.face) {
        state.value = { phase: 'ready', face: cached.face };
        return;
      }
    } catch {
      // The cache is only a head start.
    }
    afterPaint(() => {
      deps
        .send('recordings/face', { ...ref, source: 'server' })
        .then((answer) => {
          state.value = answer.face ? { phase: 'ready', face: answer.face } : { phase: 'unavailable' };
        })
        .catch(() => {
          state.value = { phase: 'unavailable' };
        });
    });
  }

  return {
    faceFor(context: RecordingContext, status: Status): Signal<FaceState> {
      const projectId = context.projectId ?? status.projectId ?? null;
      const key = JSON.stringify([context.origin, projectId, context.recordingId, status.origin]);
      if (current?.key === key) return current.state;
      const capability = status.capabilities?.recordingFaces;
      const connected = status.origin === context.origin && projectId !== null;
      const state = signal<FaceState>(
        !connected
          ? { phase: 'none' }
          : capability && !capability.ok
            ? { phase: 'missing-scope' }
            : { phase: 'loading' },
      );
      current = { key, state };
      if (state.peek().phase === 'loading' && projectId !== null) {
        void load(state, { projectId, recordingId: context.recordingId });
      }
      return state;
    },
  };
}
export type RecordingFaces = ReturnType<typeof createRecordingFaces>;

const RELATIVE_UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 60],
  ['day', 24],
];

/** When it started, in the user's locale: relative within a week ("5 minutes ago"), else the date and time. */
export function startedLabel(iso: string, now = Date.now(), locale?: string): string {
  const at = Date.parse(iso);
  const seconds = (now - at) / 1000;
  if (seconds >= 0 && seconds < 7 * 86_400) {
    const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    let value = seconds / 60;
    let unit: Intl.RelativeTimeFormatUnit = 'minute';
    for (const [next, size] of RELATIVE_UNITS.slice(1)) {
      if (value < size) break;
      value /= size;
      unit = next;
    }
    return format.format(-Math.floor(value), unit);
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/** The person as PostHog names them, or Anonymous. */
export function personLabel(face: RecordingFace): string {
  return face.person ?? t('recordingAnonymous');
}

/** "Started 5 minutes ago · 05:12 · acme.com/checkout": what is known, in that order. */
export function faceDetails(face: RecordingFace, now = Date.now()): string {
  const parts = [
    face.startTime ? t('faceStarted', startedLabel(face.startTime, now)) : null,
    face.durationSeconds === null ? null : t('faceLasted', formatClock(face.durationSeconds)),
    startPlace(face.startUrl),
  ];
  return parts.filter((part): part is string => Boolean(part)).join(' · ');
}
