import { beforeAll, describe, expect, it } from 'vitest';
import { normaliseUserOrigin } from '../../lib/posthog/user-origin';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

describe('normaliseUserOrigin', () => {
  it.each([
    ['us.posthog.com', 'https://us.posthog.com'],
    ['https://eu.posthog.com/', 'https://eu.posthog.com'],
    ['https://app.posthog.com/project/1/replay/x', 'https://us.posthog.com'],
    ['  HTTPS://US.PostHog.com  ', 'https://us.posthog.com'],
    ['posthog.example.com', 'https://posthog.example.com'],
    ['https://posthog.example.com:8443/some/path?q=1#h', 'https://posthog.example.com:8443'],
    ['localhost:8000', 'http://localhost:8000'],
    ['http://127.0.0.1:8010', 'http://127.0.0.1:8010'],
    ['https://localhost', 'https://localhost'],
  ])('reads %j as %j', (input, origin) => {
    expect(normaliseUserOrigin(input)).toEqual({ ok: true, origin });
  });

  it.each([
    ['', /Enter your PostHog address/],
    ['http://posthog.example.com', /https:\/\//],
    ['http://us.posthog.com', /https:\/\//],
    ['https://us.i.posthog.com', /https:\/\/us\.posthog\.com/],
    ['eu.i.posthog.com', /https:\/\/eu\.posthog\.com/],
    ['https://posthog.com', /not a web address/],
    ['ftp://posthog.example.com', /not a web address/],
    ['https://me:pw@posthog.example.com', /not a web address/],
    ['https://exa mple.com', /not a web address/],
  ])('refuses %j', (input, sentence) => {
    const result = normaliseUserOrigin(input);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toMatch(sentence);
  });
});
