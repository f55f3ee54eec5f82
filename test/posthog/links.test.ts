import { describe, expect, it } from 'vitest';
import { type PageContext, parsePageContext } from '../../lib/posthog/context';
import {
  dashboardsListLink,
  markdownLink,
  pageLink,
  playlistLink,
  playlistsListLink,
  privateDashboardLink,
  publicShareLink,
  recordingLink,
} from '../../lib/posthog/links';
import { DEMO } from '../fake-posthog/demo-ids';
import { HOSTILE_NAMES } from '../support/hostile-names';

const US = 'https://us.posthog.com';
const LOCAL = 'http://127.0.0.1:8010';
const rec = DEMO.recordings.inCheckout;

describe('links', () => {
  it.each<[string, string, string]>([
    [
      'private dashboard',
      privateDashboardLink({ origin: US, projectId: 1, dashboardId: 7 }),
      `${US}/project/1/dashboard/7`,
    ],
    [
      'private dashboard, project unknown',
      privateDashboardLink({ origin: US, projectId: null, dashboardId: 7 }),
      `${US}/dashboard/7`,
    ],
    ['public share', publicShareLink(US, DEMO.sharedToken), `${US}/shared/${DEMO.sharedToken}`],
    [
      'recording',
      recordingLink({ origin: US, projectId: 1, recordingId: rec }),
      `${US}/project/1/replay/${rec}`,
    ],
    [
      'recording at a second',
      recordingLink({ origin: US, projectId: 1, recordingId: rec }, 150),
      `${US}/project/1/replay/${rec}?t=150`,
    ],
    [
      'recording at second 0',
      recordingLink({ origin: US, projectId: 1, recordingId: rec }, 0),
      `${US}/project/1/replay/${rec}?t=0`,
    ],
    [
      'recording at a fraction',
      recordingLink({ origin: US, projectId: 1, recordingId: rec }, 12.9),
      `${US}/project/1/replay/${rec}?t=12`,
    ],
    [
      'recording at its own t',
      recordingLink({ origin: US, projectId: 1, recordingId: rec, t: 30 }),
      `${US}/project/1/replay/${rec}?t=30`,
    ],
    [
      'second overrides t',
      recordingLink({ origin: US, projectId: 1, recordingId: rec, t: 30 }, 45),
      `${US}/project/1/replay/${rec}?t=45`,
    ],
    [
      'negative second dropped',
      recordingLink({ origin: US, projectId: 1, recordingId: rec }, -5),
      `${US}/project/1/replay/${rec}`,
    ],
    [
      'NaN second dropped',
      recordingLink({ origin: US, projectId: 1, recordingId: rec }, Number.NaN),
      `${US}/project/1/replay/${rec}`,
    ],
    [
      'recording, project unknown',
      recordingLink({ origin: US, projectId: null, recordingId: rec }, 3),
      `${US}/replay/${rec}?t=3`,
    ],
    [
      'recording id encoded',
      recordingLink({ origin: US, projectId: 1, recordingId: 'café 100%&x=1' }),
      `${US}/project/1/replay/caf%C3%A9%20100%25%26x%3D1`,
    ],
    [
      'playlist',
      playlistLink({ origin: US, projectId: 1, shortId: DEMO.playlists.checkoutBugs }),
      `${US}/project/1/replay/playlists/eKdNnFRI`,
    ],
    ['dashboards list', dashboardsListLink({ origin: LOCAL, projectId: 2 }), `${LOCAL}/project/2/dashboard`],
    ['playlists list', playlistsListLink({ origin: US, projectId: 1 }), `${US}/project/1/replay/playlists`],
    [
      'playlists list, project unknown',
      playlistsListLink({ origin: US, projectId: null }),
      `${US}/replay/playlists`,
    ],
  ])('%s', (_, link, expected) => {
    expect(link).toBe(expected);
  });

  it.each<PageContext>([
    { kind: 'recording', origin: US, projectId: 1, recordingId: rec, t: 30 },
    { kind: 'recording', origin: LOCAL, projectId: null, recordingId: 'a b+c%' },
    { kind: 'playlist', origin: US, projectId: 1, shortId: 'synthetic-commented' },
    { kind: 'dashboard', origin: LOCAL, projectId: 2, dashboardId: 4 },
    { kind: 'shared', origin: US, accessToken: DEMO.sharedToken },
    { kind: 'embedded', origin: US, accessToken: DEMO.sharedToken },
    { kind: 'dashboards', origin: US, projectId: null },
    { kind: 'playlists', origin: LOCAL, projectId: 1 },
  ])('pageLink($kind) parses back to its context', (ctx) => {
    expect(parsePageContext(pageLink(ctx), [LOCAL])).toStrictEqual(ctx);
  });

  it('a recording link leaves out the playlist it was opened in', () => {
    const ctx = parsePageContext(`${US}/project/1/replay/playlists/eKdNnFRI#sessionRecordingId=${rec}`);
    expect(ctx && pageLink(ctx)).toBe(`${US}/project/1/replay/${rec}`);
  });
});

describe('markdownLink', () => {
  it.each<[string, string, string, string]>([
    ['plain', 'Product KPIs', `${US}/project/1/dashboard/1`, `[Product KPIs](${US}/project/1/dashboard/1)`],
    ['brackets in the text', 'KPIs [draft]', 'https://x.test/a', '[KPIs \\[draft\\]](https://x.test/a)'],
    ['backslash in the text', 'a\\b', 'https://x.test/a', '[a\\\\b](https://x.test/a)'],
    [
      'backticks and angle brackets in the text',
      '`<b>`',
      'https://x.test/a',
      '[\\`\\<b\\>\\`](https://x.test/a)',
    ],
    ['parentheses in the text stay', 'Funnel (web)', 'https://x.test/a', '[Funnel (web)](https://x.test/a)'],
    ['newlines in the text', 'two\n\nlines', 'https://x.test/a', '[two lines](https://x.test/a)'],
    ['parentheses in the URL', 'x', 'https://x.test/replay/a(1)', '[x](https://x.test/replay/a%281%29)'],
    [
      'spaces and angle brackets in the URL',
      'x',
      'https://x.test/a b<c>',
      '[x](https://x.test/a%20b%3Cc%3E)',
    ],
    ['backslash in the URL', 'x', 'https://x.test/a\\)', '[x](https://x.test/a%5C%29)'],
    [
      'empty text falls back to the URL',
      '  ',
      'https://x.test/(a)',
      '[https://x.test/(a)](https://x.test/%28a%29)',
    ],
  ])('%s', (_, text, url, expected) => {
    expect(markdownLink(text, url)).toBe(expected);
  });

  it.each(HOSTILE_NAMES)(
    'a name with $what stays text, named by the URL when nothing is left',
    ({ name, text }) => {
      const url = `${US}/project/1/dashboard/1`;
      expect(markdownLink(name, url)).toBe(`[${text || `${US}/project/1/dashboard/1`}](${url})`);
    },
  );

  it('percent-encodes controls, bidi and zero-width characters in the URL', () => {
    expect(markdownLink('x', 'https://x.test/a\u202Eb\u200Bc\u0000')).toBe(
      '[x](https://x.test/a%E2%80%AEb%E2%80%8Bc%00)',
    );
  });

  it('keeps the link target equivalent after percent-encoding', () => {
    const link = recordingLink({ origin: US, projectId: 1, recordingId: "it's(1)" });
    const target = /\]\((.*)\)$/.exec(markdownLink('rec', link))?.[1] ?? '';
    expect(parsePageContext(target)).toMatchObject({ recordingId: "it's(1)" });
  });
});
