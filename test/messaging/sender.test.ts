import { describe, expect, it } from 'vitest';
import { isAllowed } from '../../lib/messaging/allowed-senders';
import { classifySender, type MessageSenderLike, type SenderPolicy } from '../../lib/messaging/sender';
import { EXTENSION_ID, EXTENSION_ORIGIN } from '../support/extension-id';

const SELF_HOSTED = 'https://posthog.example.com';
const policy: SenderPolicy = {
  extensionId: EXTENSION_ID,
  extensionOrigin: EXTENSION_ORIGIN,
  appOrigins: ['https://us.posthog.com', 'https://eu.posthog.com', SELF_HOSTED],
};

const tab = { id: 7 };
const page = (url: string, extra: Partial<MessageSenderLike> = {}): MessageSenderLike => ({
  id: EXTENSION_ID,
  url,
  tab,
  frameId: 0,
  ...extra,
});

describe('classifySender', () => {
  it.each<[string, MessageSenderLike]>([
    ['a tab\u2019s top frame with an empty URL', page('')],
    [
      'another extension',
      {
        id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
        url: 'chrome-extension://zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/popup.html',
      },
    ],
    [
      'another extension’s content script on a PostHog page',
      page('https://us.posthog.com/project/1/replay/abc', { id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz' }),
    ],
    [
      'another extension’s content script on the self-hosted PostHog, with its origin',
      page(`${SELF_HOSTED}/project/1`, { id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', origin: SELF_HOSTED }),
    ],
    ['another extension claiming our page url', { id: 'zzzz', url: `${EXTENSION_ORIGIN}popup.html` }],
    ['no id', { url: `${EXTENSION_ORIGIN}popup.html` }],
    ['look-alike id (suffix)', { id: `${EXTENSION_ID}x`, url: `${EXTENSION_ORIGIN}popup.html` }],
    ['look-alike id (case)', { id: EXTENSION_ID.toUpperCase(), url: `${EXTENSION_ORIGIN}popup.html` }],
    [
      'extension page with a mismatched origin',
      { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}popup.html`, origin: 'https://evil.com' },
    ],
    [
      'extension-looking url of another id',
      { id: EXTENSION_ID, url: `chrome-extension://${EXTENSION_ID}x/popup.html` },
    ],
    ['no url', { id: EXTENSION_ID, tab, frameId: 0 }],
    ['web page', page('https://evil.com/')],
    ['web page quoting an app url', page('https://evil.com/?u=https://us.posthog.com/')],
    ['sub-frame on an app origin', page('https://us.posthog.com/project/1/replay/abc', { frameId: 3 })],
    ['missing frameId', page('https://us.posthog.com/', { frameId: undefined })],
    ['content script without a tab', page('https://us.posthog.com/', { tab: undefined })],
    ['file: url', page('file:///home/me/posthog.html')],
    ['data: url', page('data:text/html,<p>us.posthog.com</p>')],
    ['about: url', page('about:blank')],
    ['blob: url', page('blob:https://us.posthog.com/1234')],
    ['look-alike host', page('https://us.posthog.com.evil.com/project/1')],
    ['look-alike self-hosted host', page('https://posthog.example.com.evil.com/')],
    ['userinfo trick', page('https://us.posthog.com@evil.com/')],
    ['userinfo on a real host', page('https://me:pw@us.posthog.com/')],
    ['http on a cloud host', page('http://us.posthog.com/project/1')],
    ['cloud host on another port', page('https://us.posthog.com:8443/')],
    ['ingestion host', page('https://us.i.posthog.com/')],
    ['posthog.com website', page('https://posthog.com/docs')],
    ['sender.origin mismatch', page('https://us.posthog.com/', { origin: 'https://evil.com' })],
    ['garbage url', page('not a url')],
  ])('refuses %s', (_name, sender) => {
    expect(classifySender(sender, policy)).toBeNull();
  });

  it.each<[string, MessageSenderLike, 'extension-page' | 'content-script']>([
    ['popup', { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}popup.html` }, 'extension-page'],
    [
      'options page',
      {
        id: EXTENSION_ID,
        url: `${EXTENSION_ORIGIN}options.html`,
        origin: `chrome-extension://${EXTENSION_ID}`,
      },
      'extension-page',
    ],
    [
      'popup opened in a tab',
      { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}popup.html`, tab, frameId: 0 },
      'extension-page',
    ],
    ['background worker', { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}background.js` }, 'extension-page'],
    ['content script on us cloud', page('https://us.posthog.com/project/1/replay/abc'), 'content-script'],
    ['content script on eu cloud', page('https://eu.posthog.com/project/1/dashboard/2'), 'content-script'],
    ['content script on the legacy app host', page('https://app.posthog.com/replay/abc'), 'content-script'],
    [
      'content script with a matching origin',
      page('https://us.posthog.com/', { origin: 'https://us.posthog.com' }),
      'content-script',
    ],
    [
      'content script on the self-hosted origin',
      page(`${SELF_HOSTED}/project/1/replay/abc`),
      'content-script',
    ],
  ])('accepts the %s', (_name, sender, kind) => {
    expect(classifySender(sender, policy)).toBe(kind);
  });

  it('accepts Firefox extension pages by their moz-extension origin', () => {
    const firefox = {
      extensionId: 'hogmark@hogmark.dev',
      extensionOrigin: 'moz-extension://1234-abcd/',
      appOrigins: [],
    };
    expect(
      classifySender({ id: 'hogmark@hogmark.dev', url: 'moz-extension://1234-abcd/popup.html' }, firefox),
    ).toBe('extension-page');
    expect(
      classifySender({ id: 'hogmark@hogmark.dev', url: 'moz-extension://9999-ffff/popup.html' }, firefox),
    ).toBeNull();
  });

  it('accepts a local self-hosted origin only when configured', () => {
    const sender = page('http://127.0.0.1:8010/project/1/replay/abc');
    expect(classifySender(sender, policy)).toBeNull();
    expect(classifySender(sender, { ...policy, appOrigins: ['http://127.0.0.1:8010'] })).toBe(
      'content-script',
    );
  });
});

describe('isAllowed', () => {
  it.each([
    ['extension-page', 'settings/save', true],
    ['extension-page', 'status/get', true],
    ['content-script', 'settings/get', false],
    ['content-script', 'settings/save', false],
    ['content-script', 'context/get', false],
    ['content-script', 'context/hint', true],
    ['content-script', 'recording/add-from-page', true],
    ['content-script', 'recording/cancel-from-page', true],
    ['content-script', 'playlists/cancel', false],
    ['extension-page', 'recording/cancel-from-page', false],
    ['extension-page', 'context/hint', false],
    ['content-script', 'session/request', false],
    ['extension-page', 'session/request', true],
  ] as const)('%s → %s: %s', (kind, type, allowed) => {
    expect(isAllowed(kind, type)).toBe(allowed);
  });
});
