import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { recordingPage } from '../support/recording-page';
import { recordingRoute } from '../support/recording-route';
import { serverHolds } from '../support/server-holds';
import { findAccessibilityViolations } from './axe';
import { recordingCalls, signedInPickerOver } from './collections-harness';
import { apiRequests } from './dashboards-harness';
import { faultOnce } from './faults';
import { useExtension } from './fixtures';
import { clickInPage, readInPage, waitForInPage, waitForInPageText } from './in-page';
import { OptionsPage, sendFromExtensionPage } from './options-page';

const { onboarding } = DEMO.playlists;
const { loose } = DEMO.recordings;
const RECORDING_ROUTE = recordingRoute(onboarding, loose);
const PLAYLIST_READS = /^\/api\/projects\/1\/session_recording_playlists\//;
const STILL_WAITING = 'Still waiting for PostHog…';

/**
 * Focus facts of the in-page button labelled `label`, read through its closed root with the DevTools
 * protocol: whether it holds the focus, and the outline the user sees on it.
 */
async function focusOf(page: Page, label: string): Promise<{ focused: boolean; outline: string }> {
  const view = await readInPage(page);
  const button = view?.buttons.find((candidate) => candidate.label === label);
  if (!button) throw new Error(`no in-page button "${label}"`);
  const cdp = await page.context().newCDPSession(page);
  try {
    const { object } = (await cdp.send('DOM.resolveNode', { backendNodeId: button.backendNodeId })) as {
      object: { objectId: string };
    };
    const { result } = (await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId,
      functionDeclaration: `function () {
        const style = getComputedStyle(this);
        return { focused: this.getRootNode().activeElement === this, outline: style.outlineStyle + ' ' + style.outlineWidth };
      }`,
      returnByValue: true,
    })) as { result: { value: { focused: boolean; outline: string } } };
    return result.value;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** Focuses the in-page button labelled `label` as the keyboard would reach it. */
