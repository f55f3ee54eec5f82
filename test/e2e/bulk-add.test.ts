import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import type { FakePostHog } from '../fake-posthog/index';
import { recordingPath } from '../support/recording-route';
import { CLOUD_US } from './cloud-host';
import { badgeText, pickerOver } from './collections-harness';
import { useCloudExtension, useExtension } from './fixtures';
import type { ExtensionSession } from './harness';

const { onboarding } = DEMO.playlists;
const { inCheckout, loose } = DEMO.recordings;
const MOBILE = '0191dd9e-1111-7ccc-8ddd-000000000003';
const SUPPORT = '0191dd9e-2222-7ccc-8ddd-000000000004';
const TOUR = '0191dd9e-3333-7ccc-8ddd-000000000005';
/** The menu items' ids (lib/background/recordings/recording-menus.ts). */
const IN_SELECTION = 'hogmark-add-linked-in-selection';
const ON_PAGE = 'hogmark-add-linked-on-page';

/**
 * A support ticket on another site that links to recordings: three in the paragraph the user
 * selects (one twice, one in PostHog's list form), a dashboard, and one more recording below it.
 * Served on 127.0.0.1, which the test build may read; in use, the menu click's activeTab grant
 * lets Hogmark read any page.
 */
function ticketHtml(app: string): string {
  const replay = (id: string, query = '') => `${app}/project/1/replay/${id}${query}`;
  return `<!doctype html><html><head><title>Ticket 4711</title></head><body>
<h1>Checkout fails on Safari</h1>
<p id="report">Seen in <a href="${replay(loose)}">this session</a>, <a href="${replay(MOBILE, '?t=42')}">that one</a>
and <a href="${app}/project/1/replay/home?sessionRecordingId=${TOUR}">a third</a>; the first again
<a href="${replay(loose)}">here</a>. Numbers on <a href="${app}/project/1/dashboard/1">the dashboard</a>.</p>
<p id="later">Unrelated: <a href="${replay(SUPPORT)}">another recording</a>.</p>
</body></html>`;
}

