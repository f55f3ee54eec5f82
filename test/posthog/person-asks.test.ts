import { describe, expect, it } from 'vitest';
import {
  askFromPersonLink,
  askFromSearch,
  askFromText,
  personPageQuery,
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
  it('carries the ask and the project and reads them back', () => {
    const ask = { by: 'email' as const, value: 'ana+test@acme.com' };
    expect(askFromSearch(`?${personPageQuery(ask, 2)}`)).toEqual({ ask, projectId: 2 });
    expect(askFromSearch(`?${personPageQuery(ask)}`)).toEqual({ ask });
  });

  it.each(['', '?by=sql&q=x', '?by=email&q=', `?by=search&q=${'x'.repeat(201)}`, '?by=search&q=a%0Ab'])(
    'reads no ask from %j',
    (search) => {
      expect(askFromSearch(search)).toBeNull();
    },
  );
});
