import { beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('dates a recording older than a week instead of counting days, on the user’s clock', () => {
    const newYear = new Date(2025, 0, 1, 12, 0).toISOString();
    expect(startedLabel(newYear, NOW)).toBe('2025-01-01 12:00');
    expect(recordingName({ person: 'ana@acme.com', startTime: newYear }, ID, NOW)).toBe(
      'ana@acme.com’s recording of 2025-01-01 12:00',
    );
    // Started a week ago to the second: no longer counted in days.
    expect(startedLabel(new Date(NOW - 7 * 86_400_000).toISOString(), NOW)).toMatch(
      /^2025-02-2\d \d\d:\d\d$/,
    );
  });

  it('counts back in the messages’ own words and plurals within a week', () => {
    const ago = (seconds: number) => startedLabel(new Date(NOW - seconds * 1000).toISOString(), NOW);
    expect([ago(0), ago(59), ago(60), ago(119), ago(3599)]).toEqual([
      'just now',
      'just now',
      '1 minute ago',
      '1 minute ago',
      '59 minutes ago',
    ]);
    expect([ago(3600), ago(7200), ago(86_399)]).toEqual(['1 hour ago', '2 hours ago', '23 hours ago']);
    expect([ago(86_400), ago(2 * 86_400), ago(7 * 86_400 - 1)]).toEqual([
      'yesterday',
      '2 days ago',
      '6 days ago',
    ]);
  });

  it('dates a start PostHog puts after now (another clock), and leaves out one that does not parse', () => {
    expect(startedLabel(new Date(2025, 2, 5, 8, 30).toISOString(), NOW)).toBe('2025-03-05 08:30');
    expect(startedLabel('not a time', NOW)).toBeNull();
    expect(recordingName({ person: null, startTime: 'not a time' }, ID, NOW)).toBe('an anonymous recording');
    expect(
      faceDetails({ person: 'x', startTime: 'not a time', durationSeconds: 75, startUrl: null }, NOW),
    ).toBe('01:15 long');
  });

  it('builds no Intl formatter: ICU’s first load would hold up the popup’s first paint', () => {
    const formatters = ['RelativeTimeFormat', 'DateTimeFormat', 'NumberFormat', 'Collator'] as const;
    const built: string[] = [];
    const spies = formatters.map((name) =>
      vi.spyOn(Intl, name).mockImplementation((() => {
        built.push(name);
        throw new Error(`Intl.${name} built`);
      }) as never),
    );
    try {
      for (const seconds of [30, 600, 7200, 3 * 86_400, 30 * 86_400]) {
        const startTime = new Date(NOW - seconds * 1000).toISOString();
        recordingName({ person: 'ana@acme.com', startTime }, ID, NOW);
        faceDetails({ person: null, startTime, durationSeconds: 5, startUrl: 'https://acme.com/' }, NOW);
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(built).toEqual([]);
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
