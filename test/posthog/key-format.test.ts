import { beforeAll, describe, expect, it } from 'vitest';
import { classifyKey } from '../../lib/posthog/key-format';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const REAL_LENGTH = `phx_${'aB3'.repeat(15)}xy`;

describe('classifyKey', () => {
  it.each([REAL_LENGTH, `  ${REAL_LENGTH}\n`, `phx_${'a'.repeat(20)}`, `phx_${'Z9'.repeat(50)}`])(
    'accepts %j',
    (value) => {
      expect(classifyKey(value)).toEqual({ ok: true, key: value.trim() });
    },
  );

  it.each([
    ['phc_abcdefghijklmnopqrstuvwxyz', /project token/],
    ['phs_abcdefghijklmnopqrstuvwxyz', /project secret key/],
    ['pha_abcdefghijklmnopqrstuvwxyz', /OAuth token/],
    ['phr_abcdefghijklmnopqrstuvwxyz', /OAuth token/],
    ['', /Paste a personal API key/],
    ['   ', /Paste a personal API key/],
    [`phx_${'a'.repeat(19)}`, /does not look like/],
    [`phx_${'a'.repeat(101)}`, /does not look like/],
    [`phx_${'a'.repeat(30)}-`, /does not look like/],
    [`PHX_${'a'.repeat(30)}`, /does not look like/],
    [`Bearer phx_${'a'.repeat(30)}`, /does not look like/],
    [`phx_${'a'.repeat(15)} ${'a'.repeat(15)}`, /does not look like/],
  ])('refuses %j with a sentence saying what it is', (value, sentence) => {
    const result = classifyKey(value);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toMatch(sentence);
  });
});