async function serveTicket(app: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(ticketHtml(app));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tickets/4711`, server };
}

/** What a right-click on the page would reach: the menu listener, with the click's info and tab. */
async function clickMenu(
  session: ExtensionSession,
  menuItemId: string,
  page: Page,
  tabId: number,
): Promise<void> {
  const selectionText = await page.evaluate(() => getSelection()?.toString() ?? '');
  await session.serviceWorker.evaluate(
    async (click) => {
      type Listener = (info: object, tab: object) => Promise<void>;
      const test = (globalThis as unknown as { hogmarkTest: { menuClicked: Listener } }).hogmarkTest;
      await test.menuClicked(
        {
          menuItemId: click.menuItemId,
          frameId: 0,
          pageUrl: click.url,
          editable: false,
          ...(click.selectionText ? { selectionText: click.selectionText } : {}),
        },
        { id: click.tabId, url: click.url, active: true, windowId: -1, index: 0, pinned: false },
      );
    },
    { menuItemId, tabId, url: page.url(), selectionText },
  );
}

function titleOf(session: ExtensionSession, tabId: number): Promise<string> {
  return session.serviceWorker.evaluate((id) => {
    type Action = { getTitle(details: { tabId: number }): Promise<string> };
    return (globalThis as unknown as { chrome: { action: Action } }).chrome.action.getTitle({ tabId: id });
  }, tabId);
}

/** The popup's picker adds a recording to Onboarding, which makes it the last-used collection. */
async function useOnboardingOnce(session: ExtensionSession, tabId: number): Promise<void> {
  const popup = await pickerOver(session, tabId);
  await popup.getByRole('combobox').fill('Onboarding');
  await popup.keyboard.press('Enter');
  await popup.getByText(/^✓ Added to Onboarding/).waitFor();
  await popup.close();
}

const writes = (server: FakePostHog) =>
  server.requests
    .filter((request) => request.method !== 'GET')
    .map((request) => `${request.method} ${request.path} ${request.auth} ${request.status}`);

describe('a selection of recording links on PostHog Cloud: one bulk_add through the signed-in tab', () => {
  const env = useCloudExtension();
  let ticket: { url: string; server: Server };

  beforeAll(async () => {
    ticket = await serveTicket(CLOUD_US);
  });
  afterAll(() => {
    ticket?.server.close();
  });

  it('adds the three recordings linked in the selection with one request, and the badge says so', async () => {
    const posthog = await env.session.openTab(`${CLOUD_US}/login?next=/project/1/replay/${inCheckout}`);
    await posthog.page.waitForURL(`${CLOUD_US}/project/1/replay/${inCheckout}`);
    await useOnboardingOnce(env.session, posthog.tabId);

    const { page, tabId } = await env.session.openTab(ticket.url);
    await page.evaluate(() => {
      const report = document.getElementById('report');
      if (report) getSelection()?.selectAllChildren(report);
    });
    env.server.clearRequests();
    await clickMenu(env.session, IN_SELECTION, page, tabId);

    const bulkAdd = `/api/projects/1/session_recording_playlists/${onboarding}/recordings/bulk_add/`;
    expect(writes(env.server)).toEqual([`POST ${bulkAdd} session 200`]);
    expect(env.server.requests.find((request) => request.method === 'POST')?.body).toEqual({
      session_recording_ids: [loose, MOBILE, TOUR],
    });
    // PostHog's own answer, read with the page's session: the collection holds them now.
    const held = await posthog.page.evaluate(async (path) => {
      const answer = await fetch(path, { headers: { accept: 'application/json' } });
      return ((await answer.json()) as { results: Array<{ id: string }> }).results.map((row) => row.id);
    }, `/api/projects/1/session_recording_playlists/${onboarding}/recordings/`);
    expect(held.sort()).toEqual([inCheckout, loose, MOBILE, TOUR].sort());
    expect(await badgeText(env.session, tabId)).toBe('✓');
    expect(await titleOf(env.session, tabId)).toBe(
      'Added 3 recordings to Onboarding via your PostHog session.',
    );
    await page.close();
    await posthog.page.close();
  });
});

describe('recording links on a page where the key may add (contract): one add per recording', () => {
  const env = useExtension({ flavor: 'contract', seed: 'demo' }, { connected: true });
  let ticket: { url: string; server: Server };
  beforeAll(async () => {
    ticket = await serveTicket(env.server.url);
  });
  afterAll(() => ticket?.server.close());

  /** What the stand-in shows in the collection's page: the recordings it holds. */
  async function held(shortId: string): Promise<string[]> {
    const answer = await fetch(`${env.server.url}/project/1/replay/playlists/${shortId}`, {
      headers: { 'x-fake-posthog-scene': '1' },
    });
    const scene = (await answer.json()) as { recordings?: Array<{ id: string }> };
    return (scene.recordings ?? []).map((recording) => recording.id);
  }

  it('the menu on the page adds every recording linked there, each once, with the key', async () => {
    const recording = await env.session.openTab(`${env.server.url}/project/1/replay/${inCheckout}`);
    await useOnboardingOnce(env.session, recording.tabId);
    await recording.page.close();

    const { page, tabId } = await env.session.openTab(ticket.url);
    env.server.clearRequests();
    await clickMenu(env.session, ON_PAGE, page, tabId);

    expect(writes(env.server)).toEqual(
      [loose, MOBILE, TOUR, SUPPORT].map((id) => `POST ${recordingPath(onboarding, id)} key 200`),
    );
    expect((await held(onboarding)).sort()).toEqual([inCheckout, loose, MOBILE, TOUR, SUPPORT].sort());
    expect(await badgeText(env.session, tabId)).toBe('✓');
    expect(await titleOf(env.session, tabId)).toBe('Added 4 recordings to Onboarding.');

    // Again: PostHog already holds them all; the badge says nothing changed.
    await clickMenu(env.session, ON_PAGE, page, tabId);
    expect(await titleOf(env.session, tabId)).toBe('All 4 linked recordings were already in Onboarding.');
    expect(await badgeText(env.session, tabId)).toBe('=');
    await page.close();
  });
});

/** Serves each page of `pages` at its path on 127.0.0.1; the base URL comes back. */
async function servePages(pages: Record<string, string>): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const html = pages[request.url ?? ''];
    response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Ids PostHog has no recording data for: the contract adds them all the same. */
const made = (count: number, block = '0000') =>
  Array.from({ length: count }, (_, i) => `0191dd9f-${block}-7000-8000-${String(i).padStart(12, '0')}`);

describe('what a selection may add: visible links, asked first above 20 or for another project', () => {
  const env = useExtension({ flavor: 'contract', seed: 'demo' }, { connected: true });
  let site: { url: string; server: Server };
  const hidden = made(7, '1111');
  const visible = made(2, '2222');
  const many = made(25, '3333');
  const staging = made(2, '4444');
  const beforeStall = made(1, '5555');

  beforeAll(async () => {
    const app = env.server.url;
    const replay = (id: string, project = 1) => `${app}/project/${project}/replay/${id}`;
    const a = (id: string, style = '', project = 1) =>
      `<a href="${replay(id, project)}"${style ? ` style="${style}"` : ''}>recording ${id.slice(-2)}</a>`;
    const body = (inner: string) =>
      `<!doctype html><html><head><title>Ticket</title></head><body><div id="report">${inner}</div></body></html>`;
    site = await servePages({
      // Two links a person sees, seven a page hid in the same paragraph.
      '/hidden': body(
        [
          a(visible[0] ?? ''),
          a(hidden[0] ?? '', 'display:none'),
          a(hidden[1] ?? '', 'visibility:hidden'),
          a(hidden[2] ?? '', 'opacity:0'),
          a(hidden[3] ?? '', 'display:inline-block;width:0;height:0;overflow:hidden'),
          `<span style="display:none">${a(hidden[4] ?? '')}</span>`,
          `<span style="opacity:0">${a(hidden[5] ?? '')}</span>`,
          a(hidden[6] ?? '', 'position:absolute;left:-9999px'),
          a(visible[1] ?? ''),
        ].join(' '),
      ),
      '/many': body(many.map((id) => a(id)).join(' ')),
      '/staging': body(staging.map((id) => a(id, '', 2)).join(' ')),
      // A link, then 100,000 characters built to stall a backtracking pattern: "https://" run
      // together, then dots that a trailing-punctuation trim would walk back over.
      '/stall': body(`${a(beforeStall[0] ?? '')} ${'https://'.repeat(6_250)}${'.'.repeat(50_000)}`),
    });
  });
  afterAll(() => site?.server.close());

  /** Selects the page's paragraph and chooses the menu; the click's run is returned unawaited. */
  async function chooseOn(path: string) {
    const { page, tabId } = await env.session.openTab(`${site.url}${path}`);
    await page.evaluate(() => {
      const report = document.getElementById('report');
      if (report) getSelection()?.selectAllChildren(report);
    });
    env.server.clearRequests();
    return { page, tabId, run: clickMenu(env.session, IN_SELECTION, page, tabId) };
  }

  const askWindow = () =>
    env.session.context.waitForEvent('page', {
      predicate: (page) => page.url().includes('/bulk-ask.html?ask='),
    });

  it('adds only the links a person can see in the selection', async () => {
    const recording = await env.session.openTab(`${env.server.url}/project/1/replay/${inCheckout}`);
    await useOnboardingOnce(env.session, recording.tabId);
    await recording.page.close();

    const { page, tabId, run } = await chooseOn('/hidden');
    await run;
    expect(writes(env.server)).toEqual(visible.map((id) => `POST ${recordingPath(onboarding, id)} key 200`));
    expect(await titleOf(env.session, tabId)).toBe('Added 2 recordings to Onboarding.');
    await page.close();
  });

  it('a 100,000-character hostile selection: the link in it is added, and the worker answers', async () => {
    const { page, tabId, run } = await chooseOn('/stall');
    expect(await page.evaluate(() => getSelection()?.toString().length ?? 0)).toBeGreaterThan(100_000);
    await run;
    expect(writes(env.server)).toEqual(
      beforeStall.map((id) => `POST ${recordingPath(onboarding, id)} key 200`),
    );
    expect(await titleOf(env.session, tabId)).toBe('Added 1 recording to Onboarding.');
    await page.close();
  });

  it('asks in its own window before adding 25, and adds them only on Add', async () => {
    const asked = askWindow();
    const { page, tabId, run } = await chooseOn('/many');
    const ask = await asked;
    await ask.getByText('Add 25 recordings to Onboarding?').waitFor();
    // Nothing is sent while the question is open.
    expect(writes(env.server)).toEqual([]);
    await ask.getByRole('button', { name: 'Add 25 recordings' }).click();
    await run;
    expect(writes(env.server)).toEqual(many.map((id) => `POST ${recordingPath(onboarding, id)} key 200`));
    expect(await titleOf(env.session, tabId)).toBe('Added 25 recordings to Onboarding.');
    await expect.poll(() => ask.isClosed()).toBe(true);
    await page.close();
  });

  it("asks before adding another project's recordings, and adds nothing on Cancel", async () => {
    // The user once added a recording of project 2 to a collection there: its last-used collection.
    const made2 = await fetch(`${env.server.url}/api/projects/2/session_recording_playlists/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.server.keys.all}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Staging picks', type: 'collection' }),
    });
    expect(made2.status).toBe(201);
    const other = await env.session.openTab(`${env.server.url}/project/2/replay/${loose}`);
    const popup = await pickerOver(env.session, other.tabId);
    await popup.getByRole('combobox').fill('Staging picks');
    await popup.keyboard.press('Enter');
    await popup.getByText(/^✓ Added to Staging picks/).waitFor();
    await popup.close();
    await other.page.close();

    const asked = askWindow();
    const { page, tabId, run } = await chooseOn('/staging');
    const ask = await asked;
    await ask.getByText('Add 2 recordings to Staging picks?').waitFor();
    await ask.getByText(/recordings of project 2, not of project 1/).waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await run;
    expect(writes(env.server)).toEqual([]);
    expect(await titleOf(env.session, tabId)).toBe(
      'Nothing was added: Hogmark asked first, and the answer was not Add.',
    );
    await page.close();
  });
});

