import type { PageHints } from '../lib/messaging/messages';
import { t } from '../lib/platform/i18n';
import type { PageContext } from '../lib/posthog/context';
import {
  contextKindLabel,
  contextName,
  contextProjectId,
  formatClock,
  isNamedById,
} from '../lib/posthog/context-labels';
import { playbackSecond } from '../lib/posthog/links';
import { faceDetails, personLabel } from '../lib/posthog/recording-names';
import type { FaceState } from '../lib/stores/recording-face';

export interface ContextHeaderProps {
  context: PageContext;
  hints: PageHints;
  /** Where Hogmark is connected, to warn when the page is on another PostHog. */
  connectedOrigin?: string;
  /** The configured project, so the page's project can be shown by name when it is that one. */
  connectedProject?: { id?: number; name?: string };
  /** Who the recording is, when the header is over one (the id stands in until it is known). */
  face?: FaceState;
  /** What the header is about, for assistive technology: the tab's page unless told. */
  summary?: string;
}

/** Why the header names its recording by its id: PostHog has no such recording, or did not answer. */
function faceFallback(face: Extract<FaceState, { phase: 'unavailable' }>): string {
  if (face.error?.kind === 'not-found') return t('faceNotFound');
  return face.error ? face.error.message : t('faceUnknown');
}

function projectLabel(
  context: PageContext,
  connected: ContextHeaderProps['connectedProject'],
): string | null {
  if (context.kind === 'shared' || context.kind === 'embedded') return null;
  const projectId = contextProjectId(context);
  if (projectId === null) return connected?.name ?? t('contextDefaultProject');
  return projectId === connected?.id && connected.name ? connected.name : t('projectUnnamed', projectId);
}

/** What the tab shows: kind, name (the title the page or Hogmark's cached list gives, else the id) and project. */
export function ContextHeader(props: ContextHeaderProps) {
  const { context, hints, connectedOrigin, face } = props;
  const known = face?.phase === 'ready' ? face.face : null;
  const name = known ? personLabel(known) : contextName(context, hints);
  const project = projectLabel(context, props.connectedProject);
  const second = context.kind === 'recording' ? playbackSecond(context, hints) : undefined;
  const meta = [project, second === undefined ? null : t('contextAtSecond', formatClock(second))].filter(
    Boolean,
  );
  const faceText = known ? faceDetails(known) : face?.phase === 'unavailable' ? faceFallback(face) : '';
  return (
    <section class="context-header" aria-label={props.summary ?? t('contextSummary')}>
      <p class="context-kind">{contextKindLabel(context.kind)}</p>
      <h1
        class={!known && isNamedById(context, hints) ? 'context-name context-id' : 'context-name'}
        title={name}
      >
        {name}
      </h1>
      {/* One line under the title: who the recording is, then the project and the second; cut at the
          line's end, in full in its title. The face's part is there from the first paint while it
          loads, so nothing moves when it comes; it says why when PostHog does not say who it is. */}
      <p class="context-details muted" title={[faceText, ...meta].filter(Boolean).join(' · ')}>
        {face && (face.phase === 'loading' || face.phase === 'unavailable' || known) ? (
          <span
            class={face.phase === 'unavailable' ? 'context-face context-face-fallback' : 'context-face'}
            aria-live="polite"
          >
            {faceText || '\u00a0'}
          </span>
        ) : null}
        <span class="context-meta">{meta.join(' · ')}</span>
      </p>
      {connectedOrigin && connectedOrigin !== context.origin ? (
        <p class="context-warning" role="note">
          {t('contextOtherOrigin', context.origin, connectedOrigin)}
        </p>
      ) : null}
    </section>
  );
}
