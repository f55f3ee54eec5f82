import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { recordingPage } from '../support/recording-page';
import { findAccessibilityViolations } from './axe';
import {
  badgeText,
  pickerOver,
  recordingCalls,
  signedInPickerOver,
  whoAskedCalls,
} from './collections-harness';
import { faultOnce } from './faults';
import { useExtension } from './fixtures';
import { clickInPage, IN_PAGE_HOST, readInPage, waitForInPage, waitForInPageText } from './in-page';
import { saveConnection, sendFromExtensionPage } from './options-page';

const { checkoutBugs, onboarding } = DEMO.playlists;
const { inCheckout, loose } = DEMO.recordings;

/** The in-page button's box on screen, to compare what it paints. */
async function hostClip(page: import('playwright-core').Page) {
  const box = await page.locator(IN_PAGE_HOST).boundingBox();
  if (!box) throw new Error('the in-page button has no box');
  return box;
}

/** The in-page add button's fill in Hogmark's light and dark styles (`--accent`). */
const LIGHT_ACCENT = 'rgb(192, 62, 6)';
const DARK_ACCENT = 'rgb(247, 165, 1)';

/** The computed background of the in-page "Add to …" button, read through its closed root. */
async function addButtonColor(page: import('playwright-core').Page): Promise<string | undefined> {
  const view = await waitForInPage(page);
  const add = view.buttons.find((button) => button.label.startsWith('Add to '));
  if (!add) return undefined;
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
    const { nodeIds } = (await cdp.send('DOM.pushNodesByBackendIdsToFrontend', {
      backendNodeIds: [add.backendNodeId],
    })) as { nodeIds: number[] };
    await cdp.send('CSS.enable');
    const { computedStyle } = (await cdp.send('CSS.getComputedStyleForNode', {
      nodeId: nodeIds[0] ?? 0,
    })) as {
      computedStyle: Array<{ name: string; value: string }>;
    };
    return computedStyle.find((property) => property.name === 'background-color')?.value;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** The in-page button once "Escalations from e2e" (20 characters: shown whole) is the last-used collection. */
const LAST_USED_LABEL = 'Add to Escalations from e2e';

type Box = { left: number; right: number; top: number; bottom: number };

/**
 * What the user sees of the meta bar: whether PostHog's Add to collection and each of Hogmark's visible
 * buttons (by accessible name) lie wholly inside the row that clips them, and whether the player
 * still has the width of its room.
 */
async function metaBarLayout(page: import('playwright-core').Page) {
  const view = await readInPage(page);
  const layout = await page.evaluate(() => {
    const box = (element: Element | null | undefined) => {
      const rect = element?.getBoundingClientRect();
      return rect ? { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom } : null;
    };
    const posthogAdd = document.querySelector('.PlayerMeta button[aria-label="Add to collection"]');
    const player = document.querySelector('.SessionRecordingPlayer');
    return {
      // PostHog's meta bar row is `overflow-hidden`: what lies outside it is not seen.
      bar: box(posthogAdd?.closest('.overflow-hidden')),
      posthogAdd: box(posthogAdd),
      player: player?.getBoundingClientRect().width,
      room: player?.parentElement?.getBoundingClientRect().width,
    };
  });
  const { bar } = layout;
  const inside = (box: Box | null) =>
    bar !== null &&
    box !== null &&
    box.right - box.left > 0 &&
    box.bottom - box.top > 0 &&
    box.left >= bar.left - 0.5 &&
    box.right <= bar.right + 0.5;
  const cdp = await page.context().newCDPSession(page);
  const ours: Array<{ name: string | undefined; inside: boolean; box: Box }> = [];
  try {
    for (const button of view?.buttons ?? []) {
      const { model } = (await cdp.send('DOM.getBoxModel', { backendNodeId: button.backendNodeId })) as {
        model: { border: number[] };
      };
      const [left = 0, top = 0, , , right = 0, bottom = 0] = model.border;
      const { nodes } = (await cdp.send('Accessibility.getPartialAXTree', {
        backendNodeId: button.backendNodeId,
        fetchRelatives: false,
      })) as { nodes: Array<{ name?: { value?: string } }> };
      const box = { left, top, right, bottom };
      ours.push({ name: nodes[0]?.name?.value, inside: inside(box), box });
    }
  } finally {
    await cdp.detach().catch(() => undefined);
  }
  return {
    posthogAdd: inside(layout.posthogAdd),
    ours,
    playerKeepsWidth: layout.player !== undefined && layout.player === layout.room,
    layout,
  };
}

describe('adding a recording to a playlist against PostHog (session fallback)', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });

  beforeEach(() => env.server.clearRequests());

  it('signed out of PostHog: the pick waits (the badge counts it), and Discard takes it back without a request', async () => {
    // PostHog's tab is open, but the browser has no PostHog session (nor a CSRF cookie): its content
    // script sends the request all the same and PostHog's 401, before it acts, says signed out.
    const { page, tabId } = await env.session.openTab(recordingPage(env.server, loose));
    const popup = await pickerOver(env.session, tabId);
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    const notice = popup.locator('.playlist-notice');
    await notice
      .getByText(
        'Not added to Onboarding yet: you are signed out of PostHog, so Hogmark will add it once you sign in.',
      )
      .waitFor();
    const open = notice.getByRole('link', { name: 'Open in PostHog' });
    expect(await open.getAttribute('href')).toBe(recordingPage(env.server, loose));
    // The key refused, the tab is asked who it is: signed out, so the add is not sent through it.
    expect(recordingCalls(env.server, onboarding, loose)).toEqual(['POST key 403']);
    expect(whoAskedCalls(env.server)).toEqual(['none 401']);
    await expect.poll(() => badgeText(env.session, tabId)).toBe('1');
    // Undo while it waits: Discard, and nothing is ever sent for it.
    env.server.clearRequests();
    await notice.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => badgeText(env.session, tabId)).toBe('REC');
    expect(recordingCalls(env.server, onboarding, loose)).toEqual([]);
    await Promise.all([popup.close(), page.close()]);
  });

  it('adds through the signed-in tab with one session POST, says which way it went, and undoes', async () => {
    // Saving the settings again forgets that this PostHog refused the key: the first add tries it.
    await saveConnection(env.session, env.server.url, env.server.keys.all);
    const { page, popup } = await signedInPickerOver(env.session, env.server.url, loose);
    env.server.clearRequests();
    await popup.getByRole('combobox').fill('onboard');
    expect(await popup.getByRole('option', { selected: true }).textContent()).toContain('Onboarding');
    await popup.keyboard.press('Enter');
    await popup
      .getByTitle('Sent via your PostHog session')
      .getByText('✓ Added to Onboarding', { exact: true })
      .waitFor();
    expect(recordingCalls(env.server, onboarding, loose)).toEqual(['POST key 403', 'POST session 200']);
    expect(await popup.getByRole('option', { name: /Onboarding/ }).textContent()).toContain('In collection');

    // Refused once on this origin: from now on the signed-in tab makes the request, one per action.
    env.server.clearRequests();
    await popup.getByRole('button', { name: 'Undo' }).click();
    await popup
      .getByTitle('Sent via your PostHog session')
      .getByText('Removed from Onboarding', { exact: true })
      .waitFor();
    expect(recordingCalls(env.server, onboarding, loose)).toEqual(['DELETE session 200']);
    await Promise.all([popup.close(), page.close()]);
  });

  it('adds with a read-only key: the key lists, the signed-in tab adds', async () => {
    await saveConnection(env.session, env.server.url, env.server.keys.readOnly);
    try {
      const { page, popup } = await signedInPickerOver(env.session, env.server.url, loose);
      env.server.clearRequests();
      await popup.getByRole('combobox').fill('onboard');
      await popup.keyboard.press('Enter');
      await popup.getByText(/^✓ Added to Onboarding$/).waitFor();
      // PostHog refuses every key on this action, whatever its scopes; the session adds.
      expect(recordingCalls(env.server, onboarding, loose)).toEqual(['POST key 403', 'POST session 200']);
      const state = (await (
        await fetch(
          `${env.server.url}/api/projects/1/session_recording_playlists/${onboarding}/recordings/`,
          {
            headers: { authorization: `Bearer ${env.server.keys.all}` },
          },
        )
      ).json()) as { results: Array<{ id: string }> };
      expect(state.results.map((recording) => recording.id)).toContain(loose);
      env.server.clearRequests();
      await popup.getByRole('button', { name: 'Undo' }).click();
      await popup.getByText(/^Removed from Onboarding/).waitFor();
      expect(recordingCalls(env.server, onboarding, loose)).toEqual(['DELETE session 200']);
      await Promise.all([popup.close(), page.close()]);
    } finally {
      await saveConnection(env.session, env.server.url, env.server.keys.all);
    }
  });

  it('shows which playlists already hold the recording, and sends nothing for those', async () => {
    const { page, tabId } = await env.session.openTab(recordingPage(env.server, inCheckout));
    const popup = await pickerOver(env.session, tabId);
    const row = popup.getByRole('option', { name: /Checkout bugs/ });
    expect(await row.textContent()).toContain('In collection');
    await row.click();
    await popup.getByText('Already in Checkout bugs.').waitFor();
    await popup.getByRole('button', { name: 'Remove' }).waitFor();
    expect(recordingCalls(env.server, checkoutBugs, inCheckout)).toEqual([]);
    // PostHog's synthetic lists are not offered; saved filters are, disabled with the reason.
    expect(await popup.getByRole('option', { name: /Watch history/ }).count()).toBe(0);
    const filters = popup.getByRole('option', { name: /Rage clicks/ });
    expect(await filters.getAttribute('aria-disabled')).toBe('true');
    expect(await filters.textContent()).toContain("Saved filter — can't hold recordings");
    await Promise.all([popup.close(), page.close()]);
  });

  it('creates a playlist from the typed name and adds the recording to it', async () => {
    const { page, tabId } = await env.session.openTab(recordingPage(env.server, loose));
    const popup = await pickerOver(env.session, tabId);
    await popup.getByRole('combobox').fill('Escalations from e2e');
    await popup.getByRole('option', { name: 'Create collection “Escalations from e2e” and add' }).waitFor();
    await popup.keyboard.press('Enter');
    await popup
      .getByTitle('Sent via your PostHog session')
      .getByText('✓ Added to Escalations from e2e', { exact: true })
      .waitFor();
    const created = env.server.requests.filter(
      (r) => r.method === 'POST' && r.path === '/api/projects/1/session_recording_playlists/',
    );
    expect(created.map((r) => [r.auth, r.status, r.body])).toEqual([
      ['key', 201, { type: 'collection', name: 'Escalations from e2e' }],
    ]);
    await Promise.all([popup.close(), page.close()]);
  });

  it('the shortcut adds to the last-used playlist, flashes the badge, and the popup offers Undo', async () => {
    const { page, tabId } = await env.session.openTab(recordingPage(env.server, loose));
    const popup = await pickerOver(env.session, tabId);
    // The last add made "Escalations from e2e" the last-used playlist; remove it there first.
    const last = popup.getByRole('option').first();
    expect(await last.textContent()).toContain('Escalations from e2e');
    env.server.clearRequests();
    const result = await sendFromExtensionPage(popup, 'playlists/quick-add', { tabId });
    expect(result).toMatchObject({ ok: true, data: { outcome: 'already' } });
    expect(env.server.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(await badgeText(env.session, tabId)).toBe('=');

    const other = await env.session.openTab(recordingPage(env.server, DEMO.recordings.inCheckout));
    const added = await sendFromExtensionPage(popup, 'playlists/quick-add', { tabId: other.tabId });
    expect(added).toMatchObject({ ok: true, data: { outcome: 'added', via: 'session' } });
    expect(await badgeText(env.session, other.tabId)).toBe('✓');
    await expect.poll(() => badgeText(env.session, other.tabId), { timeout: 6_000 }).toBe('REC');

    const again = await env.session.openPopup(other.tabId);
    await again
      .getByTitle('Sent via your PostHog session')
      .getByText('✓ Added to Escalations from e2e', { exact: true })
      .waitFor();
    env.server.clearRequests();
    await again.getByRole('button', { name: 'Undo' }).click();
    await again.getByText(/^Removed from Escalations from e2e/).waitFor();
    expect(env.server.requests.filter((r) => r.method === 'DELETE').map((r) => r.auth)).toEqual(['session']);
    await Promise.all([popup.close(), page.close(), other.page.close(), again.close()]);
  });

  it.each(['light', 'dark'] as const)(
    'the picker has no WCAG A/AA violations in %s mode',
    async (colorScheme) => {
      const { page, tabId } = await env.session.openTab(recordingPage(env.server, inCheckout));
      const popup = await pickerOver(env.session, tabId);
      await popup.emulateMedia({ colorScheme });
      await popup.getByRole('combobox').fill('check');
      await popup.keyboard.press('Enter');
      await popup.getByText('Already in Checkout bugs.').waitFor();
      expect(await findAccessibilityViolations(popup)).toEqual([]);
      await Promise.all([popup.close(), page.close()]);
    },
  );

  it("the in-page button stands beside PostHog's own Add to collection, once, and follows the theme", async () => {
    const { page } = await env.session.openTab(recordingPage(env.server, loose));
    const view = await waitForInPage(page);
    expect(view).toMatchObject({ closed: true, buttons: [{ label: LAST_USED_LABEL }] });
    const host = page.locator(IN_PAGE_HOST);
    await expect.poll(() => host.count()).toBe(1);
    // Right after PostHog's button (in its IconWithCount wrapper), inside the meta bar's links. Polled:
    // the stand-in redraws the whole bar when the recording's meta arrives, and the button follows
    // into the new bar at the next look.
    await expect
      .poll(() =>
        host.evaluate((element) => ({
          after: element.previousElementSibling?.querySelector('button')?.getAttribute('aria-label'),
          inMeta: element.closest('.SessionRecordingPlayer .PlayerMeta') !== null,
          // Nothing the page can read names Hogmark, and its buttons are out of the page's reach.
          open: element.shadowRoot !== null,
          named: /hogmark/i.test(document.documentElement.outerHTML),
        })),
      )
      .toEqual({ after: 'Add to collection', inMeta: true, open: false, named: false });
    // The player keeps its width: the button sits in the meta bar, not beside the player.
    const widths = await page.evaluate(() => {
      const player = document.querySelector('.SessionRecordingPlayer');
      return {
        player: player?.getBoundingClientRect().width,
        room: player?.parentElement?.getBoundingClientRect().width,
      };
    });
    expect(widths.player).toBe(widths.room);
    // The page cannot look inside: what it paints is what the user sees, and it follows the theme.
    const light = await page.screenshot({ clip: await hostClip(page) });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.evaluate(() => document.body.getAttribute('theme'))).toBe('dark');
    await expect
      .poll(async () => (await page.screenshot({ clip: await hostClip(page) })).equals(light), {
        timeout: 5_000,
      })
      .toBe(false);
    await page.close();
  });

  it('the in-page button survives PostHog redrawing the meta bar and navigating, and is never doubled', async () => {
    const { page } = await env.session.openTab(recordingPage(env.server, loose));
    await waitForInPage(page);
    const host = page.locator(IN_PAGE_HOST);
    // A React re-render that replaces PostHog's links container drops whatever else it held.
    await page.evaluate(() => {
      const links = document
        .querySelector('.PlayerMeta [aria-label="Add to collection"]')
        ?.closest('div.flex');
      const redrawn = links?.cloneNode(true) as Element | undefined;
      // A clone copies no shadow root: React's redraw keeps only PostHog's own elements.
      for (const bare of redrawn?.querySelectorAll('div:empty:not([class])') ?? []) bare.remove();
      if (links && redrawn) links.replaceWith(redrawn);
    });
    await expect.poll(() => host.count()).toBe(1);
    await waitForInPage(page);
    // In-app to another recording, then to a dashboard (no player there), then back.
    await page.evaluate((id) => window.fakePostHog?.navigate(`/project/1/replay/${id}`), inCheckout);
    await page.waitForURL(`**/replay/${inCheckout}`);
    await expect.poll(() => host.count()).toBe(1);
    await page.evaluate(() => window.fakePostHog?.navigate('/project/1/dashboard/1'));
    await expect.poll(() => host.count()).toBe(0);
    await page.goBack();
    await expect.poll(() => host.count()).toBe(1);
    await page.close();
  });

  it('the in-page button shows where the URL names the recording, and nowhere it would be a guess', async () => {
    const cases: Array<[string, number]> = [
      [`/project/1/replay/home?sessionRecordingId=${loose}`, 1],
      [`/project/1/replay/playlists/${checkoutBugs}?sessionRecordingId=${inCheckout}`, 1],
      // A collection autoplays its first recording while the URL names none.
      [`/project/1/replay/playlists/${checkoutBugs}`, 0],
      ['/project/1/replay/home', 0],
    ];
    for (const [path, expected] of cases) {
      const { page } = await env.session.openTab(`${env.server.url}${path}`);
      await page.locator('.SessionRecordingPlayer .PlayerMeta [aria-label$="collection"]').waitFor();
      // The button is placed within a second of the bar appearing; give it two.
      await page.waitForTimeout(2_000);
      expect([path, (await readInPage(page)) === null ? 0 : 1]).toEqual([path, expected]);
      await page.close();
    }
  });

  it('the in-page button adds beside the player and can undo, without the key', async () => {
    // The shortcut's add to this recording was undone above, so the last-used playlist lacks it.
    const { page } = await env.session.openTab(recordingPage(env.server, inCheckout));
    await waitForInPage(page);
    env.server.clearRequests();
    // What a page script can do: click the host, dispatch events at it. None of it adds anything.
    await page.evaluate(() => {
      const host = document.querySelector('.PlayerMeta div:empty:not([class])') as HTMLElement | null;
      host?.click();
      for (const type of ['pointerdown', 'mousedown', 'mouseup', 'click']) {
        host?.dispatchEvent(new MouseEvent(type, { bubbles: true, composed: true, clientX: 5, clientY: 5 }));
      }
      host?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
      (
        document.elementFromPoint(
          (host?.getBoundingClientRect().left ?? 0) + 8,
          (host?.getBoundingClientRect().top ?? 0) + 8,
        ) as HTMLElement | null
      )?.click();
    });
    await page.waitForTimeout(500);
    expect(env.server.requests.filter((r) => r.path.includes('/recordings/'))).toEqual([]);
    // (PostHog hides its meta bar with the controls now and then: wait for it to show again.)
    expect((await waitForInPage(page)).text).not.toMatch(/Added/);
    // The user's own click adds.
    await clickInPage(page, LAST_USED_LABEL);
    // One short answer beside its Undo; the whole sentence (who, where, how) is its tooltip.
    await waitForInPageText(page, '✓ Escalations from e2e');
    expect((await waitForInPage(page)).statusTitle).toMatch(
      /Added .+’s recording of .+ to Escalations from e2e via your PostHog session/,
    );
    const writes = env.server.requests.filter((r) => r.method === 'POST' && r.path.includes('/recordings/'));
    // This PostHog refused the key before: the signed-in tab adds at once.
    expect(writes.map((r) => `${r.auth} ${r.status}`)).toEqual(['session 200']);
    await clickInPage(page, 'Undo');
    await waitForInPageText(page, 'Removed from Escalations from e2e.');
    // The page never sees the key: nothing the page can read carries it.
    const html = await page.evaluate(() => document.documentElement.outerHTML + JSON.stringify(localStorage));
    expect(html).not.toContain(env.server.keys.all);
    await page.close();
  });

  it("the in-page button paints PostHog's own theme setting, whatever the system's scheme", async () => {
    const { page } = await env.session.openTab(recordingPage(env.server, loose));
    await waitForInPage(page);
    const theme = () => page.evaluate(() => document.body.getAttribute('theme'));
    /** Sets both, then waits for PostHog's body[theme] and for the button's paint to follow. */
    async function settle(system: 'light' | 'dark', mode: 'light' | 'dark' | 'system', expected: string) {
      await page.emulateMedia({ colorScheme: system });
      await page.evaluate((next) => window.fakePostHog?.setThemeMode(next), mode);
      await expect.poll(theme).toBe(expected);
      await expect.poll(() => addButtonColor(page)).toBe(expected === 'dark' ? DARK_ACCENT : LIGHT_ACCENT);
    }
    // PostHog following the system (its "system" mode), then the user's own choice against the system.
    await settle('light', 'system', 'light');
    await settle('light', 'dark', 'dark');
    await settle('dark', 'system', 'dark');
    await settle('dark', 'light', 'light');
    // Still so a while later: no look of Hogmark's takes the system's scheme over PostHog's setting.
    await page.waitForTimeout(1_500);
    expect(await addButtonColor(page)).toBe(LIGHT_ACCENT);
    await page.close();
  });

  it.each([
    // At 360 px PostHog's own links leave room for one icon: right after an add, that is Undo.
    [360, ['Undo']],
    [480, [LAST_USED_LABEL, 'Undo']],
    [720, [LAST_USED_LABEL, 'Undo']],
  ])(
    "the in-page button and PostHog's own stay visible in a %i px wide meta bar, and the player keeps its width",
    async (width, afterAdd) => {
      const { page } = await env.session.openTab(recordingPage(env.server, inCheckout));
      await page.setViewportSize({ width, height: 800 });
      await waitForInPage(page);
      // The stand-in redraws the bar when the recording's meta arrives: measure once it holds the URL.
      await page.locator('.PlayerMeta a.Link').waitFor({ state: 'attached' });
      const expected = (names: string[]) => ({
        posthogAdd: true,
        ours: names.map((name) => ({ name, inside: true })),
        playerKeepsWidth: true,
      });
      await expect
        .poll(() => metaBarLayout(page), { timeout: 5_000 })
        .toMatchObject(expected([LAST_USED_LABEL]));
      // After an add, the status and Undo join it: still all inside the bar, nothing pushed into the player.
      // (The test before undid its add of this recording, so the last-used collection lacks it.)
      await clickInPage(page, LAST_USED_LABEL);
      await waitForInPageText(page, /✓ /);
      try {
        await expect.poll(() => metaBarLayout(page), { timeout: 5_000 }).toMatchObject(expected(afterAdd));
      } finally {
        await clickInPage(page, 'Undo');
        await waitForInPageText(page, /Removed from /);
      }
      // Undone, the add button is back, whole.
      await expect
        .poll(() => metaBarLayout(page), { timeout: 5_000 })
        .toMatchObject(expected([LAST_USED_LABEL]));
      await page.close();
    },
  );

  it('the in-page button goes away when turned off in the options, and comes back', async () => {
    const { page } = await env.session.openTab(recordingPage(env.server, loose));
    await waitForInPage(page);
    const options = await env.session.openOptions();
    const save = (inPageButton: boolean) =>
      sendFromExtensionPage(options, 'settings/save', { origin: env.server.url, projectId: 1, inPageButton });
    expect(await save(false)).toMatchObject({ ok: true });
    await waitForInPage(page, { gone: true });
    expect(await page.locator(IN_PAGE_HOST).count()).toBe(0);
    expect(await save(true)).toMatchObject({ ok: true });
    await waitForInPage(page);
    await Promise.all([options.close(), page.close()]);
  });
});

