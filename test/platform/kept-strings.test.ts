import { describe, expect, it } from 'vitest';
import { SLOTS, templateTranslator } from '../../lib/platform/i18n';
import { KEEP_AFTER_MS, KEPT_STRINGS, keepStrings, readKeptStrings } from '../../lib/platform/kept-strings';
import { formatMessage } from '../support/i18n';

const here = { language: 'en-US', build: '0.1.0' };
const kept = (over: Record<string, unknown> = {}) => ({
  version: KEPT_STRINGS.version,
  ...here,
  templates: { connectedTo: `Connected to ${SLOTS[0]}` },
  ...over,
});

describe('reading the popup’s kept strings', () => {
  it('takes templates kept for this language and version', () => {
    expect(readKeptStrings(kept(), here)).toEqual({ connectedTo: `Connected to ${SLOTS[0]}` });
  });

  it('takes none kept for another language, another version, or in another shape', () => {
    expect(readKeptStrings(kept({ language: 'fr' }), here)).toBeNull();
    expect(readKeptStrings(kept({ build: '0.0.9' }), here)).toBeNull();
    expect(readKeptStrings(kept({ version: 2 }), here)).toBeNull();
    expect(readKeptStrings(kept({ templates: ['a'] }), here)).toBeNull();
    expect(readKeptStrings(kept({ templates: null }), here)).toBeNull();
    expect(readKeptStrings(undefined, here)).toBeNull();
    expect(readKeptStrings('templates', here)).toBeNull();
  });

  it('leaves out a template that is not text', () => {
    expect(readKeptStrings(kept({ templates: { a: 'A', b: 3, c: { d: 1 } } }), here)).toEqual({ a: 'A' });
  });
});

describe('keeping the popup’s strings', () => {
  function setUp() {
    const writes: Array<Record<string, unknown>> = [];
    const timers: Array<{ run: () => void; ms: number }> = [];
    let asks = 0;
    const keeper = keepStrings({
      translator: () => strings,
      write: async (items) => {
        writes.push(items);
      },
      for: here,
      setTimer: (run, ms) => timers.push({ run, ms }),
    });
    const strings = templateTranslator(
      ((key: string, subs?: string[]) => {
        asks++;
        return formatMessage(key, subs);
      }) as (key: never, substitutions?: string[]) => string,
      keeper.learned,
    );
    return { writes, timers, strings, asks: () => asks };
  }

  it('writes every template a moment after the browser gave the first of a view’s, once', () => {
    const { writes, timers, strings } = setUp();
    strings.translate('extName', []);
    strings.translate('connectedTo', ['Acme']);
    expect(timers).toHaveLength(1);
    expect(timers[0]?.ms).toBe(KEEP_AFTER_MS);
    expect(writes).toEqual([]);
    timers[0]?.run();
    expect(writes).toEqual([
      {
        [KEPT_STRINGS.key]: {
          version: KEPT_STRINGS.version,
          ...here,
          templates: {
            extName: formatMessage('extName'),
            connectedTo: formatMessage('connectedTo', [...SLOTS]),
          },
        },
      },
    ]);
  });

  it('writes nothing when every string was kept, and again when a later one is new', () => {
    const { writes, timers, strings, asks } = setUp();
    strings.adopt({ extName: 'Hogmark' });
    strings.translate('extName', []);
    expect(asks()).toBe(0);
    expect(timers).toHaveLength(0);
    strings.translate('connectedTo', ['Acme']);
    timers[0]?.run();
    strings.translate('connectedTo', ['Globex']);
    expect(timers).toHaveLength(1);
    strings.translate('keyLabel', ['x']);
    expect(timers).toHaveLength(2);
    timers[1]?.run();
    expect(writes).toHaveLength(2);
    const second = writes[1]?.[KEPT_STRINGS.key] as { templates: object } | undefined;
    expect(Object.keys(second?.templates ?? {})).toEqual(['extName', 'connectedTo', 'keyLabel']);
  });

  it('a failed write costs nothing but the keeping', async () => {
    const timers: Array<() => void> = [];
    const strings = templateTranslator(((key: string) => key) as (key: never) => string, () =>
      keeper.learned(),
    );
    const keeper = keepStrings({
      translator: () => strings,
      write: () => Promise.reject(new Error('quota')),
      for: here,
      setTimer: (run) => timers.push(run),
    });
    strings.translate('extName', []);
    expect(() => timers[0]?.()).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
