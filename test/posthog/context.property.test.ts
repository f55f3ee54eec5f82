import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRecordingId, isReservedWord, type PageContext, parsePageContext } from '../../lib/posthog/context';
import { PageContextSchema } from '../../lib/posthog/context-schema';
import {
  dashboardsListLink,
  insightLink,
  notebookLink,
  pageLink,
  playlistLink,
  playlistsListLink,
  privateDashboardLink,
  publicShareLink,
  recordingLink,
} from '../../lib/posthog/links';

const APP_ORIGINS = ['http://127.0.0.1:8010/', 'https://posthog.example.com'];
const RESERVED = [
  'new',
  'home',
  'playlists',
  'settings',
  'configuration',
  'options',
  'templates',
  'file-playback',
  'recent',
  'kiosk',
  'bulk_add',
  'bulk_delete',
];

const origin = fc.constantFrom(
  'https://us.posthog.com',
  'https://eu.posthog.com',
  'http://127.0.0.1:8010',
  'https://posthog.example.com',
);
const projectId = fc.option(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), { nil: null });
const second = fc.option(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), { nil: undefined });
/** Recording ids rich in what URLs treat specially, plus real ones and arbitrary text. */
const recordingId = fc.oneof(
  fc.uuid(),
  fc.string({
    unit: fc.constantFrom(
      'a',
      'Z',
      '0',
      '-',
      '/',
      '?',
      '#',
      '%',
      '2F',
      '.',
      ' ',
      '+',
      '&',
      '=',
      '(',
      'é',
      '😀',
    ),
  }),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
);
const shortId = fc.stringMatching(/^[A-Za-z0-9_-]{1,32}$/).filter((id) => !isReservedWord(id));
const accessToken = fc.stringMatching(/^[A-Za-z0-9_-]{1,128}$/);

/** Strings close to what users paste: real PostHog URL forms with a few random edits. */
const TEMPLATES = [
  'https://us.posthog.com/project/1/replay/0191dd9d-ec00-726b-b2a7-4de452e6b438?t=150',
  'https://eu.posthog.com/project/12345/replay/home?sessionRecordingId=abc&t=3',
  'https://app.posthog.com/project/1/replay/playlists/eKdNnFRI#sessionRecordingId=abc&timestamp=1',
  'https://us.posthog.com/project/1/replay/playlists',
  'https://us.posthog.com/project/1/dashboard/7/tiles/3?highlightInsightId=AbCd',
  'https://us.posthog.com/project/phc_AbC/dashboard',
  'https://us.posthog.com/shared/ThPQInf3W95O4Ve1SbO1jsafutKK4w?whitelabel',
  'https://us.posthog.com/embedded/ThPQInf3W95O4Ve1SbO1jsafutKK4w',
  'https://us.posthog.com/recordings#sessionRecordingId=a%20b',
  'http://127.0.0.1:8010/project/1/replay/x%2Fy',
  'https://posthog.example.com/dashboard/4/subscriptions/new',
  'https://us.posthog.com/project/1/insights/Wk7pQ2xZ/edit?filters_override=%7B%7D#panel=docs',
  'https://us.posthog.com/project/1/insights/Wk7pQ2xZ/subscriptions/new',
  'https://eu.posthog.com/i/Wk7pQ2xZ',
  'https://us.posthog.com/project/1/notebooks/NbRe1ase',
  'https://us.posthog.com/project/1/feature_flags/7?tab=usage#panel=support%3Abug&q=1',
  'http://127.0.0.1:8010/project/2/persons/01900000-0000-7000-8000-000000000a1a',
];
const EDIT_PIECES = '/ % # ? & = . @ : 0 1 a é %2F %E2 .. home constructor __proto__'.split(' ');
const edit = fc.tuple(fc.nat(), fc.nat(4), fc.string({ unit: fc.constantFrom(...EDIT_PIECES) }));
const mutatedPostHogUrl = fc
  .tuple(fc.constantFrom(...TEMPLATES), fc.array(edit, { minLength: 1, maxLength: 4 }))
  .map(([url, edits]) =>
    edits.reduce((text, [at, removed, inserted]) => {
      const index = at % (text.length + 1);
      return text.slice(0, index) + inserted + text.slice(index + removed);
    }, url),
  );
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  mutatedPostHogUrl,
);

function idsOf(ctx: PageContext): string[] {
  if (ctx.kind === 'recording')
    return [ctx.recordingId, ...(ctx.playlistShortId ? [ctx.playlistShortId] : [])];
  if (ctx.kind === 'playlist' || ctx.kind === 'insight' || ctx.kind === 'notebook') return [ctx.shortId];
  return [];
}

/**
 * The only paths an insight or a notebook is read from (reference §6-7, `urls.insightView` and the
 * rest): written apart from the parser, as the forms PostHog's router has.
 */
