import type { Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { findAccessibilityViolations } from './axe';
import { CLOUD_US } from './cloud-host';
import { pickerOver } from './collections-harness';
import { useCloudExtension, useExtension } from './fixtures';
import { saveConnection } from './options-page';
import { findFromSelection, personCalls, serveSupportTicket } from './person-page';

const { anaUuid, anaRecording, jo } = DEMO.support;
const { onboarding } = DEMO.playlists;

const rows = (page: Page) => page.locator('li.person-recording');
/** The person page's address: only the id its ask is kept under. */
const PERSON_PAGE_ADDRESS = /^chrome-extension:\/\/[a-p]{32}\/persons\.html\?ask=[0-9a-f-]{36}$/;

describe('a customer’s recordings from a support ticket (local PostHog)', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'support' }, { connected: true });
  const personPageBase = () => `chrome-extension://${env.session.extensionId}/persons.html`;
  let ticket: { url: string; server: Server };
  beforeAll(async () => {
    ticket = await serveSupportTicket();
  });
  afterAll(() => ticket?.server.close());

  it('lists the selected email’s recordings of the last 30 days, 20 at a time, with one lookup and one list', async () => {
    const { page, tabId } = await env.session.openTab(ticket.url);
    env.server.clearRequests();
    const person = await findFromSelection(env.session, page, tabId, 'requester');

    expect(await person.getByRole('heading', { level: 1 }).textContent()).toBe('Recordings of ana@acme.com');
    await expect.poll(() => rows(person).count()).toBe(20);
    // What lands in the browser's history: the address and the title, neither naming the person.
    expect(person.url()).toMatch(PERSON_PAGE_ADDRESS);
    expect(await person.title()).toBe('A person’s recordings — Hogmark');
    expect(personCalls(env.server)).toEqual([
      '/api/projects/1/persons/?email=ana%40acme.com&limit=20 200',
      `/api/projects/1/session_recordings/?person_uuid=${anaUuid}&date_from=-30d&limit=20 200`,
    ]);
    // Newest first; the fourth saw errors, the second was watched.
    const first = rows(person).first();
    expect(await first.getAttribute('aria-label')).toMatch(/^Recording of /);
    expect(await rows(person).nth(3).textContent()).toContain('1 error');
    expect(await rows(person).nth(1).textContent()).toContain('Watched');
    expect(await person.textContent('body')).toContain('shop.example.com/');

    await person.getByRole('button', { name: 'More' }).click();
    await expect.poll(() => rows(person).count()).toBe(23);
    expect(personCalls(env.server).at(-1)).toBe(
      `/api/projects/1/session_recordings/?person_uuid=${anaUuid}&date_from=-30d&limit=20&offset=20 200`,
    );
    expect(await person.getByRole('button', { name: 'More' }).count()).toBe(0);
    await person.close();

    // The same ask again within the cache window: the page is the same, PostHog hears nothing.
    env.server.clearRequests();
    const again = await findFromSelection(env.session, page, tabId, 'requester');
    await expect.poll(() => rows(again).count()).toBe(20);
    expect(personCalls(env.server)).toEqual([]);
    await again.close();
    await page.close();
  });

  it('is keyboard first: ↓ moves, C copies the link, Enter opens the recording in PostHog', async () => {
    const { page, tabId } = await env.session.openTab(ticket.url);
    const person = await findFromSelection(env.session, page, tabId, 'requester');
    await expect.poll(() => person.evaluate(() => document.activeElement?.id)).toBe('person-recording-0');
    await person.keyboard.press('ArrowDown');
    expect(await person.evaluate(() => document.activeElement?.id)).toBe('person-recording-1');
    await person.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await person.keyboard.press('c');
    await person.getByText('Copied').first().waitFor();
    expect(await person.evaluate(() => navigator.clipboard.readText())).toBe(
      `${env.server.url}/project/1/replay/${anaRecording(2)}`,
    );
    const opened = person.context().waitForEvent('page');
    await person.keyboard.press('Enter');
    expect((await opened).url()).toBe(`${env.server.url}/project/1/replay/${anaRecording(2)}`);
    await person.close();
    await page.close();
  });

  it('offers both persons who share an email, and lists the one chosen', async () => {
    const { page, tabId } = await env.session.openTab(ticket.url);
    env.server.clearRequests();
    const person = await findFromSelection(env.session, page, tabId, 'colleague');
    expect(await person.getByRole('heading', { level: 2 }).first().textContent()).toBe(
      '2 persons match jo@initech.com. Choose one:',
    );
    const choices = person.locator('button.person-choice');
    expect(await choices.count()).toBe(2);
    // PostHog's order: the newer person first. No list yet: nothing is read before the choice.
    expect(personCalls(env.server)).toHaveLength(1);
    await choices.nth(1).click();
    await expect.poll(() => rows(person).count()).toBe(2);
    expect(personCalls(env.server).at(-1)).toBe(
      `/api/projects/1/session_recordings/?person_uuid=${jo[0]}&date_from=-30d&limit=20 200`,
    );
    await person.close();
    await page.close();
  });

  it('lists the same person again when the page is reloaded, with nothing more asked of PostHog', async () => {
    const { page, tabId } = await env.session.openTab(ticket.url);
    const person = await findFromSelection(env.session, page, tabId, 'requester');
    await expect.poll(() => rows(person).count()).toBe(20);
    const address = person.url();
    env.server.clearRequests();
    await person.reload();
    await expect.poll(() => rows(person).count()).toBe(20);
    expect(person.url()).toBe(address);
    expect(await person.getByRole('heading', { level: 1 }).textContent()).toBe('Recordings of ana@acme.com');
    expect(personCalls(env.server)).toEqual([]);
    await person.close();
    await page.close();
  });

  it('the popup’s “Find a person” field opens the page by an id, its address and title naming no one', async () => {
    const { page, tabId } = await env.session.openTab(ticket.url);
    const popup = await env.session.openPopup(tabId);
    const opened = env.session.context.waitForEvent('page', {
      predicate: (candidate) => candidate.url().includes('/persons.html'),
    });
    await popup.getByLabel('Find a person’s recordings').fill('ana@acme.com');
    // The popup closes itself once the page is opened, which may come before the key is released.
    await popup
      .getByLabel('Find a person’s recordings')
      .press('Enter')
      .catch((error: unknown) => {
        if (!popup.isClosed()) throw error;
      });
    const person = await opened;
    await expect.poll(() => popup.isClosed()).toBe(true);
    await expect.poll(() => rows(person).count()).toBe(20);
    expect(person.url()).toMatch(PERSON_PAGE_ADDRESS);
    expect(await person.title()).toBe('A person’s recordings — Hogmark');
    await person.close();
    await page.close();
  });

  it('says in one sentence that a lookup the browser forgot is gone, and offers the field', async () => {
    const page = await env.session.context.newPage();
    env.server.clearRequests();
    await page.goto(`${personPageBase()}?ask=${crypto.randomUUID()}`);
    await page
      .getByText('This lookup is gone: Hogmark forgets what was looked up when the browser closes.', {
        exact: false,
      })
      .waitFor();
    await page.getByLabel('Find a person’s recordings').waitFor();
    expect(personCalls(env.server)).toEqual([]);
    await page.close();
  });

  it('takes no ask from the old address that named the person, and asks PostHog nothing', async () => {
    const page = await env.session.context.newPage();
    env.server.clearRequests();
    await page.goto(`${personPageBase()}?by=email&q=ana%40acme.com`);
    await page.locator('main[aria-busy="false"]').waitFor();
    await page.getByText('or type one below', { exact: false }).waitFor();
    expect(await rows(page).count()).toBe(0);
    expect(personCalls(env.server)).toEqual([]);
    await page.close();
  });

  it.each(['light', 'dark'] as const)(
    'finds no accessibility violations on the person page, listing or choosing (%s mode)',
    async (scheme) => {
      for (const [email, ready] of [
        ['ana@acme.com', 'li.person-recording'],
        ['jo@initech.com', 'button.person-choice'],
      ] as const) {
        const page = await env.session.context.newPage();
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(personPageBase());
        // The page's own field: the ask is handed over and the page opens for its id.
        await page.getByLabel('Find a person’s recordings').fill(email);
        await page.getByLabel('Find a person’s recordings').press('Enter');
        await page.locator(ready).first().waitFor();
        expect(page.url()).toMatch(PERSON_PAGE_ADDRESS);
        expect(await findAccessibilityViolations(page)).toEqual([]);
        await page.close();
      }
    },
  );

  it('finds the person by an email typed in another case, and says it matched ignoring case', async () => {
    const page = await env.session.context.newPage();
    await page.goto(personPageBase());
    env.server.clearRequests();
    await page.getByLabel('Find a person’s recordings').fill('Ana@ACME.com');
    await page.getByLabel('Find a person’s recordings').press('Enter');
    await expect.poll(() => rows(page).count()).toBe(20);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Recordings of ana@acme.com');
    await page
      .getByText('No one’s email is exactly Ana@ACME.com: found by a search that ignores case.')
      .waitFor();
    // PostHog's `email=` is exact: nobody; its `search=` ignores case, and only ana@acme.com is kept.
    expect(personCalls(env.server).slice(0, 2)).toEqual([
      '/api/projects/1/persons/?email=Ana%40ACME.com&limit=20 200',
      '/api/projects/1/persons/?search=Ana%40ACME.com&limit=100 200',
    ]);
    await page.close();
  });

  it('says in one sentence what was searched, and where, when nobody matches', async () => {
    const { page, tabId } = await env.session.openTab(ticket.url);
    const person = await findFromSelection(env.session, page, tabId, 'stranger');
    const host = new URL(env.server.url).host;
    await person.getByText(`No person in Acme web app on ${host} has the email nobody@acme.com.`).waitFor();
    expect(await rows(person).count()).toBe(0);
    await person.close();
    await page.close();
  });
});