async function focusInPage(page: Page, label: string): Promise<void> {
  const view = await waitForInPage(page);
  const button = view.buttons.find((candidate) => candidate.label === label);
  if (!button) throw new Error(`no in-page button "${label}"`);
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
    await cdp.send('DOM.focus', { backendNodeId: button.backendNodeId });
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** Whether the in-page button labelled `label` lies wholly inside the meta bar row that clips it. */
async function insideMetaBar(page: Page, label: string): Promise<boolean> {
  const view = await readInPage(page);
  const button = view?.buttons.find((candidate) => candidate.label === label);
  if (!button) return false;
  const bar = await page.evaluate(() => {
    const rect = document
      .querySelector('.PlayerMeta button[aria-label="Add to collection"]')
      ?.closest('.overflow-hidden')
      ?.getBoundingClientRect();
    return rect ? { left: rect.left, right: rect.right } : null;
  });
  const cdp = await page.context().newCDPSession(page);
  try {
    const { model } = (await cdp.send('DOM.getBoxModel', { backendNodeId: button.backendNodeId })) as {
      model: { border: number[] };
    };
    const [left = 0, , , , right = 0] = model.border;
    return bar !== null && right > left && left >= bar.left - 0.5 && right <= bar.right + 0.5;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

describe('the in-page button while PostHog does not answer (posthog flavor)', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });

  let learnt = false;
  /**
   * Once: Onboarding becomes the last-used collection (what the in-page button adds to), and Hogmark
   * learns that this PostHog refuses the key for adds (the next ones go straight through the tab).
   */
  async function learnLastUsed(): Promise<void> {
    if (learnt) return;
    const { page, popup } = await signedInPickerOver(env.session, env.server.url, loose);
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup
      .getByTitle('Sent via your PostHog session')
      .getByText('✓ Added to Onboarding', { exact: true })
      .waitFor();
    await popup.getByRole('button', { name: 'Undo' }).click();
    await popup.getByText(/^Removed from Onboarding/).waitFor();
    await Promise.all([popup.close(), page.close()]);
    learnt = true;
  }
  beforeEach(() => {
    env.server.clearFaults();
    env.server.clearRequests();
  });

  async function recordingTab(): Promise<Page> {
    await learnLastUsed();
    env.server.clearRequests();
    const { page } = await env.session.openTab(recordingPage(env.server, loose));
    // The stand-in redraws the meta bar when the recording's meta arrives: act once it holds the URL.
    await page.locator('.PlayerMeta a.Link').waitFor({ state: 'attached' });
    await waitForInPage(page);
    return page;
  }

  it('Cancel of an add and of its undo PostHog made meanwhile: one read each, and the button says what is true', async () => {
    const page = await recordingTab();
    // PostHog makes the add at once, but its answer would take a minute.
    faultOnce(env.server, 'POST', RECORDING_ROUTE, { type: 'lose-answer', as: 'late', ms: 60_000 });
    await clickInPage(page, 'Add to Onboarding');
    await waitForInPageText(page, STILL_WAITING);
    await clickInPage(page, 'Cancel');
    await waitForInPageText(page, '✓ Onboarding');
    expect((await readInPage(page))?.buttons.map((button) => button.label)).toEqual([
      'Add to Onboarding',
      'Undo',
    ]);
    expect(recordingCalls(env.server, onboarding, loose)).toEqual(['POST session 200']);
    expect(apiRequests(env.server, 'GET', PLAYLIST_READS)).toHaveLength(1);
    expect(await serverHolds(env.server, onboarding, loose)).toBe(true);

    env.server.clearRequests();
    faultOnce(env.server, 'DELETE', RECORDING_ROUTE, { type: 'lose-answer', as: 'late', ms: 60_000 });
    await clickInPage(page, 'Undo');
    await waitForInPageText(page, STILL_WAITING);
    await clickInPage(page, 'Cancel');
    await waitForInPageText(page, 'Removed from Onboarding.');
    // One DELETE, never a second one.
    expect(recordingCalls(env.server, onboarding, loose)).toEqual(['DELETE session 200']);
    expect(apiRequests(env.server, 'GET', PLAYLIST_READS)).toHaveLength(1);
    expect(await serverHolds(env.server, onboarding, loose)).toBe(false);
    await page.close();
  });

  it('from the keyboard: Cancel takes the focus, shows it, and says PostHog had not made the add', async () => {
    const page = await recordingTab();
    // PostHog is slow to start: it makes the add only after the user stopped waiting.
    faultOnce(env.server, 'POST', RECORDING_ROUTE, { type: 'latency', ms: 5_000 });
    // The stand-in redraws the bar when the recording's meta arrives, which drops the focus: focus
    // the button once the bar holds the URL, and check it kept the focus before pressing Enter.
    await page.locator('.PlayerMeta a.Link').waitFor({ state: 'attached' });
    await expect
      .poll(async () => {
        await focusInPage(page, 'Add to Onboarding');
        return (await focusOf(page, 'Add to Onboarding')).focused;
      })
      .toBe(true);
    await page.keyboard.press('Enter');
    await waitForInPageText(page, STILL_WAITING);
    await expect.poll(() => focusOf(page, 'Cancel')).toMatchObject({ focused: true, outline: 'solid 2px' });
    await page.keyboard.press('Enter');
    const said = await waitForInPageText(page, /Stopped waiting\. PostHog had not made the change/);
    expect(said).not.toContain(STILL_WAITING);
    expect((await readInPage(page))?.buttons.map((button) => button.label)).toEqual(['Add to Onboarding']);
    // The focus stays with the button, not lost to the page.
    expect((await focusOf(page, 'Add to Onboarding')).focused).toBe(true);
    expect(
      recordingCalls(env.server, onboarding, loose).filter((call) => call.startsWith('POST')),
    ).toHaveLength(1);
    // Leave PostHog as it was: the late add lands, then PostHog's own UI removes it.
    await expect.poll(() => serverHolds(env.server, onboarding, loose), { timeout: 10_000 }).toBe(true);
    await page.evaluate(async (path) => {
      const csrf = document.cookie.match(/posthog_csrftoken=([^;]+)/)?.[1] ?? '';
      await fetch(path, { method: 'DELETE', headers: { 'X-CSRFToken': csrf } });
    }, `/api/projects/1/session_recording_playlists/${onboarding}/recordings/${loose}/`);
    expect(await serverHolds(env.server, onboarding, loose)).toBe(false);
    await page.close();
  });

  it('in a 360 px wide meta bar, Cancel stands alone where it is seen, and still ends in the truth', async () => {
    const page = await recordingTab();
    await page.setViewportSize({ width: 360, height: 800 });
    // The stand-in redraws the bar when the recording's meta arrives: act once it holds the URL.
    await page.locator('.PlayerMeta a.Link').waitFor({ state: 'attached' });
    faultOnce(env.server, 'POST', RECORDING_ROUTE, { type: 'lose-answer', as: 'late', ms: 60_000 });
    await clickInPage(page, 'Add to Onboarding');
    await waitForInPageText(page, STILL_WAITING);
    await expect
      .poll(async () => (await readInPage(page))?.buttons.map((button) => button.label))
      .toEqual(['Cancel']);
    expect(await insideMetaBar(page, 'Cancel')).toBe(true);
    await clickInPage(page, 'Cancel');
    await waitForInPageText(page, '✓ Onboarding');
    expect(await serverHolds(env.server, onboarding, loose)).toBe(true);
    await clickInPage(page, 'Undo');
    await waitForInPageText(page, 'Removed from Onboarding.');
    expect(await serverHolds(env.server, onboarding, loose)).toBe(false);
    await page.close();
  });
});

