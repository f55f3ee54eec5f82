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
  /** Labels the caller's locale gives: "Anonymous", a recording without its face. */
  labels: { anonymous: string; recording: (id: string) => string };
  locale?: string;
  timeZone?: string;
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

/**
 * A collection as a review doc: a heading with its name and link, then one entry per recording,
 * newest first (those PostHog gave no start time last, in the collection's order), each with its
 * notes at their seconds.
 */
export function collectionMarkdown(doc: ReviewDoc): string {
  const time = (recording: ReviewRecording) => {
    const at = Date.parse(recording.face?.startTime ?? '');
    return Number.isFinite(at) ? at : Number.NEGATIVE_INFINITY;
  };
  const ordered = [...doc.recordings].sort((a, b) => time(b) - time(a));
  return [
    `## ${markdownLink(doc.name, doc.url)}`,
    '',
    ...ordered.map((recording) => entry(recording, doc)),
  ].join('\n');
}
