import { describe, expect, it } from 'vitest';
import { DEMO } from './demo-ids';
import { serveFakePostHog } from './test-helpers';

async function page(url: string, init?: RequestInit) {
  const response = await fetch(url, init);
  const html = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    html,
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
  };
}

describe('app pages', () => {
  const server = serveFakePostHog({ flavor: 'posthog' });

  it.each([
    [`/project/1/replay/${DEMO.recordings.inCheckout}`, 'Checkout flow • Recording • PostHog'],
    [
      `/project/1/replay/home?sessionRecordingId=${DEMO.recordings.loose}`,
      'Pricing page visit • Recording • PostHog',
    ],
    ['/project/1/replay/home', 'Session replay • PostHog'],
    ['/project/1/replay/playlists', 'Playlists • Replay • PostHog'],
    [`/project/1/replay/playlists/${DEMO.playlists.checkoutBugs}`, 'Checkout bugs • Playlist • PostHog'],
    ['/project/1/dashboard', 'Dashboards • PostHog'],
    [`/project/1/dashboard/${DEMO.dashboards.productKpis}`, 'Product KPIs • Dashboard • PostHog'],
    [`/project/1/dashboard/${DEMO.dashboards.productKpis}/sharing`, 'Product KPIs • Dashboard • PostHog'],
    [`/dashboard/${DEMO.dashboards.marketing}`, 'Marketing • Dashboard • PostHog'],
    [`/shared/${DEMO.sharedToken}`, 'Product KPIs • PostHog'],
    ['/project/1/insights', 'PostHog'],
  ])('%s → 200 HTML titled "%s"', async (path, title) => {
    const answer = await page(`${server().url}${path}`);
    expect(answer.status).toBe(200);
    expect(answer.type).toContain('text/html');
    expect(answer.html.startsWith('<!doctype html>')).toBe(true);
    expect(answer.title).toBe(title);
  });

  it('answers 404 HTML for an unknown or disabled share token', async () => {
    for (const token of ['NoSuchToken', 'Chk0utHea1thOldT0kenXXXXXXXXXX']) {
      const answer = await page(`${server().url}/shared/${token}`);
      expect(answer.status).toBe(404);
      expect(answer.type).toContain('text/html');
    }
  });

  it('renders the player stand-in at ?t= and links that navigate in-app', async () => {
    const answer = await page(`${server().url}/project/1/replay/${DEMO.recordings.inCheckout}?t=42`);
    expect(answer.html).toContain(
      `data-attr="session-recording-player" data-recording-id="${DEMO.recordings.inCheckout}" data-current-time="42"`,
    );
    expect(answer.html).toContain('00:42 / 05:12');
    expect(answer.html).toMatch(/<a href="\/project\/1\/replay\/[^"]+" data-nav/);
    expect(answer.html).toMatch(/<a href="\/project\/1\/dashboard\/\d+" data-nav/);
    expect(answer.html).toContain('history.pushState');
    const untimed = await page(`${server().url}/project/1/replay/${DEMO.recordings.inCheckout}`);
    expect(untimed.html).toContain('data-current-time="12"');
  });

  it('escapes names and shows who is signed in', async () => {
    const login = await fetch(`${server().url}/login?next=/project/1`, { redirect: 'manual' });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const answer = await page(`${server().url}/project/1/replay/%3Cscript%3E`, { headers: { cookie } });
    expect(answer.html).not.toContain('<script>alert');
    expect(answer.title).toBe('Recording &lt;script&gt; • Recording • PostHog');
    expect(answer.html).toContain('Signed in as Ana');
  });
});
