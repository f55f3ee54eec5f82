import { useEffect, useRef } from 'preact/hooks';
import type { PersonRecording } from '../lib/messaging/person-messages';
import { t, tCount } from '../lib/platform/i18n';
import { MENU_NAME_CHARS, shortCollectionName } from '../lib/posthog/collection-names';
import { startPlace } from '../lib/posthog/review-doc';
import type { PersonPageStore } from '../lib/stores/person-page';
import { RecordingActions, RecordingMarks, recordingDetails, startedAt } from './recording-row-parts';

const rowId = (position: number) => `person-recording-${position}`;

/** Keys the list takes while focus is on a row (its own controls keep Enter and Space). */
function onListKey(store: PersonPageStore, event: KeyboardEvent): void {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const onRow = (event.target as Element).matches('li.person-recording');
  const recording = store.recordingAt(store.active.value);
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    store.move(event.key === 'ArrowDown' ? 1 : -1);
    document.getElementById(rowId(store.active.value))?.focus();
  } else if (!recording) {
    return;
  } else if (onRow && event.key === 'Enter') {
    event.preventDefault();
    void store.open(recording.id);
  } else if (onRow && event.key === ' ') {
    event.preventDefault();
    store.toggle(recording.id);
  } else if (event.key === 'a' || event.key === 'A') {
    event.preventDefault();
    void store.add(recording.id);
  } else if (event.key === 'c' || event.key === 'C') {
    event.preventDefault();
    void store.copyLink(recording.id);
  }
}

/** One row: state comes from the store on every render, nothing is kept in the row. */
function RecordingRow(props: { store: PersonPageStore; recording: PersonRecording; position: number }) {
  const { store, recording, position } = props;
  const when = startedAt(recording.startTime);
  const isActive = store.active.value === position;
  const busy = store.adding.value.has(recording.id);
  return (
    <li
      id={rowId(position)}
      class={isActive ? 'person-recording active' : 'person-recording'}
      tabIndex={isActive ? 0 : -1}
      aria-label={t('personsRowLabel', when)}
      onFocus={() => store.setActive(position)}
    >
      <input
        type="checkbox"
        tabIndex={-1}
        checked={store.selected.value.has(recording.id)}
        aria-label={t('personsSelect', when)}
        onChange={() => store.toggle(recording.id)}
      />
      <span class="person-recording-main">
        <span class="person-recording-when">{when}</span>
        <span class="muted small">{recordingDetails(recording, startPlace(recording.startUrl))}</span>
      </span>
      <RecordingMarks
        class="person-recording-marks"
        errors={recording.errors ?? 0}
        viewed={recording.viewed === true}
      />
      <RecordingActions
        class="person-recording-actions"
        reach={-1}
        busy={busy}
        addLabel={t('personsAdd')}
        href={store.linkOf(recording.id)}
        onAdd={() => void store.add(recording.id)}
        onChoose={() => void store.choose(recording.id)}
        onCopy={() => void store.copyLink(recording.id)}
      />
    </li>
  );
}

/**
 * "Adding to: Checkout bugs ▾": where A and "Add" go (the last-used collection), named before any
 * add; a click chooses another for the active recording, which then becomes where they go.
 */
function Destination(props: { store: PersonPageStore }) {
  const { store } = props;
  const name = store.destination.value;
  const active = store.recordings.value[store.active.value];
  return (
    <button
      type="button"
      class="person-destination"
      title={name ? t('personsAddingToTitle', name) : undefined}
      onClick={() => (active ? void store.choose(active.id) : undefined)}
    >
      {name ? t('personsAddingTo', shortCollectionName(name, MENU_NAME_CHARS)) : t('personsAddingToNone')}
    </button>
  );
}

/** The person's recordings, newest first, with "More" and the add of several at once. */
export function PersonRecordings(props: { store: PersonPageStore }) {
  const { store } = props;
  const rows = store.recordings.value;
  const selectedCount = store.selected.value.size;
  const listFailure = store.listFailure.value;
  const list = useRef<HTMLUListElement>(null);
  const first = rows.length > 0;
  // The list exists to be worked through: its first row takes the focus as soon as it is there.
  useEffect(() => {
    if (first) document.getElementById(rowId(store.active.value))?.focus();
  }, [first]);
  return (
    <section class="person-recordings" aria-labelledby="recordings-title">
      <h2 id="recordings-title">{t('personsRecordingsTitle')}</h2>
      <p class="muted small" id="recordings-help">
        {store.listing.value && rows.length === 0
          ? t('personsLoadingRecordings')
          : rows.length > 0
            ? `${store.countLine.value} · ${t('personsKeys')}`
            : ''}
      </p>
      {rows.length > 0 ? <Destination store={store} /> : null}
      {!store.listing.value && !listFailure && rows.length === 0 ? (
        <p role="status">{t('personsNoRecordings', store.person.value?.name ?? '')}</p>
      ) : null}
      {selectedCount > 0 ? (
        <div class="person-selection">
          <span>{tCount('personsSelected', selectedCount)}</span>
          <button type="button" class="primary" onClick={() => void store.addSelected()}>
            {tCount('personsAddSelected', selectedCount)}
          </button>
          <button type="button" onClick={() => store.clearSelection()}>
            {t('personsClearSelection')}
          </button>
        </div>
      ) : null}
      {rows.length > 0 ? (
        <ul
          ref={list}
          class="person-recording-list"
          aria-label={t('personsRecordingsTitle')}
          aria-describedby="recordings-help"
          onKeyDown={(event) => onListKey(store, event)}
        >
          {rows.map((recording, position) => (
            <RecordingRow key={recording.id} store={store} recording={recording} position={position} />
          ))}
        </ul>
      ) : null}
      {listFailure ? (
        <div class="error-notice" role="alert">
          <p class="error">{listFailure.error.message}</p>
          {store.retryText(listFailure) ? <p>{store.retryText(listFailure)}</p> : null}
          <button type="button" onClick={() => void store.retryList()}>
            {t('tryAgain')}
          </button>
        </div>
      ) : null}
      {store.hasMore.value && !listFailure ? (
        <button type="button" onClick={() => void store.more()} aria-busy={store.listing.value || undefined}>
          {t('personsMore')}
        </button>
      ) : null}
    </section>
  );
}
