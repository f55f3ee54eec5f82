import { useEffect, useRef } from 'preact/hooks';
import { t } from '../lib/platform/i18n';
import { formatClock } from '../lib/posthog/context-labels';
import type { CollectionPickerStore } from '../lib/stores/collection-picker';
import { TypedTimeField } from './typed-time-field';

/** Ctrl+Enter, or ⌘+Enter on a Mac, from the note: add to the chosen collection (with the note). */
export const isAddWithNote = (event: KeyboardEvent) =>
  event.key === 'Enter' && (event.ctrlKey || event.metaKey);

/**
 * When the player's position cannot be read: say so, and take the time the note is at as the link's
 * "Start at" takes it. An add with the note and no time focuses it, with the reason.
 */
function NoteTimeField(props: { store: CollectionPickerStore; onKeyDown: (event: KeyboardEvent) => void }) {
  const { note } = props.store;
  const input = useRef<HTMLInputElement>(null);
  const asked = note.timeAsked.value;
  useEffect(() => {
    if (asked > 0) input.current?.focus();
  }, [asked]);
  const error = note.typedTimeInvalid.value
    ? t('recordingStartAtInvalid')
    : asked > 0
      ? t('noteTimeMissing')
      : null;
  return (
    <TypedTimeField
      id="playlist-note-at"
      class="note-time"
      whyId="playlist-note-unknown"
      why={t('noteTimeUnknown')}
      label={t('noteAtLabel')}
      value={note.typedTime.value}
      error={error}
      onInput={(value) => note.setTypedTime(value)}
      onKeyDown={props.onKeyDown}
      inputRef={input}
    />
  );
}

/**
 * The optional note under the search box (Tab reaches it from the search): while it holds text, any
 * add (a click, Enter, a new collection) writes it as PostHog's own comment on the recording, at the second the player shows, or, when Hogmark cannot
 * read it, at the time the user types in the field that comes after it once the note has text.
 */
export function NoteField(props: { store: CollectionPickerStore }) {
  const { store } = props;
  const { note } = store;
  const known = note.playerSecond.value;
  // The note's time is asked for only once there is a note to pin (or a time typed already): an empty
  // note needs none, and the popup stays as short as when the player's second is known.
  const asksTime = known === null && (note.text.value.trim() !== '' || note.typedTime.value !== '');
  const addWithNote = (event: KeyboardEvent) => {
    if (!isAddWithNote(event)) return;
    event.preventDefault();
    void store.choose(store.selected.value);
  };
  return (
    <div class="playlist-note">
      <label for="playlist-note">
        {known === null ? t('noteLabelNoTime') : t('noteLabel', formatClock(known))}
      </label>
      <textarea
        id="playlist-note"
        rows={1}
        maxLength={2000}
        title={t('noteHint')}
        value={note.text.value}
        aria-describedby={asksTime ? 'playlist-note-unknown playlist-note-hint' : 'playlist-note-hint'}
        onInput={(event) => {
          note.text.value = (event.currentTarget as HTMLTextAreaElement).value;
        }}
        onKeyDown={addWithNote}
      />
      {asksTime ? <NoteTimeField store={store} onKeyDown={addWithNote} /> : null}
      {/* Said to assistive technology and in the field's tooltip; the list's active row shows it too ("↵ Add with note"). */}
      <p id="playlist-note-hint" class="visually-hidden">
        {t('noteHint')}
      </p>
    </div>
  );
}
