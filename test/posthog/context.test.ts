import { describe, expect, expectTypeOf, it } from 'vitest';
import { contextKey, type PageContext, parsePageContext, parsePositiveInt } from '../../lib/posthog/context';
import { PageContextSchema } from '../../lib/posthog/context-schema';
import { DEMO } from '../fake-posthog/demo-ids';

const US = 'https://us.posthog.com';
const EU = 'https://eu.posthog.com';
const LOCAL = 'http://127.0.0.1:8010';
const SELF = 'https://posthog.example.com';
const APP_ORIGINS = [`${LOCAL}/`, 'https://PostHog.Example.com:443/'];

const rec = DEMO.recordings.inCheckout;
const playlist = DEMO.playlists.checkoutBugs;
const token = DEMO.sharedToken;

const recording = (
  projectId: number | null,
  recordingId: string,
  extra: { t?: number; playlistShortId?: string } = {},
  origin = US,
): PageContext => ({ kind: 'recording', origin, projectId, recordingId, ...extra });

describe('parsePageContext recognises', () => {
  it.each<[string, PageContext]>([
    // single recordings
    [`${US}/project/1/replay/${rec}`, recording(1, rec)],
    [`${US}/project/1/replay/${rec}/`, recording(1, rec)],
    [`${US}/project/1/replay/${rec}?t=150`, recording(1, rec, { t: 150 })],
    [`${US}/project/1/replay/${rec}?t=0`, recording(1, rec, { t: 0 })],
    [`${US}/project/1/replay/${rec}?unrelated=1&t=007`, recording(1, rec, { t: 7 })],
    [`${US}/project/1/replay/${rec}?t=1.5`, recording(1, rec)],
    [`${US}/project/1/replay/${rec}?t=-3`, recording(1, rec)],
    [`${US}/project/1/replay/${rec}?t=abc`, recording(1, rec)],
    [`${US}/project/1/replay/${rec}?t=`, recording(1, rec)],
    [`${US}/project/1/replay/${rec}?t=1e3`, recording(1, rec)],
    [`${US}/project/1/replay/${rec}?t=99999999999999999999`, recording(1, rec)],
    [`${EU}/project/12345/replay/${rec}`, recording(12345, rec, {}, EU)],
    [`https://app.posthog.com/project/1/replay/${rec}`, recording(1, rec)],
    ['https://US.PostHog.com:443/project/1/replay/abc', recording(1, 'abc')],
    [`${US}/project/1/replay/old-sdk.session_42`, recording(1, 'old-sdk.session_42')],
    [`${US}/project/1/replay/caf%C3%A9%20%2B1`, recording(1, 'café +1')],
    [`${US}/project/1/replay/a+b`, recording(1, 'a+b')],
    [`${US}/project/1/replay/100%25`, recording(1, '100%')],
    [`${US}/project/1/replay/Homer`, recording(1, 'Homer')],
    // a recording opened over a list, a playlist or any other page
    [`${US}/project/1/replay/home?sessionRecordingId=${rec}`, recording(1, rec)],
    [
      `${US}/project/1/replay/home?filters=%7B%7D&sessionRecordingId=${rec}&order=start_time`,
      recording(1, rec),
    ],
    [`${US}/project/1/replay/home?sessionRecordingId=${rec}&t=30`, recording(1, rec, { t: 30 })],
    [`${US}/project/1/replay/home?sessionRecordingId=a%2Bb+c`, recording(1, 'a+b c')],
    [`${US}/project/1/insights/abc123#sessionRecordingId=${rec}`, recording(1, rec)],
    [
      `${US}/project/1/insights/abc123?x=1#sessionRecordingId=${rec}&timestamp=1740000000000`,
      recording(1, rec),
    ],
    [`${US}/project/1/dashboard/7#sessionRecordingId=${rec}`, recording(1, rec)],
    [`${US}/project/1/dashboard/7?sessionRecordingId=${rec}`, recording(1, rec)],
    [`${US}/project/1/dashboard/not-a-number#sessionRecordingId=${rec}`, recording(1, rec)],
    [`${US}/project/1/replay/other-id#sessionRecordingId=${rec}`, recording(1, rec)],
    [`${US}/project/1/replay/home?sessionRecordingId=query-id#sessionRecordingId=${rec}`, recording(1, rec)],
    [`${US}/project/1/replay/other-id?t=99#sessionRecordingId=${rec}`, recording(1, rec)],
    [`${US}/project/1/person/abc#sessionRecordingId=${rec}&t=12`, recording(1, rec, { t: 12 })],
    [
      `${US}/project/1/dashboard/7#sessionRecordingId=`,
      { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 7 },
    ],
    [`${US}/#sessionRecordingId=${rec}`, recording(null, rec)],
    [
      `${US}/project/1/replay/playlists/${playlist}?sessionRecordingId=${rec}`,
      recording(1, rec, { playlistShortId: playlist }),
    ],
    [
      `${US}/project/1/replay/playlists/${playlist}#sessionRecordingId=${rec}&timestamp=1`,
      recording(1, rec, { playlistShortId: playlist }),
    ],
    [`${US}/project/1/replay/playlists/new?sessionRecordingId=${rec}`, recording(1, rec)],
    [`${US}/project/1/replay/playlists?sessionRecordingId=${rec}`, recording(1, rec)],
    // playlists
    [
      `${US}/project/1/replay/playlists/${playlist}`,
      { kind: 'playlist', origin: US, projectId: 1, shortId: playlist },
    ],
    [
      `${US}/project/1/replay/playlists/${playlist}/`,
      { kind: 'playlist', origin: US, projectId: 1, shortId: playlist },
    ],
    [
      `${US}/project/1/replay/playlists/synthetic-watch-history`,
      { kind: 'playlist', origin: US, projectId: 1, shortId: 'synthetic-watch-history' },
    ],
    [`${US}/project/1/replay/playlists`, { kind: 'playlists', origin: US, projectId: 1 }],
    [`${US}/project/1/replay/playlists/`, { kind: 'playlists', origin: US, projectId: 1 }],
    // dashboards
    [`${US}/project/1/dashboard/7`, { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 7 }],
    [`${US}/project/1/dashboard/7/`, { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 7 }],
    [
      `${US}/project/1/dashboard/7?highlightInsightId=AbCd1234`,
      { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 7 },
    ],
    [
      `${US}/project/1/dashboard/7?query_filters=%7B%22date_from%22%3A%22-7d%22%7D&query_variables=%7B%7D`,
      { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 7 },
    ],
    [`${US}/project/1/dashboard/7/sharing`, { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 7 }],
    [
      `${US}/project/1/dashboard/7/subscriptions`,
      { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 7 },
    ],
    [
      `${US}/project/1/dashboard/7/subscriptions/new`,
      { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 7 },
    ],
    [
      `${US}/project/1/dashboard/7/subscriptions/42`,
      { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 7 },
    ],
    [`${US}/project/1/dashboard/7/tiles/99`, { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 7 }],
    [
      `${US}/project/1/dashboard/7/text-tiles/99`,
      { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 7 },
    ],
    [`${US}/project/1/dashboard`, { kind: 'dashboards', origin: US, projectId: 1 }],
    [`${US}/project/1/dashboard/?search=kpi`, { kind: 'dashboards', origin: US, projectId: 1 }],
    // shared and embedded (no project prefix)
    [`${US}/shared/${token}`, { kind: 'shared', origin: US, accessToken: token }],
    [`${US}/shared/${token}?whitelabel&noHeader`, { kind: 'shared', origin: US, accessToken: token }],
    [`${US}/shared/${token}?t=150&showInspector`, { kind: 'shared', origin: US, accessToken: token }],
    [`${US}/shared/${token}#sessionRecordingId=${rec}`, { kind: 'shared', origin: US, accessToken: token }],
    [`${EU}/embedded/${token}`, { kind: 'embedded', origin: EU, accessToken: token }],
    [`${US}/shared_dashboard/${token}`, { kind: 'shared', origin: US, accessToken: token }],
    // `/project/phc_…/` names the project by its public token: the id is unknown
    [`${US}/project/phc_AbC123/replay/${rec}`, recording(null, rec)],
    [
      `${US}/project/phc_AbC123/dashboard/7`,
      { kind: 'dashboard', origin: US, projectId: null, dashboardId: 7 },
    ],
    // legacy, unprefixed paths
    [`${US}/replay/${rec}`, recording(null, rec)],
    [`${US}/replay/${rec}?t=12`, recording(null, rec, { t: 12 })],
    [`${US}/recordings/${rec}`, recording(null, rec)],
    [
      `${US}/recordings/playlists/${playlist}`,
      { kind: 'playlist', origin: US, projectId: null, shortId: playlist },
    ],
    [`${US}/recordings/playlists`, { kind: 'playlists', origin: US, projectId: null }],
    [`${US}/recordings#sessionRecordingId=${rec}`, recording(null, rec)],
    [`${US}/replay/recent?sessionRecordingId=${rec}`, recording(null, rec)],
    [`${US}/replay/home?sessionRecordingId=${rec}`, recording(null, rec)],
    [
      `${US}/replay/playlists/${playlist}`,
      { kind: 'playlist', origin: US, projectId: null, shortId: playlist },
    ],
    [`${US}/dashboard/7`, { kind: 'dashboard', origin: US, projectId: null, dashboardId: 7 }],
    [`${US}/dashboard`, { kind: 'dashboards', origin: US, projectId: null }],
    [`${US}/project/1/recordings/${rec}`, recording(1, rec)],
    // self-hosted origins from the settings
    [`${LOCAL}/project/1/replay/${rec}`, recording(1, rec, {}, LOCAL)],
    [`${LOCAL}/shared/${token}`, { kind: 'shared', origin: LOCAL, accessToken: token }],
    [`${SELF}/project/3/dashboard/4`, { kind: 'dashboard', origin: SELF, projectId: 3, dashboardId: 4 }],
    [
      `https://POSTHOG.example.com:443/project/3/dashboard/4`,
      { kind: 'dashboard', origin: SELF, projectId: 3, dashboardId: 4 },
    ],
  ])('%s', (url, expected) => {
    const context = parsePageContext(url, APP_ORIGINS);
    expect(context).toStrictEqual(expected);
    expect(PageContextSchema.parse(context)).toStrictEqual(expected);
  });
});

