import { describe, expect, it } from 'vitest';
import {
  createLinkCollector,
  MAX_SELECTION_TEXT,
  recordingsFromLinks,
  urlsInText,
} from '../../../lib/background/recordings/link-collector';
import { parsePageContext } from '../../../lib/posthog/context';

const SELF = 'http://127.0.0.1:8010';
const ID = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
const OTHER = '0191dd9e-1111-7ccc-8ddd-000000000003';
const parse = (hrefs: string[]) => recordingsFromLinks(hrefs, { appOrigins: [SELF], parsePageContext });

describe('recordingsFromLinks', () => {
  it.each([
    [`https://us.posthog.com/project/1/replay/${ID}`, { origin: 'https://us.posthog.com', projectId: 1 }],
    [
      `https://us.posthog.com/project/7/replay/${ID}?t=42`,
      { origin: 'https://us.posthog.com', projectId: 7 },
    ],
    [`https://app.posthog.com/replay/${ID}`, { origin: 'https://us.posthog.com', projectId: null }],
    [`https://eu.posthog.com/recordings/${ID}`, { origin: 'https://eu.posthog.com', projectId: null }],
    [
      `https://us.posthog.com/project/1/replay/home?sessionRecordingId=${ID}`,
      { origin: 'https://us.posthog.com', projectId: 1 },
    ],
    [`${SELF}/project/2/replay/${ID}`, { origin: SELF, projectId: 2 }],
  ])('reads %s as a recording', (href, expected) => {
    expect(parse([href])).toEqual([{ ...expected, recordingId: ID }]);
  });

  it.each([
    ['a dashboard', 'https://us.posthog.com/project/1/dashboard/4'],
    ['a collection', 'https://us.posthog.com/project/1/replay/playlists/eKdNnFRI'],
    ['the replay home', 'https://us.posthog.com/project/1/replay/home'],
    ['another site', `https://example.com/project/1/replay/${ID}`],
    ['a look-alike host', `https://us.posthog.com.evil.example/project/1/replay/${ID}`],
    ['a self-hosted one not granted', `http://127.0.0.1:9999/project/1/replay/${ID}`],
    ['not a URL', 'replay/abc'],
    ['an id longer than a bulk request takes', `https://us.posthog.com/project/1/replay/${'a'.repeat(201)}`],
  ])('drops %s', (_, href) => {
    expect(parse([href])).toEqual([]);
  });

  it('keeps each recording once, in order; the link with a project wins over a legacy one', () => {
    expect(
      parse([
        `https://us.posthog.com/replay/${ID}`,
        `https://us.posthog.com/project/3/replay/${OTHER}`,
        `https://us.posthog.com/project/1/replay/${ID}?t=5`,
        `https://us.posthog.com/project/1/replay/${ID}`,
        `https://eu.posthog.com/project/1/replay/${ID}`,
      ]),
    ).toEqual([
      { origin: 'https://us.posthog.com', projectId: 1, recordingId: ID },
      { origin: 'https://us.posthog.com', projectId: 3, recordingId: OTHER },
      // The same id on another PostHog is another recording.
      { origin: 'https://eu.posthog.com', projectId: 1, recordingId: ID },
    ]);
  });
});

describe('urlsInText', () => {
  it.each([
    [
      `see https://us.posthog.com/project/1/replay/${ID}, and (https://x.example/a)`,
      [`https://us.posthog.com/project/1/replay/${ID}`, 'https://x.example/a'],
    ],
    [`<https://us.posthog.com/replay/${ID}>`, [`https://us.posthog.com/replay/${ID}`]],
    ['no links here', []],
    [undefined, []],
  ])('finds the addresses in %j', (text, urls) => {
    expect(urlsInText(text)).toEqual(urls);
  });

  it('reads a hostile selection in one pass, and only its first 10,000 characters', () => {
    // A regex that backtracked over a long run of punctuation took seconds on this (past the test's
    // time limit); the address is still found, cut at the first 10,000 characters.
    const punctuation = `https://us.posthog.com/replay/${ID}${'.,'.repeat(50_000)}x`;
    expect(urlsInText(punctuation)).toEqual([`https://us.posthog.com/replay/${ID}`]);
    const late = `${' '.repeat(MAX_SELECTION_TEXT)} https://us.posthog.com/replay/${ID}`;
    expect(urlsInText(late)).toEqual([]);
    const link = `https://us.posthog.com/replay/${ID}`;
    expect(urlsInText(`${link} `.repeat(3_000))).toHaveLength(
      Math.ceil(MAX_SELECTION_TEXT / (link.length + 1)),
    );
  });

  it('a trailing comma or bracket does not hide the recording', () => {
    const hrefs = urlsInText(
      `Bugs: https://us.posthog.com/project/1/replay/${ID}, https://us.posthog.com/project/1/replay/${OTHER}.`,
    );
    expect(parse(hrefs).map((recording) => recording.recordingId)).toEqual([ID, OTHER]);
  });
});

describe('createLinkCollector', () => {
  const click = { tabId: 4, frameId: 0, scope: 'selection' as const };

  it('reads the links of the frame clicked in, for the scope clicked', async () => {
    const asked: unknown[] = [];
    const collect = createLinkCollector({
      readLinks: async (...args) => {
        asked.push(args);
        return ['https://us.posthog.com/replay/a'];
      },
    });
    expect(await collect({ ...click, frameId: 3, scope: 'page' })).toEqual({
      hrefs: ['https://us.posthog.com/replay/a'],
      readable: true,
    });
    expect(asked).toEqual([[4, 3, 'page']]);
  });

  it('keeps only strings of a sane length from the page, and adds addresses typed in the selection', async () => {
    const collect = createLinkCollector({
      readLinks: async () => ['https://a/replay/1', 42, null, `https://a/replay/${'x'.repeat(3000)}`],
    });
    expect(await collect({ ...click, selectionText: 'and https://a/replay/2' })).toEqual({
      hrefs: ['https://a/replay/1', 'https://a/replay/2'],
      readable: true,
    });
  });

  it.each([
    [
      'the page cannot be read (no grant, a browser page)',
      async () => Promise.reject(new Error('Cannot access')),
    ],
    ['the answer is not a list', async () => ({ links: [] })],
  ])('says unreadable when %s and the selection names no address', async (_, readLinks) => {
    const collect = createLinkCollector({ readLinks });
    expect(await collect(click)).toEqual({ hrefs: [], readable: false });
    expect(await collect({ ...click, selectionText: 'https://a/replay/9' })).toEqual({
      hrefs: ['https://a/replay/9'],
      readable: true,
    });
  });

  it('takes at most 2000 links', async () => {
    const many = Array.from({ length: 2500 }, (_, i) => `https://a/replay/${i}`);
    const collect = createLinkCollector({ readLinks: async () => many });
    expect((await collect(click)).hrefs).toHaveLength(2000);
  });
});
