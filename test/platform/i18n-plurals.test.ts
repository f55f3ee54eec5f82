import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/platform/errors';
import { setTranslator, tCount } from '../../lib/platform/i18n';
import { enMessages, installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

describe('messages that count', () => {
  it('agree with their count in English', () => {
    expect(tCount('dashboardsCount', 1)).toBe('1 dashboard');
    expect(tCount('dashboardsCount', 0)).toBe('0 dashboards');
    expect(tCount('dashboardsCount', 10_000)).toBe('10000 dashboards');
    expect(tCount('dashboardsMatching', 1, 40)).toBe('1 of 40 matches');
    expect(tCount('dashboardsMatching', 1, 1)).toBe('1 of 1 matches');
    expect(tCount('dashboardsMatching', 3, 40)).toBe('3 of 40 match');
    expect(tCount('playlistMore', 1)).toBe('1 more collection — keep typing to narrow the list.');
    expect(tCount('playlistMore', 120)).toBe('120 more collections — keep typing to narrow the list.');
    expect(new AppError('rate-limited', { retryAfterSeconds: 1 }).userMessage()).toBe(
      'PostHog is rate-limiting your key. Try again in 1 second.',
    );
    expect(new AppError('rate-limited', { retryAfterSeconds: 7 }).userMessage()).toMatch(/in 7 seconds\.$/);
  });

  it('every counted message has its "other" form, the fallback for forms a language lacks', () => {
    const forms = Object.keys(enMessages).filter((key) => /_(zero|one|two|few|many|other)$/.test(key));
    const bases = new Set(forms.map((key) => key.replace(/_[a-z]+$/, '')));
    expect(bases.size).toBeGreaterThan(0);
    for (const base of bases) expect(Object.keys(enMessages)).toContain(`${base}_other`);
  });

  it('follows the plural rules of the messages’ language', () => {
    // Polish has "few" (2–4) and "many" (5+) forms.
    const polish: Record<string, string> = {
      pluralLocale: 'pl',
      dashboardsCount_one: '$1 pulpit',
      dashboardsCount_few: '$1 pulpity',
      dashboardsCount_many: '$1 pulpitów',
      dashboardsCount_other: '$1 pulpitu',
    };
    setTranslator((key, subs = []) => (polish[key] ?? '').replace('$1', subs[0] ?? ''));
    try {
      // (`dashboardsCount` is an English key: here it reads the Polish table above.)
      expect([1, 3, 5, 22, 1.5].map((n) => tCount('dashboardsCount', n))).toEqual([
        '1 pulpit',
        '3 pulpity',
        '5 pulpitów',
        '22 pulpity',
        '1.5 pulpitu',
      ]);
    } finally {
      installEnglishTranslator();
    }
  });
});