const item = (kind: 'insight' | 'notebook', shortId: string, projectId: number | null = 1): PageContext => ({
  kind,
  origin: US,
  projectId,
  shortId,
});
const page = (path: string, projectId: number | null = 1): PageContext => ({
  kind: 'page',
  origin: US,
  projectId,
  path,
});

describe('parsePageContext recognises insights, notebooks and other pages', () => {
  it.each<[string, PageContext]>([
    [`${US}/project/1/insights/Ab12Cd34`, item('insight', 'Ab12Cd34')],
    [`${US}/project/1/insights/Ab12Cd34/`, item('insight', 'Ab12Cd34')],
    [`${US}/project/1/insights/Ab12Cd34/edit`, item('insight', 'Ab12Cd34')],
    [`${US}/project/1/insights/Ab12Cd34/sharing`, item('insight', 'Ab12Cd34')],
    [`${US}/project/1/insights/Ab12Cd34/subscriptions`, item('insight', 'Ab12Cd34')],
    [`${US}/project/1/insights/Ab12Cd34/subscriptions/new`, item('insight', 'Ab12Cd34')],
    [`${US}/project/1/insights/Ab12Cd34?filters_override=%7B%7D#panel=docs`, item('insight', 'Ab12Cd34')],
    [`${US}/insights/Ab12Cd34`, item('insight', 'Ab12Cd34', null)],
    [`${US}/i/Ab12Cd34`, item('insight', 'Ab12Cd34', null)],
    [`${US}/project/1/i/Ab12Cd34`, item('insight', 'Ab12Cd34')],
    [`${US}/project/1/notebooks/Nb0ok123`, item('notebook', 'Nb0ok123')],
    [`${US}/notebooks/Nb0ok123`, item('notebook', 'Nb0ok123', null)],
    [`${US}/project/1/feature_flags/12`, page('/project/1/feature_flags/12')],
    [`${US}/project/1/feature_flags?tab=history`, page('/project/1/feature_flags?tab=history')],
    [`${US}/project/1/experiments/3#panel=docs`, page('/project/1/experiments/3')],
    [`${US}/project/1/persons/abc#panel=support%3Abug&q=1`, page('/project/1/persons/abc#q=1')],
    [`${US}/project/1/cohorts/4#supportModal=bug`, page('/project/1/cohorts/4')],
    [`${US}/project/1/surveys/0190-aa`, page('/project/1/surveys/0190-aa')],
    [`${US}/project/1/insights?tab=yours`, page('/project/1/insights?tab=yours')],
    [`${US}/project/1/notebooks`, page('/project/1/notebooks')],
    // The insight's alerts (`urls.insightAlerts`, one alert as `?alert_id=`) are the insight's.
    [`${US}/project/1/insights/Ab12Cd34/alerts`, item('insight', 'Ab12Cd34')],
    [`${US}/project/1/insights/Ab12Cd34/alerts?alert_id=0190-aa`, item('insight', 'Ab12Cd34')],
    // The areas PostHog has today (scenes.ts routes and redirects, the product manifests).
    [`${US}/project/1/activity/explore`, page('/project/1/activity/explore')],
    [`${US}/project/1/activity/live`, page('/project/1/activity/live')],
    [`${US}/project/1/events`, page('/project/1/events')],
    [`${US}/project/1/sql?open_query=select%201`, page('/project/1/sql?open_query=select%201')],
    [`${US}/project/1/error_tracking`, page('/project/1/error_tracking')],
    [`${US}/project/1/error_tracking/0190-aa`, page('/project/1/error_tracking/0190-aa')],
    [`${US}/project/1/heatmaps`, page('/project/1/heatmaps')],
    [`${US}/project/1/comments`, page('/project/1/comments')],
    [`${US}/project/1/data-management/comments`, page('/project/1/data-management/comments')],
    [`${US}/project/1/max?chat=0190-aa`, page('/project/1/max?chat=0190-aa')],
    [`${US}/project/1/max/history`, page('/project/1/max/history')],
    [`${US}/project/1/data-pipelines`, page('/project/1/data-pipelines')],
    [`${US}/project/1/pipeline/overview`, page('/project/1/pipeline/overview')],
    [`${US}/project/1/functions/0190-aa?tab=logs`, page('/project/1/functions/0190-aa?tab=logs')],
    [`${US}/project/1/activity-logs`, page('/project/1/activity-logs')],
    [`${US}/project/1/revenue_analytics`, page('/project/1/revenue_analytics')],
    [`${US}/project/1/llm-observability/traces`, page('/project/1/llm-observability/traces')],
    [`${US}/project/1/logs`, page('/project/1/logs')],
    [`${US}/project/1/links`, page('/project/1/links')],
    [`${US}/project/1/link/0190-aa`, page('/project/1/link/0190-aa')],
    [`${US}/project/1/messaging/broadcasts`, page('/project/1/messaging/broadcasts')],
    [`${US}/project/1/user_interviews/0190-aa`, page('/project/1/user_interviews/0190-aa')],
    [`${US}/project/1/live-debugger`, page('/project/1/live-debugger')],
    // A recording opened over any of them is still the recording.
    [`${US}/project/1/feature_flags/12#sessionRecordingId=${rec}`, recording(1, rec)],
    [`${US}/project/1/insights/Ab12Cd34?sessionRecordingId=${rec}`, recording(1, rec)],
  ])('%s', (url, expected) => {
    const context = parsePageContext(url);
    expect(context).toEqual(expected);
    expect(PageContextSchema.safeParse(context).success).toBe(true);
  });
});

