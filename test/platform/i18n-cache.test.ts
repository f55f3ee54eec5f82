import { describe, expect, it } from 'vitest';
import { TRANSLATION_CACHE_SIZE, translatorFrom } from '../../lib/platform/i18n';

/** A stand-in for `browser.i18n.getMessage` that answers from a table and counts what it is asked. */
function countingGetMessage() {
  const asks: Array<[string, string[] | undefined]> = [];
  const getMessage = (key: string, substitutions?: string[]) => {
    asks.push([key, substitutions]);
    if (key === 'missing') return '';
    return substitutions?.length ? `${key}(${substitutions.join('|')})` : `${key}!`;
  };
  return { asks, getMessage: getMessage as (key: never, substitutions?: string[]) => string };
}

describe('the translator asks the browser once per string', () => {
  it('answers a key asked again, with or without an empty list, from what the browser said first', () => {
    const browser = countingGetMessage();
    const translate = translatorFrom(browser.getMessage);
    expect(translate('save')).toBe('save!');
    expect(translate('save', [])).toBe('save!');
    expect(translate('save')).toBe('save!');
    expect(browser.asks).toEqual([['save', undefined]]);
  });

  it('keeps each set of substitutions apart, even ones whose joined text would be the same', () => {
    const browser = countingGetMessage();
    const translate = translatorFrom(browser.getMessage);
    expect(translate('addTo', ['a', 'b'])).toBe('addTo(a|b)');
    expect(translate('addTo', ['a|b'])).toBe('addTo(a|b)');
    expect(translate('addTo', ['a\u0000b'])).toBe('addTo(a\u0000b)');
    expect(translate('addTo', ['a', 'b'])).toBe('addTo(a|b)');
    expect(translate('addTo')).toBe('addTo!');
    // A key that looks like the cache's own form of an ask with substitutions is its own ask too.
    expect(translate('["addTo","a","b"]')).toBe('["addTo","a","b"]!');
    expect(browser.asks.map(([key, subs]) => [key, subs?.length ?? 0])).toEqual([
      ['addTo', 2],
      ['addTo', 1],
      ['addTo', 1],
      ['addTo', 0],
      ['["addTo","a","b"]', 0],
    ]);
  });

  it('passes the browser a copy of the substitutions, never the caller’s own list', () => {
    const seen: unknown[] = [];
    const translate = translatorFrom(((key: string, substitutions?: string[]) => {
      seen.push(substitutions);
      return key;
    }) as (key: never, substitutions?: string[]) => string);
    const mine = ['x'] as const;
    translate('k', mine);
    expect(seen[0]).toEqual(['x']);
    expect(seen[0]).not.toBe(mine);
  });

  it('keeps an unknown key’s empty answer, so `t` still falls back to the key', () => {
    const browser = countingGetMessage();
    const translate = translatorFrom(browser.getMessage);
    expect(translate('missing')).toBe('');
    expect(translate('missing')).toBe('');
    expect(browser.asks).toHaveLength(1);
  });

  it('holds at most its size: a page of many named rows starts the cache again rather than growing it', () => {
    const browser = countingGetMessage();
    const translate = translatorFrom(browser.getMessage);
    for (let row = 0; row < TRANSLATION_CACHE_SIZE; row++) translate('row', [String(row)]);
    translate('row', ['0']);
    expect(browser.asks).toHaveLength(TRANSLATION_CACHE_SIZE);
    // One more distinct ask fills it past its size: it starts again, so the first row is asked anew.
    translate('row', [String(TRANSLATION_CACHE_SIZE)]);
    translate('row', ['0']);
    expect(browser.asks).toHaveLength(TRANSLATION_CACHE_SIZE + 2);
  });
});
