import { describe, expect, it } from 'vitest';
import {
  accessGrantedByManifest,
  hasBulkRecordingRoutes,
  isCloudOrigin,
  originTraits,
  refusesKeyForCollectionWrites,
} from '../../lib/posthog/origins';

describe('isCloudOrigin', () => {
  it.each(['https://us.posthog.com', 'https://eu.posthog.com', 'https://app.posthog.com'])(
    '%s is Cloud',
    (o) => expect(isCloudOrigin(o)).toBe(true),
  );
  it.each([
    'http://us.posthog.com',
    'https://us.i.posthog.com',
    'https://posthog.example.com',
    'http://127.0.0.1:8010',
    'https://us.posthog.com/',
    'not a url',
  ])('%s is not', (o) => expect(isCloudOrigin(o)).toBe(false));
});

describe('originTraits', () => {
  const CLOUD = {
    keyRefusedForCollectionWrites: true,
    hasBulkRecordingRoutes: true,
    accessGrantedByManifest: true,
  };
  const ELSEWHERE = {
    keyRefusedForCollectionWrites: false,
    hasBulkRecordingRoutes: false,
    accessGrantedByManifest: false,
  };

  it.each([
    ['Cloud US', 'https://us.posthog.com', CLOUD],
    ['Cloud EU', 'https://eu.posthog.com', CLOUD],
    ['Cloud legacy US', 'https://app.posthog.com', CLOUD],
    // The key may work, the bulk routes may be missing, and access is the user's optional grant.
    ['self-hosted over https', 'https://posthog.example.com', ELSEWHERE],
    ['self-hosted on a port', 'https://posthog.example.com:8443', ELSEWHERE],
    ['local over http', 'http://localhost:8010', ELSEWHERE],
    ['local 127.0.0.1 (the test build grants it, but asks the browser)', 'http://127.0.0.1:8010', ELSEWHERE],
    ['a Cloud host over http', 'http://us.posthog.com', ELSEWHERE],
    ['an ingestion host', 'https://us.i.posthog.com', ELSEWHERE],
  ])('%s (%s)', (_name, origin, traits) => {
    expect(originTraits(origin)).toEqual(traits);
    expect(refusesKeyForCollectionWrites(origin)).toBe(traits.keyRefusedForCollectionWrites);
    expect(hasBulkRecordingRoutes(origin)).toBe(traits.hasBulkRecordingRoutes);
    expect(accessGrantedByManifest(origin)).toBe(traits.accessGrantedByManifest);
  });
});