describe('parsePageContext returns null for', () => {
  it.each<[string, string]>([
    ['a project token with more after it', `${US}/project/phc_AbC123.x/replay/${rec}`],
    ['ingestion host', `https://us.i.posthog.com/project/1/replay/${rec}`],
    ['EU ingestion host', `https://eu.i.posthog.com/project/1/dashboard/7`],
    ['assets host', `https://us-assets.i.posthog.com/project/1/dashboard/7`],
    ['marketing site', `https://posthog.com/project/1/replay/${rec}`],
    ['www marketing site', `https://www.posthog.com/project/1/replay/${rec}`],
    ['other posthog.com host', `https://docs.posthog.com/project/1/dashboard/7`],
    ['plain http cloud', `http://us.posthog.com/project/1/replay/${rec}`],
    ['cloud on another port', `https://us.posthog.com:8443/project/1/replay/${rec}`],
    ['look-alike suffix host', `https://us.posthog.com.evil.com/project/1/replay/${rec}`],
    ['look-alike prefix host', `https://evilus.posthog.com/project/1/replay/${rec}`],
    ['look-alike domain', `https://us-posthog.com/project/1/replay/${rec}`],
    ['trailing-dot host', `https://us.posthog.com./project/1/replay/${rec}`],
    ['userinfo trick', `https://us.posthog.com@evil.com/project/1/replay/x`],
    ['credentials on the real host', `https://user:pass@us.posthog.com/project/1/replay/x`],
    ['unlisted host', `https://example.com/project/1/replay/${rec}`],
    ['self-hosted origin not in the settings', `https://other.example.com/project/1/replay/${rec}`],
    ['listed origin over the other scheme', `https://127.0.0.1:8010/project/1/replay/${rec}`],
    ['listed host on another port', `http://127.0.0.1:8011/project/1/replay/${rec}`],
    ['empty string', ''],
    ['whitespace', '   '],
    ['relative URL', `/project/1/replay/${rec}`],
    ['schemeless URL', `us.posthog.com/project/1/replay/${rec}`],
    ['javascript: URL', `javascript:alert(1)//https://us.posthog.com/project/1/replay/${rec}`],
    ['file: URL', `file:///project/1/replay/${rec}`],
    ['data: URL', `data:text/html,https://us.posthog.com/project/1/replay/${rec}`],
    ['chrome: URL', 'chrome://extensions/'],
    ['garbage', 'http://[not a url'],
    ['app root', `${US}/`],
    ['project home', `${US}/project/1`],
    ['a new insight', `${US}/project/1/insights/new`],
    ['an insight sub-page PostHog does not have', `${US}/project/1/insights/abc123/tiles`],
    ['an alert below an insight as a path', `${US}/project/1/insights/abc123/alerts/4`],
    ['a page of today outside a project', `${US}/sql`],
    ['an insight short id with a dash', `${US}/project/1/insights/abc-123`],
    ['the scratchpad notebook', `${US}/project/1/notebooks/scratchpad`],
    ['a notebook sub-page', `${US}/project/1/notebooks/Nb0ok123/edit`],
    ['a legacy insight link with more', `${US}/i/abc123/edit`],
    ['an area PostHog does not route', `${US}/project/1/nowhere/1`],
    ['a page outside a project', `${US}/feature_flags/12`],
    ['the project root', `${US}/project/1`],
    ['replay root', `${US}/project/1/replay`],
    ['replay home without a recording', `${US}/project/1/replay/home`],
    ['replay settings', `${US}/project/1/replay/settings?sectionId=replay`],
    ['replay templates', `${US}/project/1/replay/templates`],
    ['file playback', `${US}/project/1/replay/file-playback`],
    ['the replay kiosk', `${US}/project/1/replay/kiosk`],
    ['the replay kiosk without a project', `${US}/replay/kiosk`],
    ['the replay kiosk in another case', `${US}/replay/Kiosk?play=1`],
    ['a bulk route as recording id', `${US}/project/1/replay/bulk_add`],
    ['a bulk route in sessionRecordingId', `${US}/project/1/replay/home?sessionRecordingId=bulk_delete`],
    ['new playlist', `${US}/project/1/replay/playlists/new`],
    ['reserved word in another case', `${US}/project/1/replay/HOME`],
    ['reserved word as recording id', `${US}/project/1/replay/recent`],
    ['reserved word as playlist id', `${US}/project/1/replay/playlists/Templates`],
    ['reserved word in sessionRecordingId', `${US}/project/1/replay/home?sessionRecordingId=new`],
    ['reserved word in the legacy form', `${US}/recordings/options`],
    ['configuration as recording id', `${US}/project/1/replay/configuration`],
    ['non-numeric dashboard id', `${US}/project/1/dashboard/abc`],
    ['dashboard id 0', `${US}/project/1/dashboard/0`],
    ['negative dashboard id', `${US}/project/1/dashboard/-7`],
    ['dashboard id with leading zero', `${US}/project/1/dashboard/07`],
    ['fractional dashboard id', `${US}/project/1/dashboard/7.5`],
    ['dashboard id beyond safe integers', `${US}/project/1/dashboard/9007199254740993`],
    ['new dashboard', `${US}/project/1/dashboard/new`],
    ['unknown dashboard subpage', `${US}/project/1/dashboard/7/delete-everything`],
    ['dashboards (plural) list', `${US}/project/1/dashboards`],
    ['non-numeric project', `${US}/project/abc/replay/${rec}`],
    ['project 0', `${US}/project/0/replay/${rec}`],
    ['negative project', `${US}/project/-1/replay/${rec}`],
    ['project with leading zero', `${US}/project/01/replay/${rec}`],
    ['empty project segment', `${US}/project//replay/${rec}`],
    ['bad project under a modal', `${US}/project/abc/insights#sessionRecordingId=${rec}`],
    ['double slash', `${US}//replay/${rec}`],
    ['recording subpath', `${US}/project/1/replay/${rec}/extra`],
    ['playlist subpath', `${US}/project/1/replay/playlists/${playlist}/extra`],
    ['playlist id with punctuation', `${US}/project/1/replay/playlists/abc.def`],
    ['over-long playlist id', `${US}/project/1/replay/playlists/${'a'.repeat(33)}`],
    ['encoded slash in a recording id', `${US}/project/1/replay/abc%2F..%2F..%2Fapi`],
    ['encoded slash in a sessionRecordingId', `${US}/project/1/replay/home?sessionRecordingId=a%2Fb`],
    ['encoded question mark in a recording id', `${US}/project/1/replay/a%3Fb`],
    ['encoded hash in a recording id', `${US}/project/1/replay/a%23b`],
    ['encoded slash as a separator', `${US}/project/1/replay%2F${rec}`],
    ['encoded slash in the project segment', `${US}/project%2F1/replay/${rec}`],
    ['dot-dot sessionRecordingId', `${US}/project/1/replay/home?sessionRecordingId=..`],
    ['control character in a recording id', `${US}/project/1/replay/a%0Ab`],
    ['malformed escape in a recording id', `${US}/project/1/replay/a%ZZ`],
    ['truncated escape in a recording id', `${US}/project/1/replay/a%E2%82`],
    ['malformed escape in a sessionRecordingId', `${US}/project/1/dashboard/7#sessionRecordingId=%E0%A4%A`],
    ['encoded surrogate in a recording id', `${US}/project/1/replay/%ED%A0%80`],
    ['shared image', `${US}/shared/${token}.png`],
    ['shared without a token', `${US}/shared`],
    ['shared subpath', `${US}/shared/${token}/extra`],
    ['shared under a project', `${US}/project/1/shared/${token}`],
    ['embedded token with punctuation', `${US}/embedded/a.b`],
    ['inherited key as a public page', `${US}/constructor/abc`],
    ['prototype key as a public page', `${US}/__proto__/abc`],
    ['inherited key as a recording id', `${US}/project/1/replay/constructor/x`],
  ])('%s', (_, url) => {
    expect(parsePageContext(url, APP_ORIGINS)).toBeNull();
  });

  it('self-hosted origins when no settings list them', () => {
    expect(parsePageContext(`${LOCAL}/project/1/replay/${rec}`)).toBeNull();
  });

  it.each([
    'https://us.i.posthog.com',
    'https://posthog.com/',
    'http://us.posthog.com',
    'https://posthog.example.com/some/path',
    'https://posthog.example.com/?x=1',
    'ftp://posthog.example.com',
    'not an origin',
  ])('pages of a settings entry that is not a self-hosted app origin: %s', (entry) => {
    const url = entry.includes('://') ? `${new URL(entry).origin}/project/1/dashboard/7` : 'x';
    expect(parsePageContext(url, [entry])).toBeNull();
  });
});

