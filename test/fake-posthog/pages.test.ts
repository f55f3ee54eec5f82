import { describe, expect, it } from 'vitest';
import { SCENE_HEADER, type SceneData } from './app/scene';
import {
  colonDelimitedDuration,
  parseTimestampFormat,
  relativeTexts,
  TIMESTAMP_FORMAT_KEY,
  wallClockText,
} from './app/time';
import { sceneTitle } from './app/titles';
import { DEMO } from './demo-ids';
import { serveFakePostHog } from './test-helpers';

async function page(url: string) {
  const response = await fetch(url);
  const html = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    html,
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
  };
}

async function scene(url: string): Promise<SceneData> {
  const response = await fetch(url, { headers: { [SCENE_HEADER]: '1' } });
  expect(response.status).toBe(200);
  return (await response.json()) as SceneData;
}

const checkout = DEMO.recordings.inCheckout;

describe('app pages', () => {
  const server = serveFakePostHog({ flavor: 'posthog' });

  it.each([
    `/project/1/replay/${checkout}`,
    `/replay/${checkout}?t=42`,
    `/project/1/replay/home?sessionRecordingId=${DEMO.recordings.loose}`,
    '/project/1/replay/playlists',
    `/project/1/replay/playlists/${DEMO.playlists.checkoutBugs}`,
    '/project/1/dashboard',
    `/project/1/dashboard/${DEMO.dashboards.productKpis}/sharing`,
    `/shared/${DEMO.sharedToken}`,
    '/project/1/insights',
    `/project/1/insights/${DEMO.insights.shared.shortId}`,
    `/project/1/insights/${DEMO.insights.derived.shortId}/edit`,
    `/project/1/notebooks/${DEMO.notebooks.titled}`,
    '/project/1/feature_flags',
    `/project/1/feature_flags/${DEMO.featureFlags.newCheckout}`,
  ])('%s → PostHog’s shell: <title>PostHog</title>, an empty #root and the app', async (path) => {
    const answer = await page(`${server().url}${path}`);
    expect(answer.status).toBe(200);
    expect(answer.type).toContain('text/html');
    expect(answer.html.startsWith('<!doctype html>')).toBe(true);
    expect(answer.title).toBe('PostHog');
    expect(answer.html).toContain('<div id="root"></div>');
    expect(answer.html).toContain('fakePostHogApp.boot(');
  });

  it('holds none of the invented elements of the old stand-in', async () => {
    const { html } = await page(`${server().url}/project/1/replay/${checkout}`);
    for (const invented of [
      'data-current-time',
      'data-nav',
      'role="slider"',
      '"session-recording-player"',
      '+10 s',
    ]) {
      expect(html).not.toContain(invented);
    }
    expect(html).toContain('recording-timestamp');
    expect(html).toContain('rrweb-controller');
  });

  it('answers a scene as JSON for in-app navigation', async () => {
    const base = `${server().url}/project/1`;
    expect(await scene(`${base}/replay/${checkout}`)).toMatchObject({
      kind: 'recording',
      id: checkout,
      recording: { durationSeconds: 312, url: 'https://shop.example.com/checkout' },
    });
    expect(await scene(`${base}/replay/not-a-recording`)).toMatchObject({
      kind: 'recording',
      recording: null,
    });
    const collection = await scene(`${base}/replay/playlists/${DEMO.playlists.checkoutBugs}`);
    expect(collection).toMatchObject({ kind: 'collection', name: 'Checkout bugs' });
    expect(collection.kind === 'collection' && collection.recordings.map((r) => r.id)).toEqual([checkout]);
    expect(await scene(`${base}/replay/playlists/NoSuchId`)).toMatchObject({
      kind: 'collection',
      name: null,
    });
    expect(await scene(`${base}/replay/playlists/Derived1`)).toMatchObject({ name: 'Users from Germany' });
    const home = await scene(`${base}/replay/home`);
    expect(home.kind === 'replay-home' && home.recordings.length).toBe(6);
    expect(await scene(`${base}/dashboard/${DEMO.dashboards.productKpis}`)).toMatchObject({
      kind: 'dashboard',
      found: true,
      name: 'Product KPIs',
    });
    expect(await scene(`${base}/dashboard/424242`)).toMatchObject({ kind: 'dashboard', found: false });
    expect(await scene(`${server().url}/dashboard/${DEMO.dashboards.marketing}`)).toMatchObject({
      name: 'Marketing',
    });
    expect(await scene(`${base}/replay/templates`)).toEqual({ kind: 'other', projectId: 1 });
  });

  it('answers the insight, notebook and feature flag scenes', async () => {
    const base = `${server().url}/project/1`;
    const i = DEMO.insights;
    expect(await scene(`${base}/insights/${i.shared.shortId}`)).toMatchObject({
      kind: 'insight',
      found: true,
      name: 'Weekly signups',
    });
    expect(await scene(`${base}/insights/${i.derived.shortId}/edit`)).toMatchObject({
      found: true,
      name: 'Pageview count',
    });
    for (const shortId of [i.deleted.shortId, 'NoSuch12']) {
      expect(await scene(`${base}/insights/${shortId}`)).toMatchObject({ kind: 'insight', found: false });
    }
    expect(await scene(`${base}/insights/new`)).toEqual({ kind: 'other', projectId: 1 });
    expect(await scene(`${base}/notebooks/${DEMO.notebooks.untitled}`)).toMatchObject({
      kind: 'notebook',
      found: true,
      title: null,
    });
    expect(await scene(`${base}/notebooks/${DEMO.notebooks.deleted}`)).toMatchObject({ found: false });
    expect(await scene(`${base}/feature_flags/${DEMO.featureFlags.newCheckout}`)).toMatchObject({
      kind: 'feature-flag',
      found: true,
      key: 'new-checkout',
    });
    expect(await scene(`${base}/feature_flags/4242`)).toMatchObject({ found: false, key: '' });
    expect(await scene(`${base}/feature_flags`)).toMatchObject({
      kind: 'feature-flags',
      flags: [{ id: DEMO.featureFlags.newCheckout, key: 'new-checkout' }],
    });
  });

  it('answers 404 HTML for an unknown or disabled share token, and names a shared dashboard in og:title', async () => {
    for (const token of ['NoSuchToken', 'Chk0utHea1thOldT0kenXXXXXXXXXX']) {
      const answer = await page(`${server().url}/shared/${token}`);
      expect(answer.status).toBe(404);
      expect(answer.type).toContain('text/html');
    }
    const shared = await page(`${server().url}/embedded/${DEMO.sharedToken}`);
    expect(shared.html).toContain('<meta property="og:title" content="Product KPIs">');
  });

  it('keeps what it embeds inside its script', async () => {
    const { html } = await page(
      `${server().url}/project/1/replay/%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E`,
    );
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
  });
});

