import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createLinkCollector,
  linksInDocument,
  MAX_SELECTION_TEXT,
  recordingsFromLinks,
  urlsInText,
} from '../../../lib/background/bulk/link-collector';
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
    ['an id longer than PostHog takes (70)', `https://us.posthog.com/project/1/replay/${'a'.repeat(71)}`],
    // Ids PostHog's capture never makes (ASCII letters, digits and hyphens only): a page's attack.
    ['an id with a dot', 'https://us.posthog.com/project/1/replay/old-sdk.session_42'],
    ['an id with an encoded slash', 'https://us.posthog.com/project/1/replay/a%2F..%2Fb'],
    ['an id with a quote', `https://us.posthog.com/project/1/replay/a%22b`],
    ['an id with non-ASCII letters', 'https://us.posthog.com/project/1/replay/caf%C3%A9'],
    [
      'an id in the query with a plus',
      'https://us.posthog.com/project/1/replay/home?sessionRecordingId=a%2Bb',
    ],
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

  it('reads only the first 10,000 characters of a 100,000-character hostile selection', () => {
    // One address followed by 100,000 dots: the dots past the cut are never looked at, and the
    // punctuation before it is trimmed in one pass back.
    expect(urlsInText(`https://a${'.'.repeat(100_000)} https://b`)).toEqual(['https://a']);
    // 100,000 characters of "https://" run together: one match, cut at 10,000 and then too long to be
    // a link; spaced out, none has anything after the scheme.
    expect(urlsInText('https://'.repeat(12_500))).toEqual([]);
    expect(urlsInText('https:// '.repeat(11_112))).toEqual([]);
    // The address past the cut is not read, however the text before it is built.
    expect(urlsInText(`${'https:/'.repeat(MAX_SELECTION_TEXT / 7)} https://late.example/x`)).toEqual([]);
  });

  it('matches addresses with a pattern that cannot backtrack: one greedy class after a fixed prefix', () => {
    // The scheme is literal and the rest is one character class with no alternative or nesting, so a
    // failed match at one position costs at most the prefix's eight characters.
    expect(urlsInText.toString()).toContain('/https?:\\/\\/[^\\s<>"\'`]+/g');
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

describe('linksInDocument (run in the page): only links a person can see', () => {
  const REC = `https://us.posthog.com/project/1/replay/${ID}`;
  interface FakeElement {
    href?: string;
    parentElement: FakeElement | null;
    style?: Partial<Record<'display' | 'visibility' | 'opacity' | 'contentVisibility', string>>;
    box?: { width: number; height: number; right: number; bottom: number };
    checkVisibility?: (options: Record<string, boolean>) => boolean;
    selected?: boolean;
  }
  const body: FakeElement = { parentElement: null };
  const link = (extra: Partial<FakeElement> = {}): FakeElement => ({
    href: REC,
    parentElement: body,
    box: { width: 120, height: 18, right: 300, bottom: 200 },
    selected: true,
    ...extra,
  });

  function inPage(links: FakeElement[], scope: 'selection' | 'page' = 'selection'): string[] {
    const all = links.map((one) => ({
      ...one,
      getBoundingClientRect: () => one.box ?? { width: 0, height: 0, right: 0, bottom: 0 },
    }));
    vi.stubGlobal('document', { links: all });
    vi.stubGlobal('scrollX', 0);
    vi.stubGlobal('scrollY', 0);
    vi.stubGlobal('getComputedStyle', (element: FakeElement) => ({
      display: 'inline',
      visibility: 'visible',
      opacity: '1',
      contentVisibility: 'visible',
      ...element.style,
    }));
    vi.stubGlobal('getSelection', () => ({
      rangeCount: 1,
      getRangeAt: () => ({ intersectsNode: (node: FakeElement) => node.selected === true }),
    }));
    return linksInDocument(scope);
  }
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a visible link in the selection', () => {
    expect(inPage([link()])).toEqual([REC]);
  });

  it('asks checkVisibility with its opacity and visibility options, in both spellings', () => {
    const asked: Array<Record<string, boolean>> = [];
    const judged = (visible: boolean) => (options: Record<string, boolean>) => {
      asked.push(options);
      return visible;
    };
    // display:none, visibility:hidden, opacity:0 or a hidden parent: the browser says not visible.
    expect(inPage([link({ checkVisibility: judged(false) })])).toEqual([]);
    expect(inPage([link({ checkVisibility: judged(true) })])).toEqual([REC]);
    expect(asked[0]).toEqual({
      checkOpacity: true,
      checkVisibilityCSS: true,
      opacityProperty: true,
      visibilityProperty: true,
    });
  });

  it.each([
    ['zero-size', { box: { width: 0, height: 0, right: 0, bottom: 0 } }],
    ['a one-pixel box (clipped away)', { box: { width: 1, height: 1, right: 301, bottom: 201 } }],
    ['pushed past the left edge', { box: { width: 120, height: 18, right: -9000, bottom: 200 } }],
    ['pushed above the top', { box: { width: 120, height: 18, right: 300, bottom: -40 } }],
    ['not in the selection', { selected: false }],
  ])('drops a link %s', (_, extra) => {
    expect(inPage([link({ ...extra, checkVisibility: () => true })])).toEqual([]);
  });

  it.each([
    ['display: none', { display: 'none' }],
    ['visibility: hidden', { visibility: 'hidden' }],
    ['visibility: collapse', { visibility: 'collapse' }],
    ['opacity: 0', { opacity: '0' }],
    ['content-visibility: hidden', { contentVisibility: 'hidden' }],
  ])('without checkVisibility, drops a link with %s, or inside a parent with it', (name, style) => {
    expect(inPage([link({ style })])).toEqual([]);
    // Visibility is inherited, so a hidden parent's shows in the link's own computed style.
    const parent: FakeElement = { parentElement: body, style: name.startsWith('visibility') ? {} : style };
    const child = link({ parentElement: parent, style: name.startsWith('visibility') ? style : {} });
    expect(inPage([child])).toEqual([]);
  });

  it('reads the whole page with the same rule, and only links that look like a recording', () => {
    expect(
      inPage(
        [
          link({ selected: false }),
          link({ selected: false, style: { display: 'none' } }),
          link({ href: 'https://us.posthog.com/project/1/dashboard/4' }),
        ],
        'page',
      ),
    ).toEqual([REC]);
  });
});