describe('parsePageContext', () => {
  it('never throws on non-string input from an untrusted sender', () => {
    for (const value of [undefined, null, 42, {}, ['https://us.posthog.com/dashboard/1']]) {
      expect(parsePageContext(value as unknown as string)).toBeNull();
    }
  });

  it('ignores malformed settings entries', () => {
    const origins = [42, null, 'https://posthog.example.com'] as unknown as string[];
    expect(parsePageContext(`${SELF}/dashboard`, origins)).toEqual({
      kind: 'dashboards',
      origin: SELF,
      projectId: null,
    });
  });

  it('has the shape DESIGN.md gives', () => {
    type Designed =
      | {
          kind: 'recording';
          origin: string;
          projectId: number | null;
          recordingId: string;
          t?: number;
          playlistShortId?: string;
        }
      | { kind: 'playlist'; origin: string; projectId: number | null; shortId: string }
      | { kind: 'dashboard'; origin: string; projectId: number | null; dashboardId: number }
      | { kind: 'shared' | 'embedded'; origin: string; accessToken: string }
      | { kind: 'dashboards' | 'playlists'; origin: string; projectId: number | null }
      // Insights, notebooks and any other page in a project: links to copy.
      | { kind: 'insight'; origin: string; projectId: number | null; shortId: string }
      | { kind: 'notebook'; origin: string; projectId: number | null; shortId: string }
      | { kind: 'page'; origin: string; projectId: number | null; path: string };
    expectTypeOf<PageContext>().toEqualTypeOf<Designed>();
  });
});