describe('the options page while PostHog does not answer the key check', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  const KEY_CHECK = /^\/api\/users\/@me\/?$/;

  /** The masked key and address the background holds. */
  async function stored(options: OptionsPage) {
    const answer = (await sendFromExtensionPage(options.page, 'status/get')) as {
      data: { maskedKey?: string; origin?: string };
    };
    return { maskedKey: answer.data.maskedKey, origin: answer.data.origin };
  }

  it('Cancel keeps what the user typed, saves nothing, and Try again saves it', async () => {
    const options = await OptionsPage.open(env.session);
    const before = await stored(options);
    const checkedBefore = await options.report.innerText();
    await options.pasteKey(env.server.keys.readOnly);
    // Under the 8 s a read may take before Hogmark gives up on it.
    env.server.setFault({ method: 'GET', path: KEY_CHECK, fault: { type: 'latency', ms: 6_500 }, times: 1 });
    await options.page.getByRole('button', { name: 'Check and save' }).click();
    await options.notice.filter({ hasText: STILL_WAITING }).waitFor();
    expect(await findAccessibilityViolations(options.page)).toEqual([]);
    // The keyboard reaches Cancel right after the button that started the check.
    await options.page.keyboard.press('Tab');
    const cancel = options.page.getByRole('button', { name: 'Cancel' });
    await expect.poll(() => cancel.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await cancel.evaluate((button) => button.matches(':focus-visible'))).toBe(true);
    await options.page.keyboard.press('Enter');
    await options.page
      .getByRole('alert')
      .getByText(/^Stopped waiting for PostHog\. Nothing was saved/)
      .waitFor();
    // The focus is back on the button that started it; the form is as the user left it.
    expect(await options.page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')).toBe(
      'Check and save',
    );
    expect(await options.keyField.inputValue()).toBe(env.server.keys.readOnly);
    expect(await options.page.getByText(STILL_WAITING).count()).toBe(0);
    // PostHog's late answers to the abandoned check change nothing that was stored.
    await options.page.waitForTimeout(4_000);
    expect(await stored(options)).toEqual(before);
    expect(await options.report.innerText()).toBe(checkedBefore);

    await options.page.getByRole('button', { name: 'Try again' }).click();
    await options.notice.filter({ hasText: `Saved. Hogmark is connected to ${env.server.url}.` }).waitFor();
    expect((await stored(options)).maskedKey).toBe(`phx_…${env.server.keys.readOnly.slice(-4)}`);
    expect(await options.keyField.inputValue()).toBe('');
    await options.page.close();
  });

  it('Cancel of Check again keeps the last report and says nothing changed', async () => {
    const options = await OptionsPage.open(env.session);
    const before = await stored(options);
    env.server.setFault({ method: 'GET', path: KEY_CHECK, fault: { type: 'latency', ms: 5_000 }, times: 1 });
    await options.report.getByRole('button', { name: 'Check again' }).click();
    await options.notice.filter({ hasText: STILL_WAITING }).waitFor();
    await options.page.getByRole('button', { name: 'Cancel' }).click();
    await options.page
      .getByRole('alert')
      .getByText(/^Stopped waiting for PostHog\. Nothing changed/)
      .waitFor();
    expect(await options.page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')).toBe(
      'Check again',
    );
    expect(await stored(options)).toEqual(before);
    await options.page.close();
  });
});
