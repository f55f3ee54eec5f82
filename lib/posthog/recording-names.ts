import { t, tCount } from '../platform/i18n';
import { localDateTime } from '../platform/local-time';
import { formatClock } from './context-labels';
import { startPlace } from './review-doc';

/**
 * How Hogmark names a recording, in one place for every surface: the popup's header and the picker
 * window (the whole face), and the sentences that name one recording (the toolbar title, the
 * in-page button, the popup's notices, the pending list, the bulk report).
 */

/** What PostHog said of a recording (`session_recordings/:id`): unknown parts are null. */
export interface FaceLike {
  person: string | null;
  startTime: string | null;
  durationSeconds: number | null;
  startUrl: string | null;
}

/**
 * A recording id is long; its last characters tell it apart in a short sentence. Not its first:
 * PostHog's session ids are UUIDv7, whose first eight characters are a timestamp shared by every
 * recording started in the same minute or so, while the last ones are random.
 */
export const shortRecording = (recordingId: string) =>
  recordingId.length > 12 ? `…${recordingId.slice(-8)}` : recordingId;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When it started: within a week counted back in the messages' own language, as every sentence
 * around it is ("just now", "5 minutes ago", "yesterday"), else its date and time on the user's
 * clock (2025-03-01 12:00). Null when PostHog's time does not parse.
 *
 * No `Intl` formatter on purpose: the first one a new page or worker builds loads ICU's data, about
 * 30-40 ms of the popup's first paint after a stopped worker (docs/BENCHMARK.md); plural rules cost
 * nothing measurable (lib/platform/local-time.ts).
 */
export function startedLabel(iso: string, now = Date.now()): string | null {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const seconds = (now - at) / 1000;
  if (seconds >= 0 && seconds < 7 * DAY) {
    if (seconds < MINUTE) return t('startedJustNow');
    if (seconds < HOUR) return tCount('startedMinutesAgo', Math.floor(seconds / MINUTE));
    if (seconds < DAY) return tCount('startedHoursAgo', Math.floor(seconds / HOUR));
    return tCount('startedDaysAgo', Math.floor(seconds / DAY));
  }
  return localDateTime(at);
}

/** The person as PostHog names them, or Anonymous. */
export function personLabel(face: FaceLike): string {
  return face.person ?? t('recordingAnonymous');
}

const startedPart = (iso: string, now: number) => {
  const when = startedLabel(iso, now);
  return when === null ? null : t('faceStarted', when);
};

/** "Started 5 minutes ago · 05:12 long · acme.com/checkout": what is known, in that order. */
export function faceDetails(face: FaceLike, now = Date.now()): string {
  const parts = [
    face.startTime ? startedPart(face.startTime, now) : null,
    face.durationSeconds === null ? null : t('faceLasted', formatClock(face.durationSeconds)),
    startPlace(face.startUrl),
  ];
  return parts.filter((part): part is string => Boolean(part)).join(' · ');
}

/** Who and when: what a kept change remembers of its recording to name it later. */
export type FaceName = Pick<FaceLike, 'person' | 'startTime'>;

/**
 * The recording in the middle of a sentence: "ana@acme.com’s recording of 5 minutes ago", "an
 * anonymous recording of 2025-03-01 12:00", or, while PostHog has not said who it is,
 * "recording …2e3f4a5b".
 */
export function recordingName(
  face: FaceName | null | undefined,
  recordingId: string,
  now = Date.now(),
): string {
  if (!face) return t('recordingById', shortRecording(recordingId));
  const when = face.startTime ? startedLabel(face.startTime, now) : null;
  if (face.person === null) {
    return when ? t('recordingOfAnonymousAt', when) : t('recordingOfAnonymous');
  }
  return when ? t('recordingOfPersonAt', face.person, when) : t('recordingOfPerson', face.person);
}
