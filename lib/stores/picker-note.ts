import { computed, effect, type ReadonlySignal, signal } from '@preact/signals';
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
export function createPickerNote<Add>(deps: PickerNoteDeps) {
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
  /** The add that waits for the time: what it adds to (the caller's), with the note as it was then. */
  let waiting: { add: Add; text: string } | null = null;

  return {
    text,
    playerSecond,
    typedTime,
    typedTimeInvalid,
    timeAsked,
    second,
    setTypedTime(value: string): void {
      waiting = null;
      typedTime.value = value;
      timeAsked.value = 0;
    },
    /**
     * The note an add with the note sends: none when nothing is written; `'no-time'` when something is
     * but there is no second to pin it at (the add waits, and the field asks for the time). `add`,
     * what the add is of, is what `resumeOnceTimed` hands back if the player's second comes first.
     */
    toSend(add?: Add): NoteInput | undefined | 'no-time' {
      const written = text.value.trim();
      waiting = null;
      if (written === '') return undefined;
      const at = second.value;
      if (at === undefined) {
        if (add !== undefined) waiting = { add, text: written };
        timeAsked.value += 1;
        return 'no-time';
      }
      return { text: written, second: at };
    },
    /**
     * An add that waited for the time goes once the player shows its second (a popup opened as the
     * page loads knows it a moment later): the user asked for it. Not when they changed the note,
     * typed a time, or the recording changed meanwhile: then they add again. Returns the stop.
     */
    resumeOnceTimed(resume: (add: Add) => void): () => void {
      return effect(() => {
        if (playerSecond.value === null || timeAsked.value === 0 || !waiting) return;
        const { add, text: written } = waiting;
        waiting = null;
        if (text.peek().trim() === written) queueMicrotask(() => resume(add));
      });
    },
    /** After the note was written: the next one starts from nothing, its time too. */
    clear(): void {
      waiting = null;
      text.value = '';
      typedTime.value = '';
      timeAsked.value = 0;
    },
    /** Another recording: a time typed for the last one says nothing of this one. */
    forgetTime(): void {
      waiting = null;
      typedTime.value = '';
      timeAsked.value = 0;
    },
  };
}
export type PickerNote<Add = unknown> = ReturnType<typeof createPickerNote<Add>>;
