import type { RecordingFace } from '../message-schemas';

/** How long PostHog's answer about an insight, a notebook, a sharing state or a recording is reused. */
export const ITEM_LINK_TTL_MS = 10 * 60_000;

/** Where the share-links room keeps what PostHog said of one recording (`storage.session`). */
export const recordingFaceKey = (origin: string, projectId: number, recordingId: string) =>
  `${origin}|${projectId}|recording|${recordingId}`;

/** A kept answer, as the share-links room writes it: when PostHog said it, and what. */
export interface KeptAnswer {
  at: number;
  answer: unknown;
}

/** Whether a kept answer is still to be reused at `now` (not older than the TTL, not from the future). */
export const isFresh = (entry: KeptAnswer, now: number, ttlMs = ITEM_LINK_TTL_MS) =>
  now - entry.at < ttlMs && now >= entry.at;

const textOrNull = (value: unknown, max: number) =>
  typeof value === 'string' && value.length <= max ? value : null;

/**
 * Who a recording is, as the share-links room last heard it from PostHog within ten minutes: read by
 * the popup from `storage.session` for its first paint, so the header names the person at once. Only
 * a fresh entry of the cache's version counts, and only its fields that have the shape the background
 * wrote (the popup carries no zod); anything else is unknown and the background is asked, as before.
 */
export function knownFace(
  cache: unknown,
  version: number,
  ref: { origin: string; projectId: number; recordingId: string },
  now: number,
): RecordingFace | null {
  if (typeof cache !== 'object' || cache === null || (cache as { version?: unknown }).version !== version) {
    return null;
  }
  const entries = (cache as { entries?: unknown }).entries;
  if (typeof entries !== 'object' || entries === null) return null;
  const key = recordingFaceKey(ref.origin, ref.projectId, ref.recordingId);
  const entry = Object.hasOwn(entries, key) ? (entries as Record<string, unknown>)[key] : undefined;
  if (typeof entry !== 'object' || entry === null || typeof (entry as KeptAnswer).at !== 'number')
    return null;
  if (!isFresh(entry as KeptAnswer, now)) return null;
  const answer = (entry as KeptAnswer).answer as Record<string, unknown> | null;
  if (typeof answer !== 'object' || answer === null || answer.kind !== 'recording') return null;
  const duration = answer.durationSeconds;
  return {
    person: textOrNull(answer.person, 400),
    startTime: textOrNull(answer.startTime, 64),
    durationSeconds:
      typeof duration === 'number' && Number.isInteger(duration) && duration >= 0 ? duration : null,
    startUrl: textOrNull(answer.startUrl, 2048),
  };
}
