import { type Signal, signal } from '@preact/signals';
import type { RecordingFace, SendMessage, Status } from '../messaging/messages';
import { type SerializedError, serializeError } from '../platform/errors';
import type { RecordingContext } from '../posthog/context';
import { afterNextPaint } from './first-draw';

/**
 * Who the recording in the header is. `none`: nothing to ask (another PostHog, no project);
 * `missing-scope`: the key cannot read it (the options page says which scope would); `unavailable`:
 * PostHog did not say (the header keeps the id and says why: `error` is the read's failure, absent
 * when PostHog answered without a face).
 */
export type FaceState =
  | { phase: 'none' }
  | { phase: 'loading' }
  | { phase: 'ready'; face: RecordingFace }
  | { phase: 'missing-scope' }
  | { phase: 'unavailable'; error?: SerializedError };

export interface RecordingFacesDeps {
  send: SendMessage;
  /**
   * Who the recording is as the extension already keeps it (read by the popup from
   * `storage.session` for its first paint, first-view/known-face.ts); null when it does not.
   */
  known?: (ref: { origin: string; projectId: number; recordingId: string }) => RecordingFace | null;
  /** Runs `task` once the popup's first frame is painted: no request goes to PostHog before it. */
  afterPaint?: (task: () => void) => void;
}

const defaultAfterPaint = (task: () => void) => void afterNextPaint().then(task);

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
        .catch((error: unknown) => {
          state.value = { phase: 'unavailable', error: serializeError(error) };
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
      const known =
        connected && !(capability && !capability.ok) && projectId !== null
          ? (deps.known?.({ origin: context.origin, projectId, recordingId: context.recordingId }) ?? null)
          : null;
      const state = signal<FaceState>(
        !connected
          ? { phase: 'none' }
          : capability && !capability.ok
            ? { phase: 'missing-scope' }
            : known
              ? { phase: 'ready', face: known }
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
