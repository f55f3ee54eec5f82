import { beforeAll, describe, expect, it } from 'vitest';
import { faceDetails, recordingName, shortRecording, startedLabel } from '../../lib/posthog/recording-names';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const NOW = Date.parse('2025-03-01T12:00:00Z');
const ID = '0191dd9d-ec00-726b-b2a7-4de452e6b438';

describe('a recording named in a sentence', () => {
  it('is the person and when it started, as PostHog said', () => {
    expect(recordingName({ person: 'ana@acme.com', startTime: '2025-03-01T11:55:00Z' }, ID, NOW)).toBe(
      'ana@acme.com’s recording of 5 minutes ago',
    );
    expect(recordingName({ person: 'ana@acme.com', startTime: null }, ID, NOW)).toBe(
      'ana@acme.com’s recording',
    );
  });

  it('says anonymous for a recording PostHog has no person for', () => {
    expect(recordingName({ person: null, startTime: '2025-02-27T12:00:00Z' }, ID, NOW)).toBe(
      'an anonymous recording of 2 days ago',
    );
    expect(recordingName({ person: null, startTime: null }, ID, NOW)).toBe('an anonymous recording');
  });

  it('goes by the last characters of the id while PostHog has not said who it is', () => {
    expect(recordingName(null, ID, NOW)).toBe('recording …52e6b438');
    expect(recordingName(undefined, 'short-id', NOW)).toBe('recording short-id');
    expect(shortRecording(ID)).toBe('…52e6b438');
  });

  it('tells apart faceless recordings started in the same minute (UUIDv7: the first characters are the time)', () => {
    const sameMinute = [
      '0191dd9d-ec00-726b-b2a7-4de452e6b438',
      '0191dd9d-ec41-7d10-9a3e-0f5c2b7d1e99',
      '0191dd9d-f2a8-7c4e-8b11-6a0e93c47f02',
    ];
    expect(sameMinute.map((id) => recordingName(null, id, NOW))).toEqual([
      'recording …52e6b438',
      'recording …2b7d1e99',
      'recording …93c47f02',
    ]);
  });

  it('keeps a hostile person name as text (it is shown with textContent, never parsed)', () => {
    const name = '<img src=x onerror=alert(1)>';
    expect(recordingName({ person: name, startTime: null }, ID, NOW)).toBe(`${name}’s recording`);
  });

  it('dates a recording older than a week instead of counting days', () => {
    expect(startedLabel('2025-01-01T12:00:00Z', NOW, 'en')).toMatch(/Jan 1, 2025/);
    expect(recordingName({ person: 'ana@acme.com', startTime: '2025-01-01T12:00:00Z' }, ID, NOW)).toMatch(
      /^ana@acme\.com’s recording of Jan 1, 2025/,
    );
  });

  it('gives the whole face in one line for the header', () => {
    expect(
      faceDetails(
        {
          person: 'x',
          startTime: '2025-03-01T10:00:00Z',
          durationSeconds: 75,
          startUrl: 'https://acme.com/a?b=1',
        },
        NOW,
      ),
    ).toBe('Started 2 hours ago · 01:15 long · acme.com/a');
  });
});
