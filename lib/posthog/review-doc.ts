import { formatClock } from './context-labels';
import { markdownLink, markdownLinkAround } from './links';
import { markdownSafe } from './markdown-safe';

/** What the review doc says of one recording; `face` null when PostHog did not say who it was. */
export interface ReviewRecording {
  recordingId: string;
  /** Its private link. */
  link: string;
  face: {
    person: string | null;
    startTime: string | null;
    durationSeconds: number | null;
    startUrl: string | null;
  } | null;
  /** Its notes, each with the link at its second (`?t=`). */
  notes: ReadonlyArray<{ text: string; second: number | null; link: string }>;
}

export interface ReviewDoc {
  name: string;
  url: string;
  recordings: readonly ReviewRecording[];
  /**
   * Labels the caller's locale gives: "Anonymous", a recording without its face, and the sentence that
   * says what the size cap left out (default: none, and nothing is said).
   */
  labels: {
    anonymous: string;
    recording: (id: string) => string;
    leftOut?: (recordings: number, notes: number) => string;
  };
  /** Sentences said under the heading: what the doc holds of the collection, where not all of it. */
  notices?: readonly string[];
  locale?: string;
  timeZone?: string;
}

/**
 * The longest review doc Hogmark writes, in characters: a collection of hundreds of recordings with
 * long notes stays a paste, not megabytes in the clipboard. What does not fit is left out, newest
 * recordings kept first, and the doc's last line says how much.
 */
export const MAX_REVIEW_DOC_CHARS = 200_000;
/** Kept free under the cap for the sentence that says what was left out. */
const LEFT_OUT_ROOM = 1_000;

/** The doc, and how many recordings and notes the size cap left out of it. */
export interface ReviewDocMarkdown {
  markdown: string;
  leftOut: { recordings: number; notes: number };
}

/**
 * Where a recording started, as host and path: nothing else of a URL the recorded site wrote (its
 * query and fragment may hold anything), and nothing that is not a web address.
 */
export function startPlace(startUrl: string | null): string | null {
  if (!startUrl || !URL.canParse(startUrl)) return null;
  const url = new URL(startUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
}

function startedAt(iso: string | null, doc: ReviewDoc): string | null {
  if (!iso || !Number.isFinite(Date.parse(iso))) return null;
  const format = new Intl.DateTimeFormat(doc.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(doc.timeZone ? { timeZone: doc.timeZone } : {}),
  });
  return format.format(Date.parse(iso));
}

/**
 * A recording's entry: who (as code: the recorded site named them), when, how long and where it
 * started (as code too), linked; then its notes, each at its second.
 */
function entry(recording: ReviewRecording, doc: ReviewDoc): string {
  const { face } = recording;
  const label = face
    ? [
        face.person === null ? markdownSafe(doc.labels.anonymous, 'text') : markdownSafe(face.person, 'code'),
        markdownSafe(startedAt(face.startTime, doc) ?? '', 'text'),
        face.durationSeconds === null ? '' : formatClock(face.durationSeconds),
        markdownSafe(startPlace(face.startUrl) ?? '', 'code'),
      ]
        .filter(Boolean)
        .join(' · ')
    : markdownSafe(doc.labels.recording(recording.recordingId), 'text');
  const lines = [`- ${markdownLinkAround(label, recording.link)}`];
  for (const note of recording.notes) {
    const at = note.second === null ? '' : markdownLink(formatClock(note.second), note.link);
    const line = [at, markdownSafe(note.text, 'text')].filter(Boolean).join(' ');
    if (line) lines.push(`  - ${line}`);
  }
  return lines.join('\n');
}

/** A line of its own for each sentence under the heading, quoted so it reads apart from the list. */
const quoted = (sentence: string) => `> ${markdownSafe(sentence, 'text')}`;

/**
 * A collection as a review doc: a heading with its name and link, what it holds where not all of the
 * collection, then one entry per recording, newest first (those PostHog gave no start time last, in
 * the collection's order), each with its notes at their seconds; never longer than
 * MAX_REVIEW_DOC_CHARS, the last line saying what was left out.
 */
export function reviewDocMarkdown(doc: ReviewDoc, maxChars = MAX_REVIEW_DOC_CHARS): ReviewDocMarkdown {
  const time = (recording: ReviewRecording) => {
    const at = Date.parse(recording.face?.startTime ?? '');
    return Number.isFinite(at) ? at : Number.NEGATIVE_INFINITY;
  };
  const ordered = [...doc.recordings].sort((a, b) => time(b) - time(a));
  const head = [`## ${markdownLink(doc.name, doc.url)}`, ...(doc.notices ?? []).map(quoted), ''];
  const lines = [...head];
  const budget = maxChars - LEFT_OUT_ROOM;
  let length = lines.join('\n').length;
  const leftOut = { recordings: 0, notes: 0 };
  for (const recording of ordered) {
    // Once the doc is full, every older recording is left out: counted, never written.
    if (leftOut.recordings > 0 || leftOut.notes > 0) {
      leftOut.recordings++;
      leftOut.notes += recording.notes.length;
      continue;
    }
    const [first, ...notes] = entry(recording, doc).split('\n');
    if (length + 1 + (first ?? '').length > budget) {
      leftOut.recordings++;
      leftOut.notes += recording.notes.length;
      continue;
    }
    lines.push(first ?? '');
    length += 1 + (first ?? '').length;
    for (const [index, note] of notes.entries()) {
      if (length + 1 + note.length > budget) {
        leftOut.notes += notes.length - index;
        break;
      }
      lines.push(note);
      length += 1 + note.length;
    }
  }
  const said = doc.labels.leftOut;
  if (said && (leftOut.recordings > 0 || leftOut.notes > 0)) {
    lines.push('', quoted(said(leftOut.recordings, leftOut.notes)).slice(0, LEFT_OUT_ROOM - 2));
  }
  return { markdown: lines.join('\n'), leftOut };
}

/** The review doc's Markdown (reviewDocMarkdown, without the count of what was left out). */
export function collectionMarkdown(doc: ReviewDoc): string {
  return reviewDocMarkdown(doc).markdown;
}
