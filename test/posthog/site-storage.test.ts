import { describe, expect, it } from 'vitest';
import {
  isSessionLive,
  MAX_ENTRY_CHARS,
  parseSiteStorage,
  type RawSiteStorage,
  type SiteSession,
} from '../../lib/posthog/site-storage';

const TOKEN = 'phc_AcmeWebAppProjectToken000000000000000001';
const OTHER = 'phc_AcmeStagingProjectToken0000000000000002';
const SESSION = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const NOW = Date.parse('2026-11-29T12:00:00Z');

const empty = (): RawSiteStorage => ({ cookie: [], localStorage: [], sessionStorage: [] });
const props = (extra: Record<string, unknown> = {}) => ({
  distinct_id: 'ana@acme.com',
  $device_id: '0193a1b2-0000-7000-8000-000000000001',
  $user_state: 'identified',
  $sesid: [NOW - 60_000, SESSION, NOW - 600_000],
  $configured_session_timeout_ms: 1_800_000,
  ...extra,
});
/** As posthog-js writes them: localStorage plain JSON, the cookie `encodeURIComponent(JSON)`. */
const local = (token: string, value: unknown) => ({
  key: `ph_${token}_posthog`,
  value: JSON.stringify(value),
});
const cookie = (token: string, value: unknown) => ({
  key: `ph_${token}_posthog`,
  value: encodeURIComponent(JSON.stringify(value)),
});

