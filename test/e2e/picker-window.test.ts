import type { Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STORED } from '../../lib/messaging/first-view/stored-names';
import { DEMO } from '../fake-posthog/demo-ids';
import { recordingPage } from '../support/recording-page';
import { findAccessibilityViolations } from './axe';
import { POPUP_SETTLED } from './dashboards-harness';
import { useExtension } from './fixtures';
import {
  chooseCollectionOn,
  type HeaderPaints,
  type PickReads,
  recordHeaders,
  serveTicketLinking,
  toolbarPopupWill,
  watchPickReads,
} from './picker-window';

const { inCheckout, loose } = DEMO.recordings;
/** A recording id of PostHog's form that the demo PostHog has no recording for (deleted). */
const GONE = '0191dd9e-9999-7ccc-8ddd-000000000999';
const FACE_DETAILS = /^Started .+ · 05:12 long · shop\.example\.com\/checkout$/;

const paintsOf = (popup: Page) =>
  popup.evaluate(() => (window as unknown as { hogmarkHeaderPaints: HeaderPaints }).hogmarkHeaderPaints);

describe("the picker a recording link's menu opens on another site", () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  let ticket: { url: string; server: Server };
  const opened: Page[] = [];

  beforeAll(async () => {
    ticket = await serveTicketLinking([inCheckout, GONE, loose].map((id) => recordingPage(env.server, id)));
    // Every popup page records its headers from its first frame on.
    await env.session.context.addInitScript(recordHeaders);
  });
  afterEach(async () => {
    env.server.clearFaults();
    await toolbarPopupWill(env.session, 'open');
    await Promise.all(opened.splice(0).map((page) => page.close()));
  });
  afterAll(() => ticket?.server.close());

  /** "Choose a collection…" on the ticket's link `linkId`, where the toolbar popup may not open: the window. */
  async function pickerWindowFor(linkId: string): Promise<Page> {
    const { page, tabId } = await env.session.openTab(ticket.url);
    opened.push(page);
    await toolbarPopupWill(env.session, 'refuse');
    const window = env.session.context.waitForEvent('page', {
      predicate: (candidate) => candidate.url().includes('/popup.html?recording='),
    });
    await chooseCollectionOn(env.session, page, tabId, linkId);
    const picker = await window;
    opened.push(picker);
    await picker.locator(POPUP_SETTLED.header).waitFor();
    return picker;
  }

  it('the window names the recording’s person, when it started, how long and where: never the empty state', async () => {
    const picker = await pickerWindowFor('recording-0');
    expect(picker.url()).toContain(`/popup.html?recording=${inCheckout}&project=1&from=`);
    const header = picker.getByRole('region', { name: 'Recording to add to a collection' });
    await header.getByRole('heading', { name: 'ana@acme.com' }).waitFor();
    await expect.poll(() => header.locator('.context-face').textContent()).toMatch(FACE_DETAILS);
    // Its collections are the recording's, as before: the one that holds it says so.
    await picker.getByRole('option', { name: /Checkout bugs.*In collection/ }).waitFor();
    expect(await picker.getByText('Open a recording or dashboard').count()).toBe(0);
    expect(await picker.getByRole('link', { name: 'Open PostHog' }).count()).toBe(0);
    const paints = await paintsOf(picker);
    expect(paints.emptyState).toBe(false);
    // From its first frame: the recording, by its id while PostHog is asked, then by its person.
    expect(paints.headers).toEqual([`Recording | ${inCheckout}`, 'Recording | ana@acme.com']);
    await picker.close();

    // The pick taken, the window opened again (a reload) paints from the extension's stores: the
    // person at once, as PostHog said it a moment ago.
    const again = await env.session.context.newPage();
    opened.push(again);
    const base = `chrome-extension://${env.session.extensionId}`;
    await again.goto(`${base}/popup.html?recording=${inCheckout}&project=1&storesFirst`);
    await again.locator(POPUP_SETTLED.header).waitFor();
    expect(await again.evaluate(() => document.documentElement.getAttribute('data-first-view'))).toBe(
      'stores',
    );
    expect(await paintsOf(again)).toEqual({ emptyState: false, headers: ['Recording | ana@acme.com'] });
  });

  it('the toolbar popup the menu opens over the ticket names the picked recording, not the ticket’s empty state', async () => {
    const { page, tabId } = await env.session.openTab(ticket.url);
    opened.push(page);
    await toolbarPopupWill(env.session, 'stand-in');
    await chooseCollectionOn(env.session, page, tabId, 'recording-0');
    const popup = await env.session.openPopup(tabId);
    opened.push(popup);
    await popup.locator(POPUP_SETTLED.header).waitFor();
    await popup.getByRole('heading', { name: 'ana@acme.com' }).waitFor();
    await popup.getByRole('option', { name: /Checkout bugs.*In collection/ }).waitFor();
    expect((await paintsOf(popup)).emptyState).toBe(false);
  });

  it('the toolbar popup reads its stores before it asks for its pick: the recording from the background, never the empty state', async () => {
    const { page, tabId } = await env.session.openTab(ticket.url);
    opened.push(page);
    await toolbarPopupWill(env.session, 'stand-in');
    await chooseCollectionOn(env.session, page, tabId, 'recording-0');
    const popup = await env.session.context.newPage();
    opened.push(popup);
    await popup.addInitScript(watchPickReads, STORED.pendingPick.key);
    // `storesFirst`: the popup paints the stores' view first whenever they can say one.
    const base = `chrome-extension://${env.session.extensionId}`;
    await popup.goto(`${base}/popup.html?tabId=${tabId}&storesFirst`);
    await popup.locator(POPUP_SETTLED.header).waitFor();
    await popup.getByRole('heading', { name: 'ana@acme.com' }).waitFor();
    await popup.getByRole('option', { name: /Checkout bugs.*In collection/ }).waitFor();
    // Its `popup/open` (which takes the pick) went only once its stores were read, the pick still
    // waiting then: so the stores could not say what this popup is for, and the background did.
    const seen = await popup.evaluate(
      () => (window as unknown as { hogmarkPickReads: PickReads }).hogmarkPickReads,
    );
    expect(seen.reads.length).toBeGreaterThan(0);
    expect(seen.reads[0]?.taken).toBe(false);
    expect(seen.askedAt).not.toBeNull();
    expect(seen.askedAt ?? 0).toBeGreaterThanOrEqual(seen.reads[0]?.at ?? Number.POSITIVE_INFINITY);
    expect(await popup.evaluate(() => document.documentElement.getAttribute('data-first-view'))).toBe(
      'background',
    );
    expect((await paintsOf(popup)).emptyState).toBe(false);
  });

  it('a recording PostHog no longer has: named by its id, with why', async () => {
    const picker = await pickerWindowFor('recording-1');
    const header = picker.getByRole('region', { name: 'Recording to add to a collection' });
    await header
      .getByText('PostHog could not find this recording: it may have been deleted, or not be ready yet.')
      .waitFor();
    expect(await header.getByRole('heading').textContent()).toBe(GONE);
    expect((await paintsOf(picker)).emptyState).toBe(false);
    // Its line reads in both colour schemes.
    expect(await findAccessibilityViolations(picker)).toEqual([]);
    await picker.emulateMedia({ colorScheme: 'dark' });
    expect(await findAccessibilityViolations(picker)).toEqual([]);
  });

  it('PostHog unreachable: named by its id, with why', async () => {
    env.server.setFault({
      method: 'GET',
      path: `/api/projects/1/session_recordings/${loose}/`,
      fault: { type: 'drop' },
    });
    const picker = await pickerWindowFor('recording-2');
    const header = picker.getByRole('region', { name: 'Recording to add to a collection' });
    await header
      .getByText('Could not reach PostHog. Check your connection, then try again.')
      .waitFor({ timeout: 15_000 });
    expect(await header.getByRole('heading').textContent()).toBe(loose);
    expect((await paintsOf(picker)).emptyState).toBe(false);
  });
});