describe('a key without person:read', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'support' });
  let ticket: { url: string; server: Server };
  beforeAll(async () => {
    await saveConnection(env.session, env.server.url, env.server.keys.readOnly);
    ticket = await serveSupportTicket();
  });
  afterAll(() => ticket?.server.close());

  it('says which scope is missing and how to add it, without asking PostHog', async () => {
    const { page, tabId } = await env.session.openTab(ticket.url);
    env.server.clearRequests();
    const person = await findFromSelection(env.session, page, tabId, 'requester');
    await person
      .getByText(
        'Your API key lacks the person:read scope. Add it in PostHog → Settings → Personal API keys, then check the key again.',
      )
      .waitFor();
    expect(personCalls(env.server)).toEqual([]);
    // The key check lists it too.
    const options = await env.session.openOptions();
    await options.getByText('Find a person’s recordings').waitFor();
    await options.close();
    await person.close();
    await page.close();
  });
});

describe('PostHog’s listing limit (a key may list recordings once a minute here)', () => {
  const env = useExtension(
    { flavor: 'posthog', seed: 'support', replayListingRates: { perMinute: 1, perHour: 60 } },
    { connected: true },
  );
  let ticket: { url: string; server: Server };
  beforeAll(async () => {
    ticket = await serveSupportTicket();
  });
  afterAll(() => ticket?.server.close());

  it('says when to try again, from PostHog’s detail, and sends nothing before then', async () => {
    const { page, tabId } = await env.session.openTab(ticket.url);
    const ana = await findFromSelection(env.session, page, tabId, 'requester');
    await expect.poll(() => rows(ana).count()).toBe(20);
    await ana.close();

    env.server.clearRequests();
    const colleague = await findFromSelection(env.session, page, tabId, 'colleague');
    await colleague.locator('button.person-choice').first().click();
    const alert = colleague.getByRole('alert');
    // PostHog's wait: the rest of the minute since the first list.
    const said = alert.getByText(/^PostHog is rate-limiting your key\. Try again in \d+ seconds?\.$/);
    await said.waitFor();
    const seconds = Number(/in (\d+) second/.exec((await said.textContent()) ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    await alert.getByText(/^PostHog lets your key list recordings again at /).waitFor();
    expect(personCalls(env.server).filter((call) => call.includes('session_recordings'))).toEqual([
      `/api/projects/1/session_recordings/?person_uuid=${jo[1]}&date_from=-30d&limit=20 429`,
    ]);
    // Trying again before the wait is over is answered here: the limit is not spent again.
    await alert.getByRole('button', { name: 'Try again' }).click();
    await alert.getByText(/^PostHog is rate-limiting your key\. Try again in \d+ seconds?\.$/).waitFor();
    // Long enough for a request the click might have sent to reach the local PostHog's log.
    await colleague.waitForTimeout(1000);
    expect(personCalls(env.server).filter((call) => call.includes('session_recordings'))).toHaveLength(1);
    await colleague.close();
    await page.close();
  });
});

describe('two recordings at once on PostHog Cloud: one bulk_add through the signed-in tab', () => {
  const env = useCloudExtension({ seed: 'support' });
  let ticket: { url: string; server: Server };
  beforeAll(async () => {
    ticket = await serveSupportTicket();
  });
  afterAll(() => ticket?.server.close());

  it('adds the two selected recordings to the last-used collection with one request', async () => {
    const posthog = await env.session.openTab(
      `${CLOUD_US}/login?next=/project/1/replay/${DEMO.recordings.inCheckout}`,
    );
    await posthog.page.waitForURL(`${CLOUD_US}/project/1/replay/${DEMO.recordings.inCheckout}`);
    const popup = await pickerOver(env.session, posthog.tabId);
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup.getByText(/^✓ Added to Onboarding/).waitFor();
    await popup.close();

    const { page, tabId } = await env.session.openTab(ticket.url);
    const person = await findFromSelection(env.session, page, tabId, 'requester');
    await expect.poll(() => rows(person).count()).toBe(20);
    await expect.poll(() => person.evaluate(() => document.activeElement?.id)).toBe('person-recording-0');
    // Space selects the active row; ↓ moves; Space again.
    await person.keyboard.press(' ');
    await person.keyboard.press('ArrowDown');
    await person.keyboard.press(' ');
    env.server.clearRequests();
    await person.getByRole('button', { name: 'Add 2 recordings to your last-used collection' }).click();
    await person.getByText('Added 2 recordings to Onboarding via your PostHog session.').waitFor();

    const writes = env.server.requests.filter((request) => request.method !== 'GET');
    expect(
      writes.map((request) => `${request.method} ${request.path} ${request.auth} ${request.status}`),
    ).toEqual([
      `POST /api/projects/1/session_recording_playlists/${onboarding}/recordings/bulk_add/ session 200`,
    ]);
    expect(writes[0]?.body).toEqual({ session_recording_ids: [anaRecording(1), anaRecording(2)] });
    await person.close();
    await page.close();
    await posthog.page.close();
  });

  it('is not made as someone else: with PostHog signed in as another user, it waits for the owner and says who is there', async () => {
    // Bo, not the key's owner, signs in to PostHog in this browser.
    const posthog = await env.session.openTab(`${CLOUD_US}/login?user=2&next=/project/1/replay`);
    await posthog.page.waitForURL(`${CLOUD_US}/project/1/replay`);
    const { page, tabId } = await env.session.openTab(ticket.url);
    const person = await findFromSelection(env.session, page, tabId, 'requester');
    await expect.poll(() => rows(person).count()).toBe(20);
    await expect.poll(() => person.evaluate(() => document.activeElement?.id)).toBe('person-recording-0');
    // The third: the test before added the first two.
    await person.keyboard.press('ArrowDown');
    await person.keyboard.press('ArrowDown');
    await person.keyboard.press(' ');
    env.server.clearRequests();
    await person.getByRole('button', { name: 'Add 1 recording to your last-used collection' }).click();
    await person
      .getByText(
        /^Waiting to add ana@acme\.com’s recording of .+ to Onboarding: PostHog in this browser is signed in as bo@example\.com, not as the owner of Hogmark’s key/,
      )
      .waitFor();
    // Through the page, only who is signed in there was asked; no write reached PostHog.
    expect(
      env.server.requests
        .filter((request) => request.auth !== 'key')
        .map((request) => `${request.method} ${request.path} ${request.auth} ${request.status}`),
    ).toEqual(['GET /api/users/@me/ session 200']);
    await person.close();
    await page.close();
    await posthog.page.close();
  });
});
