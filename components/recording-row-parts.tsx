import { t, tCount } from '../lib/platform/i18n';
import { localDateTime } from '../lib/platform/local-time';
import { formatClock } from '../lib/posthog/context-labels';

/**
 * What a row of recordings shows and offers wherever Hogmark lists them (the person page, "Recorded
 * here" in the popup): when it started, how long and how active, its marks, and its four actions.
 */

/** When it started, on the user's clock (2025-03-01 12:05), as the popup's header dates a recording. */
export function startedAt(iso: string | null): string {
  return (iso && localDateTime(iso)) || t('personsUnknownStart');
}

/** "04:00 long · 01:30 active", then any further parts given (where it started), those known only. */
export function recordingDetails(
  recording: { durationSeconds: number | null; activeSeconds: number | null },
  ...more: (string | null)[]
): string {
  return [
    recording.durationSeconds === null ? null : t('faceLasted', formatClock(recording.durationSeconds)),
    recording.activeSeconds === null ? null : t('personsActive', formatClock(recording.activeSeconds)),
    ...more,
  ]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}

/** The errors PostHog counted in it and whether you watched it, as badges; nothing when neither. */
export function RecordingMarks(props: { class: string; errors: number; viewed: boolean }) {
  return (
    <span class={props.class}>
      {props.errors ? <span class="badge error-badge">{tCount('personsErrors', props.errors)}</span> : null}
      {props.viewed ? <span class="badge">{t('personsWatched')}</span> : null}
    </span>
  );
}

/**
 * Add (to the last-used collection), Choose…, Copy link and Open in PostHog. `reach` is their place in
 * the Tab order (-1: only the list's keys reach them).
 */
export function RecordingActions(props: {
  class: string;
  reach: number;
  busy: boolean;
  addLabel: string;
  href: string;
  onAdd: () => void;
  onChoose: () => void;
  onCopy: () => void;
}) {
  const { reach } = props;
  return (
    <span class={props.class}>
      <button type="button" tabIndex={reach} aria-busy={props.busy || undefined} onClick={props.onAdd}>
        {props.addLabel}
      </button>
      <button type="button" tabIndex={reach} onClick={props.onChoose}>
        {t('personsChooseCollection')}
      </button>
      <button type="button" tabIndex={reach} onClick={props.onCopy}>
        {t('personsCopyLink')}
      </button>
      <a href={props.href} target="_blank" rel="noreferrer" tabIndex={reach}>
        {t('personsOpen')}
      </a>
    </span>
  );
}
