import { describe, expect, it } from 'vitest';
import { ITEM_LINK_TTL_MS, knownFace, recordingFaceKey } from '../../../lib/messaging/first-view/known-face';

const US = 'https://us.posthog.com';
const REC = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
const REF = { origin: US, projectId: 1, recordingId: REC };
const FACE = {
  person: 'ana@acme.com',
  startTime: '2025-03-02T08:30:00.000Z',
  durationSeconds: 312,
  startUrl: null,
};
const cacheWith = (entry: unknown, version = 1) => ({
  version,
  entries: { [recordingFaceKey(US, 1, REC)]: entry },
});

describe('who a recording is, as the popup reads it from storage.session', () => {
  it('is the share-links room’s answer while it is fresh', () => {
    const cache = cacheWith({ at: 1_000, answer: { kind: 'recording', ...FACE } });
    expect(knownFace(cache, 1, REF, 1_000 + ITEM_LINK_TTL_MS - 1)).toEqual(FACE);
    expect(knownFace(cache, 1, REF, 1_000 + ITEM_LINK_TTL_MS)).toBeNull();
    // A clock that went back: not reused, as the background would not.
    expect(knownFace(cache, 1, REF, 999)).toBeNull();
  });

  it('is unknown for another recording, project or PostHog, another version, or another kind of answer', () => {
    const cache = cacheWith({ at: 1_000, answer: { kind: 'recording', ...FACE } });
    expect(knownFace(cache, 1, { ...REF, projectId: 2 }, 1_000)).toBeNull();
    expect(knownFace(cache, 1, { ...REF, origin: 'https://eu.posthog.com' }, 1_000)).toBeNull();
    expect(
      knownFace(cacheWith({ at: 1_000, answer: { kind: 'recording', ...FACE } }, 2), 1, REF, 1_000),
    ).toBeNull();
    expect(
      knownFace(cacheWith({ at: 1_000, answer: { kind: 'notebook', title: 'x' } }), 1, REF, 1_000),
    ).toBeNull();
    expect(knownFace(undefined, 1, REF, 1_000)).toBeNull();
    expect(knownFace({ version: 1, entries: null }, 1, REF, 1_000)).toBeNull();
  });

  it('keeps only fields of the shape the background wrote; a key named like an object’s own is not an entry', () => {
    const odd = {
      kind: 'recording',
      person: { toString: 'x' },
      startTime: 'x'.repeat(65),
      durationSeconds: -1,
      startUrl: 7,
    };
    expect(knownFace(cacheWith({ at: 1_000, answer: odd }), 1, REF, 1_000)).toEqual({
      person: null,
      startTime: null,
      durationSeconds: null,
      startUrl: null,
    });
    const proto = { version: 1, entries: {} };
    expect(knownFace(proto, 1, { origin: 'constructor', projectId: 1, recordingId: REC }, 1_000)).toBeNull();
  });
});