describe('the in-page button names where it adds', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });

  it('the in-page button names the collection before and after an add', async () => {
    const { page, popup } = await signedInPickerOver(env.session, env.server.url, loose);
    // No collection used yet in this project: it offers to choose one, and names no shortcut.
    expect((await waitForInPage(page)).buttons).toEqual([
      expect.objectContaining({
        label: 'Add to collection…',
        title: 'Hogmark: choose a collection for this recording',
      }),
    ]);
    await popup.getByRole('combobox').fill('onboard');
    await popup.keyboard.press('Enter');
    await popup.getByText('✓ Added to Onboarding', { exact: true }).waitFor();
    await popup.close();
    // The page already open follows: it now names the collection it adds to.
    await expect
      .poll(async () => (await readInPage(page))?.buttons.map(({ label, title }) => ({ label, title })))
      .toEqual([{ label: 'Add to Onboarding', title: 'Hogmark: add this recording to Onboarding' }]);

    const other = await env.session.openTab(recordingPage(env.server, inCheckout));
    expect((await waitForInPage(other.page)).buttons.map((button) => button.label)).toEqual([
      'Add to Onboarding',
    ]);
    env.server.clearRequests();
    await clickInPage(other.page, 'Add to Onboarding');
    await waitForInPageText(other.page, '✓ Onboarding');
    const answered = await waitForInPage(other.page);
    expect(answered.buttons.map((button) => button.label)).toEqual(['Add to Onboarding', 'Undo']);
    // Not "Open Hogmark to undo" beside its own Undo: the sentence is only the status's tooltip.
    expect(answered.text).not.toMatch(/Open Hogmark/);
    expect(answered.statusTitle).toMatch(/^Added .+ to Onboarding/);
    expect(recordingCalls(env.server, onboarding, inCheckout)).toEqual(['POST session 200']);
    await clickInPage(other.page, 'Undo');
    await waitForInPageText(other.page, 'Removed from Onboarding.');
    await Promise.all([other.page.close(), page.close()]);
  });
});