describe('a selection of 100 links on a self-hosted PostHog that refuses the key: one quiet tab for the run', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  const hundred = made(100, '5555');
  let site: { url: string; server: Server };

  beforeAll(async () => {
    const links = hundred.map(
      (id) => `<a href="${env.server.url}/project/1/replay/${id}">${id.slice(-3)}</a>`,
    );
    site = await servePages({
      '/hundred': `<!doctype html><html><head><title>Ticket</title></head><body><div id="report">${links.join(' ')}</div></body></html>`,
    });
  });
  afterAll(() => site?.server.close());

  it('adds the 100 through one PostHog tab it opens in the background, then closes it', async () => {
    // Signed in, one pick in the popup makes Onboarding the last-used collection (PostHog refuses
    // the key there, so every later add goes through the session).
    const signIn = await env.session.openTab(`${env.server.url}/login?next=/project/1/replay/${inCheckout}`);
    await signIn.page.waitForURL(`${env.server.url}/project/1/replay/${inCheckout}`);
    await useOnboardingOnce(env.session, signIn.tabId);
    await signIn.page.close();

    const quiet: string[] = [];
    env.session.context.on('page', (opened) => {
      if (opened.url().startsWith(`${env.server.url}/replay/playlists`)) quiet.push(opened.url());
      else
        void opened
          .waitForURL((url) => url.href.startsWith(`${env.server.url}/replay/playlists`), { timeout: 5_000 })
          .then(() => quiet.push(opened.url()))
          .catch(() => undefined);
    });
    const { page, tabId } = await env.session.openTab(`${site.url}/hundred`);
    await page.evaluate(() => {
      const report = document.getElementById('report');
      if (report) getSelection()?.selectAllChildren(report);
    });
    env.server.clearRequests();
    const asked = env.session.context.waitForEvent('page', {
      predicate: (opened) => opened.url().includes('/bulk-ask.html?ask='),
    });
    const run = clickMenu(env.session, IN_SELECTION, page, tabId);
    const ask = await asked;
    await ask.getByRole('button', { name: 'Add 100 recordings' }).click();
    await run;
    const sessionWrites = env.server.requests.filter(
      (request) => request.method === 'POST' && request.auth === 'session',
    );
    expect(sessionWrites).toHaveLength(100);
    expect(quiet).toHaveLength(1);
    await expect
      .poll(
        () => env.session.context.pages().filter((open) => open.url().startsWith(env.server.url)).length,
        {
          timeout: 10_000,
        },
      )
      .toBe(0);
    await page.close();
  });
});
