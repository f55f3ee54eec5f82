import type { FaceName } from '../../posthog/recording-names';

type RecordingRef = { projectId: number; recordingId: string };
/** The share-links room's read of who a recording is: what is known (`cache`), or one read (`server`). */
export type RecordingFaceRead = (ref: RecordingRef, source: 'cache' | 'server') => Promise<FaceName | null>;

/**
 * Who a recording is, for the sentences of adds made outside the popup. `faceBeside` starts the read
 * beside the add (never before it: the add does not wait for it); once the add is answered the read
 * is waited for `waitMs` at most, then the recording is named by what is known, else by its id.
 */
export function recordingFaces(read: RecordingFaceRead | undefined, waitMs: number) {
  const cachedFace = (ref: RecordingRef): Promise<FaceName | null> =>
    read?.(ref, 'cache').catch(() => null) ?? Promise.resolve(null);

  function faceBeside(ref: RecordingRef) {
    const reading = read?.(ref, 'server').catch(() => null) ?? Promise.resolve(null);
    return async (): Promise<FaceName | null> => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), waitMs);
      });
      const face = await Promise.race([reading, late]).finally(() => clearTimeout(timer));
      return face === 'late' ? cachedFace(ref) : face;
    };
  }

  return { faceBeside, cachedFace };
}