const ITEM_PATH =
  /^(?:\/project\/(?:[1-9]\d*|phc_[A-Za-z0-9]+))?\/(?:insights\/[A-Za-z0-9]{1,12}(?:\/edit|\/sharing|\/subscriptions(?:\/[^/]+)?)?|i\/[A-Za-z0-9]{1,12}|notebooks\/[A-Za-z0-9]{1,12})\/*$/;

describe('parsePageContext, for any string', () => {
  it('never throws, and returns null or a valid context without reserved words as ids', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const ctx = parsePageContext(text, APP_ORIGINS);
        if (ctx === null) return;
        expect(PageContextSchema.parse(ctx)).toStrictEqual(ctx);
        expect(idsOf(ctx).filter(isReservedWord)).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads the same context back from the link of what it read', () => {
    fc.assert(
      fc.property(mutatedPostHogUrl, (text) => {
        const ctx = parsePageContext(text, APP_ORIGINS);
        if (ctx === null) return;
        // a recording link names the recording, not the playlist it was opened in
        const { playlistShortId: _, ...expected } = ctx as PageContext & { playlistShortId?: string };
        expect(parsePageContext(pageLink(ctx), APP_ORIGINS)).toStrictEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads an insight or a notebook only from their own forms', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const ctx = parsePageContext(text, APP_ORIGINS);
        if (ctx?.kind !== 'insight' && ctx?.kind !== 'notebook') return;
        const { pathname } = new URL(text);
        expect(pathname).toMatch(ITEM_PATH);
        expect(pathname).toMatch(ctx.kind === 'insight' ? /\/(insights|i)\// : /\/notebooks\//);
        expect(ctx.shortId.toLowerCase()).not.toBe('scratchpad');
      }),
      { numRuns: 3000 },
    );
  });

  it('never takes a reserved word, in any case, for an id', () => {
    const reserved = fc
      .tuple(fc.constantFrom(...RESERVED), fc.array(fc.boolean(), { minLength: 13, maxLength: 13 }))
      .map(([word, upper]) => [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));
    const shape = fc.constantFrom(
      '/replay/%s',
      '/replay/playlists/%s',
      '/recordings/%s',
      '/replay/home?sessionRecordingId=%s',
      '/x#sessionRecordingId=%s',
      '/insights/%s',
      '/insights/%s/edit',
      '/i/%s',
      '/notebooks/%s',
    );
    fc.assert(
      fc.property(origin, projectId, reserved, shape, (o, p, word, path) => {
        const prefix = p === null ? '' : `/project/${p}`;
        const ctx = parsePageContext(o + prefix + path.replace('%s', word), APP_ORIGINS);
        expect(ctx === null || idsOf(ctx).every((id) => !isReservedWord(id))).toBe(true);
      }),
    );
  });
});

describe('every link parses back to its context', () => {
  it('recording: same id, project and second, for every valid id; nothing else for invalid ones', () => {
    fc.assert(
      fc.property(origin, projectId, recordingId, second, (o, p, id, t) => {
        const parsed = parsePageContext(
          recordingLink({ origin: o, projectId: p, recordingId: id }, t),
          APP_ORIGINS,
        );
        if (isRecordingId(id)) {
          const expected = { kind: 'recording', origin: o, projectId: p, recordingId: id };
          expect(parsed).toStrictEqual(t === undefined ? expected : { ...expected, t });
        } else if (id.isWellFormed()) {
          expect(parsed).toBeNull();
        } else {
          expect(parsed === null || PageContextSchema.safeParse(parsed).success).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('dashboard, playlist, lists and public links', () => {
    fc.assert(
      fc.property(
        origin,
        projectId,
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        shortId,
        accessToken,
        (o, p, dashboardId, id, token) => {
          const parse = (link: string) => parsePageContext(link, APP_ORIGINS);
          expect(parse(privateDashboardLink({ origin: o, projectId: p, dashboardId }))).toStrictEqual({
            kind: 'dashboard',
            origin: o,
            projectId: p,
            dashboardId,
          });
          expect(parse(playlistLink({ origin: o, projectId: p, shortId: id }))).toStrictEqual({
            kind: 'playlist',
            origin: o,
            projectId: p,
            shortId: id,
          });
          expect(parse(dashboardsListLink({ origin: o, projectId: p }))).toStrictEqual({
            kind: 'dashboards',
            origin: o,
            projectId: p,
          });
          expect(parse(playlistsListLink({ origin: o, projectId: p }))).toStrictEqual({
            kind: 'playlists',
            origin: o,
            projectId: p,
          });
          expect(parse(publicShareLink(o, token))).toStrictEqual({
            kind: 'shared',
            origin: o,
            accessToken: token,
          });
          const embedded = { kind: 'embedded', origin: o, accessToken: token } as const;
          expect(parse(pageLink(embedded))).toStrictEqual(embedded);
          const item = id.replace(/[_-]/g, '').slice(0, 12);
          if (item !== '' && !isReservedWord(item) && item.toLowerCase() !== 'scratchpad') {
            const where = { origin: o, projectId: p, shortId: item };
            expect(parse(insightLink(where))).toStrictEqual({ kind: 'insight', ...where });
            expect(parse(notebookLink(where))).toStrictEqual({ kind: 'notebook', ...where });
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
