import { computed, type ReadonlySignal } from '@preact/signals';
import type { PageHints } from '../messaging/messages';
import type { PageContext, RecordingContext } from '../posthog/context';
import type { PickerTarget } from './collection-changes';
import type { PopupState } from './popup';
import type { FaceState, RecordingFaces } from './recording-face';

type ReadyState = Extract<PopupState, { phase: 'ready' }>;

/**
 * What heads the ready popup:
 * - `page`: the PostHog page in its tab;
 * - `recording`: the recording its picker is for, where the popup has no PostHog page of its own to
 *   show: the picker window (`?recording=…`, opened by a link's "Choose a collection…" where the
 *   toolbar popup cannot open), or the toolbar popup that menu opened over another site. It is headed
 *   as the popup over that recording is, never with the empty state of the tab it was opened from;
 * - `empty`: neither (what Hogmark does, and "Open PostHog").
 */
export type PopupHeading =
  | { kind: 'page'; context: PageContext; hints: PageHints }
  | { kind: 'recording'; context: RecordingContext; hints: PageHints }
  | { kind: 'empty' };

/** The heading with who its recording is, when it names one (`face`: absent without a faces store). */
export type PopupHeader =
  | { kind: 'page' | 'recording'; context: PageContext; hints: PageHints; face?: FaceState }
  | { kind: 'empty' };

/** The picker's recording as the header names it: in the connected PostHog, as the popup over its page would. */
function recordingOf(target: PickerTarget): RecordingContext {
  const { origin, projectId, recordingId } = target;
  return { kind: 'recording', origin, projectId: projectId ?? null, recordingId };
}

/**
 * `picking`: the recording the picker offers collections for (the window's, a link's pick, else the
 * tab's); `inWindow`: the popup is the picker window, whose own tab is never the page to show.
 */
export function popupHeadingOf(
  state: ReadyState,
  picking: PickerTarget | null,
  inWindow: boolean,
): PopupHeading {
  if (state.context && !(inWindow && picking)) {
    return { kind: 'page', context: state.context, hints: state.hints };
  }
  return picking ? { kind: 'recording', context: recordingOf(picking), hints: {} } : { kind: 'empty' };
}

/**
 * The popup's header as a signal: null until the popup is ready; over a recording (the tab's or the
 * picker's), with its face from `faces`, the same path (what the extension keeps, then one read after
 * the first paint) whichever way the recording came.
 */
export function createPopupHeader(deps: {
  state: ReadonlySignal<PopupState>;
  picking: ReadonlySignal<PickerTarget | null>;
  inWindow: boolean;
  faces?: RecordingFaces;
}): ReadonlySignal<PopupHeader | null> {
  return computed(() => {
    const state = deps.state.value;
    if (state.phase !== 'ready') return null;
    const heading = popupHeadingOf(state, deps.picking.value, deps.inWindow);
    if (heading.kind === 'empty' || heading.context.kind !== 'recording' || !deps.faces) return heading;
    return { ...heading, face: deps.faces.faceFor(heading.context, state.status).value };
  });
}
