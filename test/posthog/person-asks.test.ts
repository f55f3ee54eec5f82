import { describe, expect, it, vi } from 'vitest';
import {
  ASK_MAX_LENGTH,
  ASK_TEXT_MAX_LENGTH,
  askFromPersonLink,
  askFromText,
  askIdFromSearch,
  isPersonAskId,
  PERSON_LINK_MAX_LENGTH,
  personPagePath,
} from '../../lib/posthog/person-asks';

const US = 'https://us.posthog.com';

describe('what a selection asks for', () => {
  it.each([
    ['ana@acme.com', { by: 'email', value: 'ana@acme.com' }],
    ['  <ana@acme.com>.', { by: 'email', value: 'ana@acme.com' }],
    ['mailto:ana@acme.com', { by: 'email', value: 'ana@acme.com' }],
    ['“user-42”', { by: 'search', value: 'user-42' }],
    ['0190a3b2-0000-7000-8000-000000000001', { by: 'search', value: '0190a3b2-0000-7000-8000-000000000001' }],
    ['ana@acme', { by: 'search', value: 'ana@acme' }],
    ['', null],
    ['  . ', null],
    ['two\nlines', null],
    ['x'.repeat(201), null],
  ])('%j → %j', (text, ask) => {
    expect(askFromText(text)).toEqual(ask);
  });
});

/**
 * `work()` with every pattern's input measured (a pattern reads its text through
 * `RegExp.prototype.exec`): one given more than `limit` characters stops it there, before it runs.
 */
function withPatternsUpTo<T>(limit: number, work: () => T): T {
  const exec = RegExp.prototype.exec;
  const spy = vi.spyOn(RegExp.prototype, 'exec').mockImplementation(function (this: RegExp, text: string) {
    if (String(text).length > limit) throw new Error(`a pattern was given ${String(text).length} characters`);
    return exec.call(this, text);
  });
  try {
    return work();
  } finally {
    spy.mockRestore();
  }
}

describe('a selection built to stall the worker', () => {
  it('(the guard sees what every kind of pattern use reads)', () => {
    expect(() => withPatternsUpTo(1, () => /b/.test('ab'))).toThrow('given 2');
    expect(() => withPatternsUpTo(1, () => 'ab'.replace(/b$/, ''))).toThrow('given 2');
    expect(withPatternsUpTo(2, () => 'ab'.replace(/b$/, ''))).toBe('a');
  });

  it.each([
    ['punctuation between two letters', `a${'.'.repeat(199_998)}b`],
    ['an address then punctuation', `ana@acme.com${'.'.repeat(199_988)}`],
    ['spaces around an address', `${' '.repeat(100_000)}ana@acme.com${' '.repeat(99_988)}`],
  ])('of 200,000 characters (%s) is refused before any pattern reads it', (_name, text) => {
    expect(text).toHaveLength(200_000);
    expect(withPatternsUpTo(ASK_MAX_LENGTH, () => askFromText(text))).toBeNull();
  });

  it('within the bound, is unwrapped by one scan: no pattern reads more than an ask', () => {
    const wrapped = `${'<'.repeat(400)}ana@acme.com${'.'.repeat(500)}`;
    expect(wrapped.length).toBeLessThanOrEqual(ASK_TEXT_MAX_LENGTH);
    expect(withPatternsUpTo(ASK_MAX_LENGTH, () => askFromText(wrapped))).toEqual({
      by: 'email',
      value: 'ana@acme.com',
    });
    const unclosed = `a${'.'.repeat(ASK_TEXT_MAX_LENGTH - 2)}b`;
    expect(withPatternsUpTo(ASK_MAX_LENGTH, () => askFromText(unclosed))).toBeNull();
  });

  it('as a person link of 100,000 characters is refused before any pattern reads it', () => {
    const href = `${US}/person/${'x'.repeat(100_000)}`;
    expect(withPatternsUpTo(PERSON_LINK_MAX_LENGTH, () => askFromPersonLink(href, [US]))).toBeNull();
  });
});

describe('what a link to a person asks for', () => {
  it.each([
    [`${US}/person/user-42`, { origin: US, projectId: null, ask: { by: 'distinct-id', value: 'user-42' } }],
    [`${US}/project/2/person/a%2Fb`, { origin: US, projectId: 2, ask: { by: 'distinct-id', value: 'a/b' } }],
    [
      `${US}/persons/0190a3b2-0000-7000-8000-000000000001`,
      { origin: US, projectId: null, ask: { by: 'uuid', value: '0190a3b2-0000-7000-8000-000000000001' } },
    ],
    [`${US}/persons/not-a-uuid`, null],
    [`${US}/person/`, null],
    ['https://us.posthog.com.evil.example/person/u1', null],
    ['https://example.com/person/u1', null],
    [`${US}/person/%E0%A4%A`, null],
  ])('%s', (href, expected) => {
    expect(askFromPersonLink(href, [US])).toEqual(expected);
  });
});

describe('the person page’s address', () => {
  const ID = '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';

  it('carries only the id the ask is kept under, and reads it back', () => {
    expect(personPagePath(ID)).toBe(`/persons.html?ask=${ID}`);
    expect(askIdFromSearch(new URL(personPagePath(ID), 'chrome-extension://x').search)).toBe(ID);
  });

  it('takes no ask from the old address that named the person', () => {
    expect(askIdFromSearch('?by=email&q=ana%40acme.com')).toBeNull();
  });

  it.each([
    [ID, true],
    [crypto.randomUUID(), true],
    ['', false],
    ['ana@acme.com', false],
    [`${ID}x`, false],
  ])('takes %j as an ask id: %s', (value, expected) => {
    expect(isPersonAskId(value)).toBe(expected);
  });
});
