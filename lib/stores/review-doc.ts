import { computed, signal } from '@preact/signals';
import type { MessageOutput, SendMessage } from '../messaging/messages';
import { MAX_REVIEW_RECORDINGS, NOTES_BATCH } from '../messaging/review-doc-limits';
import { type SerializedError, serializeError } from '../platform/errors';
import { t, tCount } from '../platform/i18n';
import { shortRecording } from '../posthog/recording-names';
import { MAX_REVIEW_DOC_CHARS, type ReviewRecording, reviewDocMarkdown } from '../posthog/review-doc';
import type { CopyStore } from './share-copy';

/** The collection a doc is made of. */
export interface ReviewDocTarget {
  projectId: number;
  shortId: string;
}

export interface ReviewDocDeps {
  send: SendMessage;
  copy: CopyStore;
  /** The dates' language and zone (default: the browser's). */
  locale?: string;
  timeZone?: string;
}

type Progress = { phase: 'collection' } | { phase: 'notes'; done: number; total: number };
type Recording = MessageOutput<'playlists/review-doc'>['recordings'][number];

/** What notes were read: by recording, how many recordings' notes failed, and a refusal of them all. */
interface NotesRead {
  notes: Map<string, ReviewRecording['notes']>;
  failed: number;
  refused: SerializedError | null;
}

/**
 * What the doc holds of the collection, where not all of it: PostHog's newest list of a collection
 * gives its newest 50 of the last year, and its count of the collection's items says of how many.
 */
function holdsText(doc: MessageOutput<'playlists/review-doc'>): string | null {
  const shown = doc.recordings.length;
  const total = doc.total ?? null;
  if (doc.more && shown >= MAX_REVIEW_RECORDINGS) return tCount('reviewDocMore', shown);
  if (doc.more) {
    return total !== null && total > shown
      ? tCount('reviewDocNewest', total, shown)
      : tCount('reviewDocNewestUncounted', shown);
  }
  return total !== null && total > shown ? tCount('reviewDocListed', total, shown) : null;
}

/** What the doc's size cap left out, in a sentence; empty when nothing was. */
function leftOutText(recordings: number, notes: number, cap: string): string {
  if (recordings > 0) return tCount('reviewDocLeftOut', recordings, cap, notes);
  return notes > 0 ? tCount('reviewDocLeftOutNotes', notes, cap) : '';
}

function refusalText(error: SerializedError): string {
  return error.kind === 'missing-scope'
    ? t('reviewDocNotesNoScope', error.scope ?? 'comment:read')
    : t('reviewDocNotesRefused');
}

/**
 * "Copy as Markdown" of a collection: reads it only when the user asks (the collection and its
 * recordings in one message, then their notes ten recordings a message, so the popup can say how far
 * it got), builds the review doc and copies it with a toast. One job at a time; what could not be
 * read is said in a sentence each, and the doc is copied all the same.
 */
export function createReviewDocStore(deps: ReviewDocDeps) {
  const { send } = deps;
  const target = signal<ReviewDocTarget | null>(null);
  const progress = signal<Progress | null>(null);
  /** Why no doc was copied; null when one was (or none was asked for). */
  const error = signal<SerializedError | null>(null);
  /** What the last doc copied lacks, one sentence each. */
  const caveats = signal<string[]>([]);
  const busy = computed(() => progress.value !== null);
  const progressText = computed(() => {
    const now = progress.value;
    if (!now) return '';
    return now.phase === 'collection'
      ? t('reviewDocReadingCollection')
      : t('reviewDocReadingNotes', now.done, now.total);
  });

  async function readNotes(projectId: number, recordings: readonly Recording[]): Promise<NotesRead> {
    const read: NotesRead = { notes: new Map(), failed: 0, refused: null };
    progress.value = { phase: 'notes', done: 0, total: recordings.length };
    for (let start = 0; start < recordings.length && !read.refused; start += NOTES_BATCH) {
      const batch = recordings.slice(start, start + NOTES_BATCH);
      try {
        const answer = await send('recordings/notes', {
          projectId,
          recordings: batch.map(({ recordingId, face }) => ({ recordingId, startTime: face.startTime })),
        });
        for (const { recordingId, notes, error: failure } of answer.recordings) {
          if (notes) read.notes.set(recordingId, notes);
          else if (failure?.kind === 'key-not-allowed' || failure?.kind === 'missing-scope')
            read.refused = failure;
          else read.failed++;
        }
      } catch {
        read.failed += batch.length;
      }
      progress.value = { phase: 'notes', done: start + batch.length, total: recordings.length };
    }
    return read;
  }

  async function copy(next: ReviewDocTarget): Promise<boolean> {
    // One job at a time: a second click while reading sends nothing more.
    if (progress.value) return false;
    target.value = next;
    error.value = null;
    caveats.value = [];
    progress.value = { phase: 'collection' };
    try {
      const doc = await send('playlists/review-doc', next);
      const read = await readNotes(next.projectId, doc.recordings);
      const name = doc.name || t('playlistUntitled');
      const holds = holdsText(doc);
      const cap = MAX_REVIEW_DOC_CHARS.toLocaleString(deps.locale);
      const { markdown, leftOut } = reviewDocMarkdown({
        name,
        ...(holds ? { notices: [holds] } : {}),
        url: doc.url,
        recordings: doc.recordings.map((recording) => ({
          ...recording,
          notes: read.notes.get(recording.recordingId) ?? [],
        })),
        labels: {
          anonymous: t('recordingAnonymous'),
          recording: (id) => t('reviewDocRecording', shortRecording(id)),
          leftOut: (recordings, notes) => leftOutText(recordings, notes, cap),
        },
        locale: deps.locale,
        timeZone: deps.timeZone,
      });
      caveats.value = [
        holds ?? '',
        leftOutText(leftOut.recordings, leftOut.notes, cap),
        read.refused ? refusalText(read.refused) : '',
        !read.refused && read.failed > 0 ? tCount('reviewDocNotesFailed', read.failed) : '',
      ].filter(Boolean);
      progress.value = null;
      return await deps.copy.copy(markdown, tCount('reviewDocCopied', doc.recordings.length, name));
    } catch (failure) {
      error.value = serializeError(failure);
      return false;
    } finally {
      progress.value = null;
    }
  }

  return {
    /** The collection of the last job: a panel shows its state only when it is its own. */
    target,
    busy,
    progressText,
    error,
    caveats,
    copy,
    /** "Try again" after a failure PostHog may get over. */
    retry: (): Promise<boolean> => (target.value ? copy(target.value) : Promise.resolve(false)),
  };
}
export type ReviewDocStore = ReturnType<typeof createReviewDocStore>;