describe('titles (breadcrumbsLogic.documentTitle)', () => {
  const dashboard = (found: boolean, name: string): SceneData => ({
    kind: 'dashboard',
    projectId: 1,
    id: 1,
    found,
    name,
    tiles: [],
  });
  const insight = (found: boolean, name: string): SceneData => ({
    kind: 'insight',
    projectId: 1,
    shortId: 'x',
    found,
    name,
  });
  const notebook = (found: boolean, title: string | null): SceneData => ({
    kind: 'notebook',
    projectId: 1,
    shortId: 'x',
    found,
    title,
  });
  const flag = (found: boolean, key: string): SceneData => ({
    kind: 'feature-flag',
    projectId: 1,
    id: 1,
    found,
    key,
  });
  it.each<[SceneData, string, string]>([
    [
      { kind: 'recording', projectId: 1, id: 'abc', recording: null },
      'abc • Replay • PostHog',
      'abc • Replay • PostHog',
    ],
    [{ kind: 'replay-home', projectId: 1, recordings: [] }, 'Recordings • PostHog', 'Recordings • PostHog'],
    [
      { kind: 'collections', projectId: 1, collections: [] },
      'Collections • Replay • PostHog',
      'Collections • Replay • PostHog',
    ],
    [
      { kind: 'collection', projectId: 1, shortId: 'x', name: 'Checkout bugs', recordings: [] },
      'Unnamed • Collections • PostHog',
      'Checkout bugs • Collections • PostHog',
    ],
    [
      { kind: 'collection', projectId: 1, shortId: 'x', name: null, recordings: [] },
      'Unnamed • Collections • PostHog',
      'Unnamed • Collections • PostHog',
    ],
    [dashboard(true, 'Product KPIs'), '... • Dashboards • PostHog', 'Product KPIs • Dashboards • PostHog'],
    [dashboard(false, ''), '... • Dashboards • PostHog', 'Not found • Dashboards • PostHog'],
    [dashboard(true, ''), '... • Dashboards • PostHog', 'Dashboards • PostHog'],
    [{ kind: 'dashboards', projectId: 1, dashboards: [] }, 'Dashboards • PostHog', 'Dashboards • PostHog'],
    [
      insight(true, 'Weekly signups'),
      'Product analytics • PostHog',
      'Weekly signups • Product analytics • PostHog',
    ],
    [insight(false, ''), 'Product analytics • PostHog', 'Product analytics • PostHog'],
    [notebook(true, 'Release notes'), 'Notebooks • PostHog', 'Release notes • Notebooks • PostHog'],
    [notebook(true, null), 'Notebooks • PostHog', 'Unnamed • Notebooks • PostHog'],
    [notebook(false, null), 'Notebooks • PostHog', 'Notebook not found • Notebooks • PostHog'],
    [
      flag(true, 'new-checkout'),
      'Unnamed • Feature Flags • PostHog',
      'new-checkout • Feature Flags • PostHog',
    ],
    [flag(false, ''), 'Unnamed • Feature Flags • PostHog', 'Unnamed • Feature Flags • PostHog'],
    [
      { kind: 'feature-flags', projectId: 1, flags: [] },
      'Feature flags • PostHog',
      'Feature flags • PostHog',
    ],
    [{ kind: 'other', projectId: 1 }, 'PostHog', 'PostHog'],
  ])('%o: "%s" while loading, then "%s"', (data, loading, loaded) => {
    expect(sceneTitle(data, false)).toBe(loading);
    expect(sceneTitle(data, true)).toBe(loaded);
  });
});

