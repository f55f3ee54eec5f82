import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../fake-posthog/demo-ids';
import { FIND_IN_SELECTION, personCalls, serveSupportTicket } from '../person-page';
import { clickMenu, useFirefoxExtension, waitForOpened } from './fixtures';
import { FirefoxPage } from './page';

/** Only the id the person page's ask is kept under, in `crypto.randomUUID()`'s form. */
const ASK_ID_ONLY = /^\?ask=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('Firefox: a customer’s recordings from a support ticket', () => {
  const env = useFirefoxExtension({ flavor: 'posthog', seed: 'support' }, { connected: true });
  let ticket: { url: string; server: Server };
  beforeAll(async () => {
    ticket = await serveSupportTicket();
  });
  afterAll(() => ticket?.server.close());

  /** Selects the ticket's element `elementId`, chooses the menu item, and finds the person page it opens. */
  async function findFromSelection(elementId: string) {
    const { page, tabId } = await env.session.openTab(ticket.url);
    const selectionText = await page.evaluate((id: string) => {
      const element = document.getElementById(id);
      if (element) getSelection()?.selectAllChildren(element);
      return getSelection()?.toString() ?? '';
    }, elementId);
    env.server.clearRequests();
    await clickMenu(
      env.session,
      { menuItemId: FIND_IN_SELECTION, pageUrl: ticket.url, selectionText },
      tabId,
    );
    const opened = await waitForOpened(env.session, `${env.session.base}/persons.html`);
    return { page, url: opened.url, person: new FirefoxPage(env.session.bidi, opened.context) };
  }

  it('the menu on a selected email opens the person page with their recordings of the last 30 days, its address and title naming no one', async () => {
    const { page, url, person } = await findFromSelection('requester');
    // What lands in the browser's history (and synced history): only the id the ask is kept under.
    expect(url.startsWith(`${env.session.base}/persons.html?ask=`)).toBe(true);
    expect(url.slice(`${env.session.base}/persons.html`.length)).toMatch(ASK_ID_ONLY);
    await person.waitForTarget({ css: 'h1', text: 'Recordings of ana@acme.com' });
    await expect
      .poll(() => person.evaluate(() => document.querySelectorAll('li.person-recording').length))
      .toBe(20);
    expect(await person.url()).toBe(url);
    expect(await person.evaluate(() => document.title)).toBe('A person’s recordings — Hogmark');
    expect(personCalls(env.server)).toEqual([
      '/api/projects/1/persons/?email=ana%40acme.com&limit=20 200',
      `/api/projects/1/session_recordings/?person_uuid=${DEMO.support.anaUuid}&date_from=-30d&limit=20 200`,
    ]);

    // Reloaded while the browser runs, the page lists the same person again.
    await person.reload();
    await person.waitForTarget({ css: 'h1', text: 'Recordings of ana@acme.com' });
    await expect
      .poll(() => person.evaluate(() => document.querySelectorAll('li.person-recording').length))
      .toBe(20);
    expect(await person.url()).toBe(url);
    expect(await env.session.extensionErrors()).toEqual([]);
    await person.close();
    await page.close();
  });

  it('offers both persons who share an email, and lists the one chosen', async () => {
    const { page, person } = await findFromSelection('colleague');
    await person.waitForTarget({ css: 'h2', text: '2 persons match jo@initech.com. Choose one:' });
    expect(await person.evaluate(() => document.querySelectorAll('button.person-choice').length)).toBe(2);
    // Nothing is listed before the choice.
    expect(personCalls(env.server)).toHaveLength(1);
    await person.evaluate(() =>
      (document.querySelectorAll('button.person-choice')[1] as HTMLElement).click(),
    );
    await expect
      .poll(() => person.evaluate(() => document.querySelectorAll('li.person-recording').length))
      .toBe(2);
    expect(personCalls(env.server).at(-1)).toBe(
      `/api/projects/1/session_recordings/?person_uuid=${DEMO.support.jo[0]}&date_from=-30d&limit=20 200`,
    );
    await person.close();
    await page.close();
  });

  it('says in one sentence what was searched, and where, when nobody matches', async () => {
    const { page, person } = await findFromSelection('stranger');
    const host = new URL(env.server.url).host;
    await person.waitForTarget({
      css: 'p',
      text: `No person in Acme web app on ${host} has the email nobody@acme.com.`,
    });
    expect(await person.evaluate(() => document.querySelectorAll('li.person-recording').length)).toBe(0);
    await person.close();
    await page.close();
  });
});
