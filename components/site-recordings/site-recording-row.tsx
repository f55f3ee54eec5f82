import type { SiteRecording } from '../../lib/messaging/site-messages';
import { t } from '../../lib/platform/i18n';
import type { SiteRecordingsStore } from '../../lib/stores/site-recordings';
import { RecordingActions, RecordingMarks, recordingDetails, startedAt } from '../recording-row-parts';

export const siteRowId = (position: number) => `site-recording-${position}`;

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
        <span class="muted small">{[when, recordingDetails(recording)].filter(Boolean).join(' · ')}</span>
      </span>
      <RecordingMarks
        class="site-recording-marks"
        errors={recording.errors ?? 0}
        viewed={recording.viewed === true}
      />
      <RecordingActions
        class="site-recording-actions"
        reach={reach}
        busy={store.adding.value.has(recording.id)}
        addLabel={lastUsed ? t('siteAddTo', lastUsed) : t('siteAdd')}
        href={store.linkOf(recording.id)}
        onAdd={() => void store.add(recording.id)}
        onChoose={() => void store.chooseCollection(recording.id)}
        onCopy={() => void store.copyLink(recording.id)}
      />
    </li>
  );
}