describe('player time texts', () => {
  it('formats like colonDelimitedDuration', () => {
    expect(colonDelimitedDuration(12, 2)).toBe('00:12');
    expect(colonDelimitedDuration(312, 2)).toBe('05:12');
    expect(colonDelimitedDuration(3700, 3)).toBe('01:01:40');
    expect(colonDelimitedDuration(42, 3)).toBe('00:00:42');
    expect(colonDelimitedDuration(0, 2)).toBe('00:00');
    expect(colonDelimitedDuration(4000, 2)).toBe('66:40');
    expect(colonDelimitedDuration(42, null)).toBe('00:42');
  });

  it('uses HH:MM:SS for both texts past an hour', () => {
    expect(relativeTexts(12, 300)).toEqual(['00:12', '05:00']);
    expect(relativeTexts(12, 3601)).toEqual(['00:00:12', '01:00:01']);
    expect(relativeTexts(3599, 3600)).toEqual(['59:59', '60:00']);
  });

  it('shows a wall-clock time in the UTC format', () => {
    const at = Date.parse('2025-03-01T10:00:42Z');
    expect(wallClockText(at, 'utc', false, Date.parse('2025-06-01T00:00:00Z'))).toBe('01/Mar, 10:00:42 UTC');
    expect(wallClockText(at, 'utc', false, Date.parse('2026-06-01T00:00:00Z'))).toBe(
      '01/03/2025 10:00:42 UTC',
    );
    expect(wallClockText(at, 'utc', true, 0)).toBe('10:00:42 UTC');
    expect(wallClockText(null, 'utc', false, 0)).toBe('--/--/----, 00:00:00');
    expect(wallClockText(at, 'device', true, 0)).toMatch(/^\d\d:\d\d:42 \S+$/);
  });

  it('reads the persisted format as kea-localstorage wrote it', () => {
    expect(TIMESTAMP_FORMAT_KEY).toBe('scenes.session-recordings.player.playerSettingsLogic.timestampFormat');
    expect(parseTimestampFormat('"utc"')).toBe('utc');
    expect(parseTimestampFormat('"device"')).toBe('device');
    expect(parseTimestampFormat(null)).toBe('relative');
    expect(parseTimestampFormat('relative')).toBe('relative');
    expect(parseTimestampFormat('"weekly"')).toBe('relative');
  });
});
