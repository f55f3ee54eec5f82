import { t } from '../platform/i18n';
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

const RELATIVE_UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 60],
  ['day', 24],
];

/** When it started, in the user's locale: relative within a week ("5 minutes ago"), else the date and time. */
export function startedLabel(iso: string, now = Date.now(), locale?: string): string {
  const at = Date.parse(iso);
  const seconds = (now - at) / 1000;
  if (seconds >= 0 && seconds < 7 * 86_400) {
    const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    let value = seconds / 60;
    let unit: Intl.RelativeTimeFormatUnit = 'minute';
    for (const [next, size] of RELATIVE_UNITS.slice(1)) {
      if (value < size) break;
      value /= size;
      unit = next;
    }
    return format.format(-Math.floor(value), unit);
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/** The person as PostHog names them, or Anonymous. */
export function personLabel(face: FaceLike): string {
  return face.person ?? t('recordingAnonymous');
}

/** "Started 5 minutes ago · 05:12 long · acme.com/checkout": what is known, in that order. */
export function faceDetails(face: FaceLike, now = Date.now()): string {
  const parts = [
    face.startTime ? t('faceStarted', startedLabel(face.startTime, now)) : null,
    face.durationSeconds === null ? null : t('faceLasted', formatClock(face.durationSeconds)),
    startPlace(face.startUrl),
  ];
  return parts.filter((part): part is string => Boolean(part)).join(' · ');
}

/** Who and when: what a kept change remembers of its recording to name it later. */
export type FaceName = Pick<FaceLike, 'person' | 'startTime'>;

/**
 * The recording in the middle of a sentence: "ana@acme.com’s recording of 5 minutes ago", "an
 * anonymous recording of Mar 1, 2025, 12:00 PM", or, while PostHog has not said who it is,
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
