import { describe, expect, it } from 'vitest';
import {
  askFromPersonLink,
  askFromText,
  askIdFromSearch,
  isPersonAskId,
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