describe('PageContextSchema rejects', () => {
  const valid = { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 7 };
  it.each<[string, unknown]>([
    ['extra keys', { ...valid, title: 'KPIs' }],
    ['an unnormalised origin', { ...valid, origin: 'https://app.posthog.com' }],
    ['an origin with a path', { ...valid, origin: `${US}/project` }],
    ['an ingestion origin', { ...valid, origin: 'https://us.i.posthog.com' }],
    ['a non-integer project', { ...valid, projectId: 1.5 }],
    ['a reserved recording id', { kind: 'recording', origin: US, projectId: 1, recordingId: 'home' }],
    ['a recording id with a slash', { kind: 'recording', origin: US, projectId: 1, recordingId: '../api' }],
    ['a negative t', { kind: 'recording', origin: US, projectId: 1, recordingId: 'x', t: -1 }],
    ['a shared context with a project', { kind: 'shared', origin: US, accessToken: token, projectId: 1 }],
    ['an unknown kind', { kind: 'cohort', origin: US, projectId: 1 }],
    ['an insight without its short id', { kind: 'insight', origin: US, projectId: 1 }],
    ['a reserved insight short id', { kind: 'insight', origin: US, projectId: 1, shortId: 'new' }],
    ['the scratchpad notebook', { kind: 'notebook', origin: US, projectId: 1, shortId: 'scratchpad' }],
    ['a page outside a project', { kind: 'page', origin: US, projectId: 1, path: '/login' }],
    ['a page path with a space', { kind: 'page', origin: US, projectId: 1, path: '/project/1/a b' }],
  ])('%s', (_, value) => {
    expect(PageContextSchema.safeParse(value).success).toBe(false);
  });
});

