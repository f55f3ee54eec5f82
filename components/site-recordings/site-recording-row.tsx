import type { SiteRecording } from '../../lib/messaging/site-messages';
import { t, tCount } from '../../lib/platform/i18n';
import { formatClock } from '../../lib/posthog/context-labels';
import type { SiteRecordingsStore } from '../../lib/stores/site-recordings';

export const siteRowId = (position: number) => `site-recording-${position}`;

/** When it started, in the user's locale and time zone. */
function startedAt(iso: string | null): string {
  return iso
    ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(iso))
    : t('personsUnknownStart');
}

function details(recording: SiteRecording): string {
  return [
    recording.durationSeconds === null ? null : t('faceLasted', formatClock(recording.durationSeconds)),
    recording.activeSeconds === null ? null : t('personsActive', formatClock(recording.activeSeconds)),
  ]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}

/** Keys the list takes while focus is in it (a row's own buttons keep Enter and Space). */
export function onSiteListKey(store: SiteRecordingsStore, event: KeyboardEvent): void {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const onRow = (event.target as Element).matches('li.site-recording');
  const recording = store.recordings.value[store.active.value];
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    store.move(event.key === 'ArrowDown' ? 1 : -1);
    document.getElementById(siteRowId(store.active.value))?.focus();
  } else if (!recording) {
    return;
  } else if (onRow && event.key === 'Enter') {
    event.preventDefault();
    void store.open(recording.id);
  } else if (event.key === 'a' || event.key === 'A') {
    event.preventDefault();
    void store.add(recording.id);
  } else if (event.key === 'c' || event.key === 'C') {
    event.preventDefault();
    void store.copyLink(recording.id);
  }
}

/** One recording's face: who, when, how long, how active, errors, watched; and what can be done with it. */
export function SiteRecordingRow(props: {
  store: SiteRecordingsStore;
  recording: SiteRecording;
  position: number;
}) {
  const { store, recording, position } = props;
  const when = startedAt(recording.startTime);
  const who = recording.person ?? t('siteAnonymous');
  const isActive = store.active.value === position;
  const lastUsed = store.lastUsedName.value;
  // The active row's own controls are in the Tab order too (Choose… has no key of its own).
  const reach = isActive ? 0 : -1;
  return (
    <li
      id={siteRowId(position)}
      class={isActive ? 'site-recording active' : 'site-recording'}
      tabIndex={isActive ? 0 : -1}
      aria-label={`${who}, ${when}`}
      aria-keyshortcuts="Enter A C"
      onFocus={() => store.setActive(position)}
    >
      <span class="site-recording-main">
        <span class="site-recording-who">
          {who}
          {store.isMine(recording.id) ? <span class="badge">{t('siteYou')}</span> : null}
        </span>
        <span class="muted small">{[when, details(recording)].filter(Boolean).join(' · ')}</span>
      </span>
      <span class="site-recording-marks">
        {recording.errors ? (
          <span class="badge error-badge">{tCount('personsErrors', recording.errors)}</span>
        ) : null}
        {recording.viewed ? <span class="badge">{t('personsWatched')}</span> : null}
      </span>
      <span class="site-recording-actions">
        <button
          type="button"
          tabIndex={reach}
          aria-busy={store.adding.value.has(recording.id) || undefined}
          onClick={() => void store.add(recording.id)}
        >
          {lastUsed ? t('siteAddTo', lastUsed) : t('siteAdd')}
        </button>
        <button type="button" tabIndex={reach} onClick={() => void store.chooseCollection(recording.id)}>
          {t('personsChooseCollection')}
        </button>
        <button type="button" tabIndex={reach} onClick={() => void store.copyLink(recording.id)}>
          {t('personsCopyLink')}
        </button>
        <a href={store.linkOf(recording.id)} target="_blank" rel="noreferrer" tabIndex={reach}>
          {t('personsOpen')}
        </a>
      </span>
    </li>
  );
}