describe('adding a recording to a playlist against the contract (the key adds)', () => {
  const env = useExtension({ flavor: 'contract', seed: 'demo' }, { connected: true });

  beforeEach(() => env.server.clearRequests());

  it('adds with exactly one POST, keeps membership unknown except what Hogmark did, and undoes with one DELETE', async () => {
    const { page, tabId } = await env.session.openTab(recordingPage(env.server, inCheckout));
    const popup = await pickerOver(env.session, tabId);
    await popup.getByText(/does not say which collections already hold this recording/).waitFor();
    // Checkout bugs does hold it, but this server does not say so: no mark is guessed.
    expect(await popup.getByRole('option', { name: /Checkout bugs/ }).textContent()).not.toContain(
      'In collection',
    );
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup.getByText('✓ Added to Onboarding', { exact: true }).waitFor();
    expect(recordingCalls(env.server, onboarding, inCheckout)).toEqual(['POST key 200']);
    expect(await popup.getByRole('option', { name: /Onboarding/ }).textContent()).toContain('In collection');

    await popup.keyboard.press('Enter');
    await popup.getByText('Already in Onboarding.').waitFor();
    expect(recordingCalls(env.server, onboarding, inCheckout)).toEqual(['POST key 200']);

    await popup.getByRole('button', { name: 'Remove' }).click();
    await popup.getByText('Removed from Onboarding').waitFor();
    expect(recordingCalls(env.server, onboarding, inCheckout)).toEqual(['POST key 200', 'DELETE key 204']);
    await Promise.all([popup.close(), page.close()]);
  });

  it('a server error where PostHog never says membership: never "not added"; the pick waits, and Retry now adds once', async () => {
    const { page, tabId } = await env.session.openTab(recordingPage(env.server, loose));
    const popup = await pickerOver(env.session, tabId);
    faultOnce(
      env.server,
      'POST',
      `/api/projects/1/session_recording_playlists/${onboarding}/recordings/${loose}/`,
      { type: 'status', status: 503 },
    );
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup
      .getByText(
        'Hogmark could not tell whether Onboarding took it: PostHog’s answer was lost. Hogmark will check, and add it if it is not there.',
      )
      .waitFor();
    expect(await popup.getByRole('option', { selected: true }).textContent()).toContain('Onboarding');
    await expect.poll(() => badgeText(env.session, tabId)).toBe('1');
    await popup.close();
    const again = await pickerOver(env.session, tabId);
    await again.getByRole('button', { name: 'Retry now' }).click();
    await again.getByText(/^Added .+ to Onboarding \(it was waiting\)\./).waitFor();
    // Faults answer before authentication, so the log shows no auth for the failed attempt.
    expect(recordingCalls(env.server, onboarding, loose)).toEqual(['POST none 503', 'POST key 200']);
    await Promise.all([again.close(), page.close()]);
  });

  it('reports a missing scope in one sentence', async () => {
    await saveConnection(env.session, env.server.url, env.server.keys.noPlaylistWrite);
    const { page, tabId } = await env.session.openTab(recordingPage(env.server, loose));
    const popup = await pickerOver(env.session, tabId);
    await popup.getByRole('combobox').fill('Sup');
    await popup.keyboard.press('Enter');
    await popup
      .getByRole('alert')
      .getByText(/lacks the session_recording_playlist:write scope/)
      .waitFor();
    await Promise.all([popup.close(), page.close()]);
  });
});
