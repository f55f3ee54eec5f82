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

export interface ContextHeaderProps {
  context: PageContext;
  hints: PageHints;
  /** Where Hogmark is connected, to warn when the page is on another PostHog. */
  connectedOrigin?: string;
  /** The configured project, so the page's project can be shown by name when it is that one. */
  connectedProject?: { id?: number; name?: string };
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
  const { context, hints, connectedOrigin } = props;
  const name = contextName(context, hints);
  const project = projectLabel(context, props.connectedProject);
  const second = context.kind === 'recording' ? playbackSecond(context, hints) : undefined;
  const meta = [project, second === undefined ? null : t('contextAtSecond', formatClock(second))].filter(
    Boolean,
  );
  return (
    <section class="context-header" aria-label={t('contextSummary')}>
      <p class="context-kind">{contextKindLabel(context.kind)}</p>
      <h1 class={isNamedById(context, hints) ? 'context-name context-id' : 'context-name'} title={name}>
        {name}
      </h1>
      <p class="context-meta muted">{meta.join(' · ')}</p>
      {connectedOrigin && connectedOrigin !== context.origin ? (
        <p class="context-warning" role="note">
          {t('contextOtherOrigin', context.origin, connectedOrigin)}
        </p>
      ) : null}
    </section>
  );
}
