import { computed, type ReadonlySignal, signal } from '@preact/signals';
import type { NoteInput } from '../messaging/collection-messages';
import { parseTypedTime } from './share-recording';

export interface PickerNoteDeps {
  /** The recording the note goes on. */
  recordingId: ReadonlySignal<string | undefined>;
  /** The second the tab's player shows, and for which recording. */
  playerSecond?: ReadonlySignal<{ recordingId: string; second: number } | null>;
}

/**
 * The picker's note and the second it is pinned at: where the player is, when Hogmark can read it
 * for this recording; else where the user types ("1:30", as the link's "Start at" takes it). Never
 * the recording's start by default: a note pinned at 00:00 would claim a moment nobody chose.
 */
export function createPickerNote(deps: PickerNoteDeps) {
  const text = signal('');
  /** What the user typed as the note's time (asked for while the player's position is unknown). */
  const typedTime = signal('');
  /** How often an add with this note waited for a time since the user last typed one (0: it did not). */
  const timeAsked = signal(0);

  /** The player's second for this recording; null when Hogmark cannot read it (a clock format, no player). */
  const playerSecond = computed(() => {
    const shown = deps.playerSecond?.value;
    return shown && shown.recordingId === deps.recordingId.value ? Math.floor(shown.second) : null;
  });
  const typedSecond = computed(() =>
    typedTime.value.trim() === '' ? undefined : parseTypedTime(typedTime.value),
  );
  const typedTimeInvalid = computed(() => typedTime.value.trim() !== '' && typedSecond.value === undefined);
  /** Where the note goes now; undefined while nobody knows. */
  const second = computed(() => playerSecond.value ?? typedSecond.value);

  return {
    text,
    playerSecond,
    typedTime,
    typedTimeInvalid,
    timeAsked,
    second,
    setTypedTime(value: string): void {
      typedTime.value = value;
      timeAsked.value = 0;
    },
    /**
     * The note an add with the note sends: none when nothing is written; `'no-time'` when something is
     * but there is no second to pin it at (the add waits, and the field asks for the time).
     */
    toSend(): NoteInput | undefined | 'no-time' {
      const written = text.value.trim();
      if (written === '') return undefined;
      const at = second.value;
      if (at === undefined) {
        timeAsked.value += 1;
        return 'no-time';
      }
      return { text: written, second: at };
    },
    /** After the note was written: the next one starts from nothing, its time too. */
    clear(): void {
      text.value = '';
      typedTime.value = '';
      timeAsked.value = 0;
    },
    /** Another recording: a time typed for the last one says nothing of this one. */
    forgetTime(): void {
      typedTime.value = '';
      timeAsked.value = 0;
    },
  };
}
export type PickerNote = ReturnType<typeof createPickerNote>;