describe('parseSiteStorage', () => {
  it('reads the token from the key and the identity and session from localStorage', () => {
    const found = parseSiteStorage({ ...empty(), localStorage: [local(TOKEN, props())] });
    expect(found).toEqual({
      sawPostHog: true,
      identities: [
        {
          token: TOKEN,
          distinctId: 'ana@acme.com',
          userState: 'identified',
          session: {
            id: SESSION,
            lastActivityMs: NOW - 60_000,
            startMs: NOW - 600_000,
            timeoutMs: 1_800_000,
          },
        },
      ],
    });
  });

  it('reads a cookie as posthog-js encodes it', () => {
    const found = parseSiteStorage({ ...empty(), cookie: [cookie(TOKEN, props())] });
    expect(found.identities[0]?.session?.id).toBe(SESSION);
  });

  it('prefers the newer session when the cookie and localStorage disagree, localStorage for the rest', () => {
    const newer = [NOW - 5_000, 'newer-session-id', NOW - 9_000];
    const found = parseSiteStorage({
      ...empty(),
      cookie: [cookie(TOKEN, props({ $sesid: newer, distinct_id: 'cookie-id' }))],
      localStorage: [local(TOKEN, props())],
    });
    expect(found.identities[0]?.session?.id).toBe('newer-session-id');
    expect(found.identities[0]?.distinctId).toBe('ana@acme.com');
  });

  it('keeps every token, the most recently active first', () => {
    const found = parseSiteStorage({
      ...empty(),
      localStorage: [
        local(TOKEN, props()),
        local(OTHER, props({ $sesid: [NOW - 1_000, 'other-session', NOW - 2_000] })),
      ],
    });
    expect(found.identities.map((identity) => identity.token)).toEqual([OTHER, TOKEN]);
  });

  it.each([
    ['a persistence_name install', 'ph_mysite'],
    ['the cookie metadata sidecar', `ph_${TOKEN}_posthog_cpm`],
    ['split flag storage', `ph_${TOKEN}_posthog__flags`],
    ['a token not of PostHog’s alphabet', 'ph_phc_abc$def12345_posthog'],
  ])('names no project for %s, yet says posthog-js is there', (_name, key) => {
    const found = parseSiteStorage({ ...empty(), localStorage: [{ key, value: JSON.stringify(props()) }] });
    expect(found).toEqual({ identities: [], sawPostHog: true });
  });

  it('says nothing of posthog-js on a page without its entries', () => {
    const found = parseSiteStorage({ ...empty(), localStorage: [{ key: 'theme', value: 'dark' }] });
    expect(found).toEqual({ identities: [], sawPostHog: false });
  });

  it.each([
    ['malformed JSON', '{"distinct_id": "ana'],
    ['a JSON array', '[1,2,3]'],
    ['a JSON string', '"hello"'],
    ['null', 'null'],
  ])('keeps the token but nothing else from %s', (_name, value) => {
    const found = parseSiteStorage({ ...empty(), localStorage: [{ key: `ph_${TOKEN}_posthog`, value }] });
    expect(found.identities).toEqual([{ token: TOKEN, distinctId: null, userState: null, session: null }]);
  });

  it.each([
    ['too few items', [NOW]],
    ['a number for the id', [NOW, 42, NOW]],
    ['a string for the time', ['yesterday', SESSION, NOW]],
    ['a negative time', [-1, SESSION, NOW]],
    ['an id PostHog’s capture refuses', [NOW, 'not/a/session', NOW]],
    ['an id too long', [NOW, 'a'.repeat(71), NOW]],
    ['the reset form', [null, null, null]],
    ['an object', { 0: NOW, 1: SESSION, 2: NOW }],
  ])('ignores a $sesid of the wrong shape: %s', (_name, sesid) => {
    const found = parseSiteStorage({ ...empty(), localStorage: [local(TOKEN, props({ $sesid: sesid }))] });
    expect(found.identities[0]?.session).toBeNull();
    expect(found.identities[0]?.distinctId).toBe('ana@acme.com');
  });

  it('pads a legacy two-item $sesid with its activity as its start', () => {
    const found = parseSiteStorage({
      ...empty(),
      localStorage: [local(TOKEN, props({ $sesid: [NOW - 1_000, SESSION] }))],
    });
    expect(found.identities[0]?.session).toMatchObject({ startMs: NOW - 1_000 });
  });

  it('refuses a huge value and too many entries whole (the page wrote them, not posthog-js)', () => {
    const huge = { key: `ph_${TOKEN}_posthog`, value: 'x'.repeat(MAX_ENTRY_CHARS + 1) };
    expect(parseSiteStorage({ ...empty(), cookie: [huge] })).toEqual({ identities: [], sawPostHog: false });
    const many = Array.from({ length: 9 }, () => local(TOKEN, props()));
    expect(parseSiteStorage({ ...empty(), localStorage: many }).identities).toEqual([]);
  });

  it.each([
    ['a distinct id too long', { distinct_id: 'a'.repeat(201) }, 'distinctId', null],
    ['an unknown user state', { $user_state: 'admin' }, 'userState', null],
  ])('leaves out %s', (_name, extra, field, expected) => {
    const found = parseSiteStorage({ ...empty(), localStorage: [local(TOKEN, props(extra))] });
    expect(found.identities[0]?.[field as 'distinctId']).toBe(expected);
  });

  it('uses posthog-js’s default timeout where the site’s is missing or out of its range', () => {
    const found = parseSiteStorage({
      ...empty(),
      localStorage: [local(TOKEN, props({ $configured_session_timeout_ms: 5 }))],
    });
    expect(found.identities[0]?.session?.timeoutMs).toBe(1_800_000);
  });

  it.each([undefined, null, 'text', { cookie: 'x' }, { cookie: [], localStorage: [] }])(
    'reads nothing from an answer of the wrong shape (%s)',
    (raw) => {
      expect(parseSiteStorage(raw)).toEqual({ identities: [], sawPostHog: false });
    },
  );
});

describe('isSessionLive', () => {
  const session = (extra: Partial<SiteSession>): SiteSession => ({
    id: SESSION,
    lastActivityMs: NOW - 60_000,
    startMs: NOW - 600_000,
    timeoutMs: 1_800_000,
    ...extra,
  });

  it.each([
    ['active a minute ago', {}, true],
    ['idle past its timeout', { lastActivityMs: NOW - 1_800_001 }, false],
    ['idle just within a shorter timeout', { lastActivityMs: NOW - 59_000, timeoutMs: 60_000 }, true],
    ['idle past a shorter timeout', { lastActivityMs: NOW - 61_000, timeoutMs: 60_000 }, false],
    ['older than 24 hours', { startMs: NOW - 86_400_001 }, false],
    ['active in the future (a clock the page set)', { lastActivityMs: NOW + 3_600_000 }, false],
  ])('a session %s is live: %s', (_name, extra, live) => {
    expect(isSessionLive(session(extra), NOW)).toBe(live);
  });
});