describe('parsePositiveInt', () => {
  it('reads a positive integer written canonically, and nothing around it', () => {
    expect(parsePositiveInt('7')).toBe(7);
    expect(parsePositiveInt('9007199254740991')).toBe(9007199254740991);
    for (const text of ['0', '07', '-7', '+7', '7 ', ' 7', '7\n', '1e3', '9007199254740992']) {
      expect(parsePositiveInt(text), JSON.stringify(text)).toBeNull();
    }
  });
});

describe('contextKey', () => {
  it('ignores the playback second but not the playlist the recording is in', () => {
    const at = (url: string) => contextKey(parsePageContext(url) as PageContext);
    expect(at(`${US}/project/1/replay/${rec}?t=5`)).toBe(at(`${US}/project/1/replay/${rec}?t=90`));
    expect(at(`${US}/project/1/replay/${rec}`)).not.toBe(
      at(`${US}/project/1/replay/playlists/${playlist}?sessionRecordingId=${rec}`),
    );
    expect(at(`${US}/project/1/dashboard/7`)).not.toBe(at(`${EU}/project/1/dashboard/7`));
    expect(at(`${US}/shared/${token}`)).not.toBe(at(`${US}/embedded/${token}`));
  });
});

describe('contextKey tells apart', () => {
  it('every page a link names, and reads the same page alike', () => {
    const keyOf = (url: string) => contextKey(parsePageContext(url) as PageContext);
    const urls = [
      `${US}/project/1/replay/playlists/${playlist}`,
      `${US}/project/1/replay/playlists/Other123`,
      `${US}/project/1/insights/Ab12Cd34`,
      `${US}/project/1/insights/Ef56Gh78`,
      `${US}/project/1/notebooks/Ab12Cd34`,
      `${US}/project/1/notebooks/Ef56Gh78`,
      `${US}/project/1/experiments/3`,
      `${US}/project/1/experiments/4`,
      `${US}/project/1/dashboard`,
      `${US}/project/2/dashboard`,
      `${US}/project/1/replay/playlists`,
    ];
    expect(new Set(urls.map(keyOf)).size).toBe(urls.length);
    // An item is the same with a trailing slash (another page's path is its link, kept as written).
    for (const url of urls.slice(0, 6)) expect(keyOf(`${url}/`)).toBe(keyOf(url));
  });
});

