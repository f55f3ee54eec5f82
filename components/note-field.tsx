import { t } from '../lib/platform/i18n';
import { formatClock } from '../lib/posthog/context-labels';
import type { CollectionPickerStore } from '../lib/stores/collection-picker';

/** Ctrl+Enter, or ⌘+Enter on a Mac: add to the chosen collection with the note. */
export const isAddWithNote = (event: KeyboardEvent) =>
  event.key === 'Enter' && (event.ctrlKey || event.metaKey);

/**
 * The optional note under the search box (Tab reaches it from the search): written with the add as
 * PostHog's own comment on the recording, at the second the player shows.
 */
export function NoteField(props: { store: CollectionPickerStore }) {
  const { store } = props;
  const second = formatClock(store.noteSecond.value);
  return (
    <div class="playlist-note">
      <label for="playlist-note">{t('noteLabel', second)}</label>
      <textarea
        id="playlist-note"
        rows={2}
        maxLength={2000}
        value={store.note.value}
        aria-describedby="playlist-note-hint"
        onInput={(event) => {
          store.note.value = (event.currentTarget as HTMLTextAreaElement).value;
        }}
        onKeyDown={(event) => {
          if (!isAddWithNote(event)) return;
          event.preventDefault();
          void store.choose(store.selected.value, true);
        }}
      />
      <p id="playlist-note-hint" class="muted small">
        {t('noteHint')}
      </p>
    </div>
  );
}
