import type { PageContext } from '../posthog/context';

/** A recording the popup's collection picker acts on; no project means the configured one. */
export interface RecordingRef {
  recordingId: string;
  projectId?: number;
}

/** `?recording=…&project=…`: the picker opened in a small window by the context menu. */
export function recordingFromSearch(search: string): RecordingRef | null {
  const params = new URLSearchParams(search);
  const recordingId = params.get('recording');
  if (!recordingId || recordingId.length > 200) return null;
  const project = Number(params.get('project'));
  return Number.isSafeInteger(project) && project > 0 ? { recordingId, projectId: project } : { recordingId };
}

/**
 * The recording the picker offers collections for: the window's own, else the tab's when the tab is on
 * the connected PostHog (a recording on another PostHog has nothing to add to: the header says so).
 * The popup and the background both decide with this, so the list the background sends with
 * `popup/open` is the one the picker asks for.
 */
export function pickerRecording(
  connectedOrigin: string,
  context: PageContext | null,
  fromWindow: RecordingRef | null,
): RecordingRef | null {
  if (fromWindow) return fromWindow;
  if (context?.kind !== 'recording' || context.origin !== connectedOrigin) return null;
  return context.projectId === null
    ? { recordingId: context.recordingId }
    : { recordingId: context.recordingId, projectId: context.projectId };
}

/** Two references to the same recording in the same project (absent: the configured one). */
export function sameRecording(a: RecordingRef | null, b: RecordingRef | null): boolean {
  return a !== null && b !== null && a.recordingId === b.recordingId && a.projectId === b.projectId;
}