describe('the query and the fragment are read as URLSearchParams reads them, first value first', () => {
  it.each<[string, PageContext]>([
    // A bare key is an empty value: no recording is open, and the first `t` says no second.
    [
      `${US}/project/1/dashboard/5#sessionRecordingId`,
      { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 5 },
    ],
    [`${US}/project/1/replay/${rec}?t&t=30`, recording(1, rec)],
    // `+` is a space in a key as in a value: `t ` is no `t`.
    [`${US}/project/1/replay/${rec}?t+=30`, recording(1, rec)],
  ])('%s', (url, expected) => {
    expect(parsePageContext(url)).toEqual(expected);
    const query = new URL(url).search.slice(1);
    expect(new URLSearchParams(query).get('t') ?? '').not.toMatch(/^[1-9]/);
  });
});

describe('the pages below a dashboard or an insight', () => {
  const dashboard = { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 5 } as const;
  const insight = { kind: 'insight', origin: US, projectId: 1, shortId: 'Ab12Cd34' } as const;
  it.each<[string, PageContext | null]>([
    [`${US}/project/1/dashboard/5/subscriptions/new`, dashboard],
    [`${US}/project/1/dashboard/5/tiles/3`, dashboard],
    [`${US}/project/1/dashboard/5/text-tiles/3`, dashboard],
    [`${US}/project/1/dashboard/5/subscriptions/1/edit`, null],
    [`${US}/project/1/dashboard/5/tiles`, null],
    [`${US}/project/1/dashboard/5/sharing/1`, null],
    [`${US}/project/1/dashboard/5/widgets/3`, null],
    [`${US}/project/1/insights/Ab12Cd34/subscriptions/new`, insight],
    [`${US}/project/1/insights/Ab12Cd34/subscriptions/1/edit`, null],
  ])('%s', (url, expected) => {
    expect(parsePageContext(url)).toEqual(expected);
  });
});

