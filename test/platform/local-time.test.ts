import { describe, expect, it, vi } from 'vitest';
import { localDate, localDateTime, localTime } from '../../lib/platform/local-time';

// Built from the local clock, so the expectations hold in whatever zone the tests run.
const MORNING = new Date(2025, 2, 1, 9, 5, 42).getTime();

describe('a date or time on the user’s clock', () => {
  it('writes the date, the time to the minute, or both, padded, from ms or PostHog’s ISO text', () => {
    expect(localDate(MORNING)).toBe('2025-03-01');
    expect(localTime(MORNING)).toBe('09:05');
    expect(localDateTime(MORNING)).toBe('2025-03-01 09:05');
    expect(localDateTime(new Date(MORNING).toISOString())).toBe('2025-03-01 09:05');
    expect(localDateTime(new Date(2024, 11, 31, 23, 59).getTime())).toBe('2024-12-31 23:59');
  });

  it('is null for a time that does not parse (PostHog’s text, or not a number)', () => {
    for (const at of ['', 'yesterday', '2025-13-45T99:00:00Z', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect([localDate(at), localTime(at), localDateTime(at)]).toEqual([null, null, null]);
    }
  });

  it('builds no Intl formatter (ICU’s first load would hold up a first paint)', () => {
    const names = ['DateTimeFormat', 'RelativeTimeFormat', 'NumberFormat', 'Collator'] as const;
    const spies = names.map((name) =>
      vi.spyOn(Intl, name).mockImplementation((() => {
        throw new Error(`Intl.${name} built`);
      }) as never),
    );
    const toLocale = vi.spyOn(Date.prototype, 'toLocaleString');
    try {
      expect(localDateTime(MORNING)).toBe('2025-03-01 09:05');
      expect(toLocale).not.toHaveBeenCalled();
    } finally {
      for (const spy of [...spies, toLocale]) spy.mockRestore();
    }
  });
});