describe('paths that are not quite a page', () => {
  it.each<[string, PageContext | null]>([
    // Replay with nothing after it names no recording.
    [`${US}/project/1/replay`, null],
    [`${US}/project/1/recordings`, null],
    // A project public token is the whole segment, not the end of one.
    [`${US}/project/xphc_abc/dashboard/5`, null],
    // Trailing slashes, however many.
    [`${US}/project/1/replay/${rec}//`, recording(1, rec)],
    // The side panel's state goes; the rest of the fragment stays, in its order.
    [
      `${US}/project/1/experiments/3#a=1&panel=docs&b=2`,
      { kind: 'page', origin: US, projectId: 1, path: '/project/1/experiments/3#a=1&b=2' },
    ],
  ])('%s', (url, expected) => {
    expect(parsePageContext(url)).toEqual(expected);
  });
});

describe('every other area of a project PostHog routes', () => {
  it.each([
    'home',
    'web',
    'events',
    'data-management',
    'data-warehouse',
    'persons',
    'person',
    'groups',
    'cohorts',
    'feature_flags',
    'experiments',
    'early_access_features',
    'surveys',
    'survey_templates',
    'pipeline',
    'batch_exports',
    'toolbar',
    'settings',
    'canvas',
  ])('is a page worth a link in a project (/%s), and nothing without one', (area) => {
    expect(parsePageContext(`${US}/project/1/${area}`)).toEqual({
      kind: 'page',
      origin: US,
      projectId: 1,
      path: `/project/1/${area}`,
    });
    expect(parsePageContext(`${US}/${area}`)).toBeNull();
  });

  it.each(['insights', 'notebooks'])('lists its /%s in a project, not without one', (area) => {
    expect(parsePageContext(`${US}/project/1/${area}`)).toMatchObject({ kind: 'page' });
    expect(parsePageContext(`${US}/${area}`)).toBeNull();
  });

  it.each(['not-an-area', 'constructor', '__proto__', 'i'])('is not /%s', (area) => {
    expect(parsePageContext(`${US}/project/1/${area}`)).toBeNull();
  });
});
