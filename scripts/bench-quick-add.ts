import type { CDPSession, Page } from 'playwright-core';
import { type ExtensionSession, launchExtension } from '../test/e2e/harness';
import { buttonLabelled, clickInPage, waitForInPage, waitForInPageText } from '../test/e2e/in-page';
import { saveConnection } from '../test/e2e/options-page';
import { DEMO } from '../test/fake-posthog/demo-ids';
import type { FakePostHog } from '../test/fake-posthog/index';
import type { LoggedRequest } from '../test/fake-posthog/types';
import { type RoundsPlan, ratioOf, roundsUntilStable, type TimedFigure } from './bench-rounds';
import { apiQuiet, type BenchEnv } from './bench-session';
import { controlServiceWorker, type WorkerControl } from './bench-worker';

/**
 * The adds a user makes beside the popup, each from its trigger to the add request arriving at the
 * local PostHog: the keyboard shortcut (`add-to-last-playlist`, Alt+Shift+P) and the in-page button,
 * each warm and just after the service worker was stopped. See docs/BENCHMARK.md.
 */
export interface QuickAddFigures {
  shortcutWarm: TimedFigure;
  shortcutAfterStop: TimedFigure;
  inPageWarm: TimedFigure;
  inPageAfterStop: TimedFigure;
  rounds: { rounds: number; converged: boolean };
  /** Stopped-worker tries redone because something else woke the worker before the trigger. */
  wokenEarly: number;
  /** How the timed adds reached PostHog (`auth status`: `session 200` on the `posthog` flavor), and how often. */
  sentAs: Record<string, number>;
}

const { loose } = DEMO.recordings;
const { onboarding } = DEMO.playlists;
const ADD_PATH = `/api/projects/${DEMO.projects.main}/session_recording_playlists/${onboarding}/recordings/${loose}/`;
/** Paused (`?pause`): a playing recording's tab tells the background its second every second. */
const RECORDING = `/project/${DEMO.projects.main}/replay/${loose}?pause`;

/**
 * Gives the command the manifest suggests its key, as a user does on chrome://extensions/shortcuts
 * (that page's own call). Chromium 156 on Linux leaves Alt+Shift+P (and Alt+Shift+C) unassigned when
 * the extension is installed, while it assigns Alt+Shift+O or Ctrl+Shift+Y from the same manifest.
 */
async function assignShortcut(session: ExtensionSession): Promise<void> {
  const page = await session.context.newPage();
  try {
    await page.goto('chrome://extensions/shortcuts');
    await page.evaluate(async (extensionId) => {
      type DeveloperPrivate = { updateExtensionCommand(update: object): Promise<void> };
      const api = (globalThis as unknown as { chrome: { developerPrivate: DeveloperPrivate } }).chrome;
      await api.developerPrivate.updateExtensionCommand({
        extensionId,
        commandName: 'add-to-last-playlist',
        keybinding: 'Alt+Shift+P',
      });
    }, session.extensionId);
  } finally {
    await page.close();
  }
}

type KeyEvent = 'rawKeyDown' | 'keyUp';
/** Linux keys: Windows virtual key, XKB key code (the native code the browser builds its OS event from). */
const KEYS = {
  Alt: { windowsVirtualKeyCode: 18, nativeVirtualKeyCode: 64, code: 'AltLeft', key: 'Alt' },
  Shift: { windowsVirtualKeyCode: 16, nativeVirtualKeyCode: 50, code: 'ShiftLeft', key: 'Shift' },
  P: { windowsVirtualKeyCode: 80, nativeVirtualKeyCode: 33, code: 'KeyP', key: 'P' },
};
const ALT = 1;
const SHIFT = 8;

/**
 * Alt+Shift+P pressed in the page, and the instant (epoch ms) just before P went down. Playwright's
 * `keyboard.press` sends no native key code, so Chromium drops the key once the page has had it
 * (`skip_if_unhandled`) and never looks for a browser shortcut; with one, the key that the page
 * leaves unhandled goes on to the browser's shortcuts as a real one does, and Chromium dispatches
 * `commands.onCommand`, waking a stopped worker.
 */
async function pressShortcut(cdp: CDPSession): Promise<number> {
  const send = (type: KeyEvent, name: keyof typeof KEYS, modifiers: number) =>
    cdp.send('Input.dispatchKeyEvent', { type, modifiers, ...KEYS[name] });
  await send('rawKeyDown', 'Alt', ALT);
  await send('rawKeyDown', 'Shift', ALT | SHIFT);
  const at = Date.now();
  await send('rawKeyDown', 'P', ALT | SHIFT);
  await send('keyUp', 'P', ALT | SHIFT);
  await send('keyUp', 'Shift', ALT);
  await send('keyUp', 'Alt', 0);
  return at;
}

/** The in-page add button's centre (its shadow root is closed: the DevTools protocol's DOM reads it). */
async function addButtonCentre(page: Page, cdp: CDPSession): Promise<{ x: number; y: number }> {
  // It names the last-used collection the bench added to first ("Add to …").
  const button = buttonLabelled(await waitForInPage(page), /^Add to /);
  const { model } = (await cdp.send('DOM.getBoxModel', { backendNodeId: button.backendNodeId })) as {
    model: { content: number[] };
  };
  const [x1 = 0, y1 = 0, , , x3 = 0, y3 = 0] = model.content;
  return { x: (x1 + x3) / 2, y: (y1 + y3) / 2 };
}

/** The first add request to arrive at or after `from` (epoch ms). */
async function addArrival(server: FakePostHog, from: number): Promise<LoggedRequest> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const sent = server.requests.find(
      (entry) => entry.method === 'POST' && entry.path === ADD_PATH && entry.at >= from,
    );
    if (sent) return sent;
    if (Date.now() > deadline) throw new Error(`No add request reached PostHog within 30 s of the trigger.`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface Surface {
  name: 'shortcut' | 'inPage';
  /** Everything up to the last input before the trigger (focus, the pointer over the button). */
  prepare(): Promise<void>;
  /** The trigger itself: returns the instant (epoch ms) just before the input that acts. */
  trigger(): Promise<number>;
  /** Waits for the add's own confirmation, then undoes it, so the next add really sends one. */
  undo(): Promise<void>;
}

async function surfaces(session: ExtensionSession, server: FakePostHog, tab: { page: Page; tabId: number }) {
  const cdp = await session.context.newCDPSession(tab.page);
  const shortcut: Surface = {
    name: 'shortcut',
    // The shortcut acts in the active tab of the focused window.
    prepare: () => tab.page.bringToFront(),
    trigger: () => pressShortcut(cdp),
    async undo() {
      await apiQuiet(server);
      const popup = await session.openPopup(tab.tabId);
      await popup.getByRole('button', { name: 'Undo' }).click();
      await popup.getByText(/^Removed from Onboarding/).waitFor();
      await popup.close();
    },
  };
  const inPage: Surface = {
    name: 'inPage',
    async prepare() {
      await tab.page.bringToFront();
      const { x, y } = await addButtonCentre(tab.page, cdp);
      await tab.page.mouse.move(x, y);
      await tab.page.mouse.down();
    },
    // The button acts on `click`, which the release of the button makes.
    trigger: async () => {
      const at = Date.now();
      await tab.page.mouse.up();
      return at;
    },
    async undo() {
      await waitForInPageText(tab.page, /Added .+ to Onboarding/);
      await clickInPage(tab.page, 'Undo');
      await waitForInPageText(tab.page, /Removed from Onboarding/);
    },
  };
  return [shortcut, inPage] as const;
}

/**
 * One timed add: warm (the worker runs), or just after the harness stopped the worker. A stopped try
 * where the worker started again before the trigger is undone and redone.
 */
async function timedAdd(
  surface: Surface,
  server: FakePostHog,
  worker: WorkerControl,
  stopped: boolean,
): Promise<{ ms: number; sent: LoggedRequest; wokenEarly: number }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    await apiQuiet(server);
    await surface.prepare();
    if (stopped) await worker.stop();
    else await worker.running();
    const at = await surface.trigger();
    const sent = await addArrival(server, at);
    await worker.running();
    await surface.undo();
    if (stopped && worker.startedBefore(at)) continue;
    return { ms: sent.at - at, sent, wokenEarly: attempt };
  }
  throw new Error(`The stopped worker was woken before the ${surface.name} add, five times in a row.`);
}

/**
 * The shortcut's and the in-page button's add to the last-used collection (Onboarding, made so by a
 * popup add first), over a signed-in recording tab on the `posthog` flavor: each round times, in
 * turn, the shortcut after a stop and warm, then the button after a stop and warm; each add is undone.
 */
export async function measureQuickAdds(
  env: BenchEnv,
  server: FakePostHog,
  plans: { warm: RoundsPlan; warmUp: number },
): Promise<QuickAddFigures> {
  // No ready probe here (launchBenchSession's): on a PostHog page it would look for a ready frame forever.
  const session = await launchExtension({ extensionDir: env.extensionDir, chromiumPath: env.chromiumPath });
  const sentAs: Record<string, number> = {};
  let wokenEarly = 0;
  try {
    await saveConnection(session, server.url, server.keys.all);
    await assignShortcut(session);
    const tab = await session.openTab(`${server.url}/login?next=${encodeURIComponent(RECORDING)}`);
    await tab.page.waitForURL(`${server.url}${RECORDING}`);
    // A popup add makes Onboarding the last-used collection (and PostHog's refusal of the key is learnt).
    const popup = await session.openPopup(tab.tabId);
    await popup.getByRole('option', { name: /Onboarding/ }).waitFor();
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup.getByText(/^Added to Onboarding/).waitFor();
    await popup.getByRole('button', { name: 'Undo' }).click();
    await popup.getByText(/^Removed from Onboarding/).waitFor();
    await popup.close();
    const worker = await controlServiceWorker(session, tab.page);
    const [shortcut, inPage] = await surfaces(session, server, tab);
    const round = async () => {
      const samples = {
        shortcutAfterStop: await timedAdd(shortcut, server, worker, true),
        shortcutWarm: await timedAdd(shortcut, server, worker, false),
        inPageAfterStop: await timedAdd(inPage, server, worker, true),
        inPageWarm: await timedAdd(inPage, server, worker, false),
      };
      return samples;
    };
    for (let warmUp = 0; warmUp < plans.warmUp; warmUp++) await round();
    const outcome = await roundsUntilStable(
      plans.warm,
      ['shortcutAfterStop', 'shortcutWarm', 'inPageAfterStop', 'inPageWarm'],
      async () => {
        const samples = await round();
        for (const { sent, wokenEarly: redone } of Object.values(samples)) {
          const as = `${sent.auth} ${sent.status}`;
          sentAs[as] = (sentAs[as] ?? 0) + 1;
          wokenEarly += redone;
        }
        return Object.fromEntries(Object.entries(samples).map(([name, { ms }]) => [name, ms])) as Record<
          keyof typeof samples,
          number
        >;
      },
    );
    await worker.detach();
    return {
      ...outcome.figures,
      rounds: { rounds: outcome.rounds, converged: outcome.converged },
      wokenEarly,
      sentAs,
    };
  } finally {
    await session.close();
  }
}

/** The table's rows: each add after a stop as a ratio to the same add warm (no budget: measured only). */
export function quickAddRows(
  figures: QuickAddFigures,
  format: { spreadOf: (figure: TimedFigure) => string; roundsOf: (figure: TimedFigure) => string },
): string[] {
  const row = (figure: string, stopped: TimedFigure, warm: TimedFigure) =>
    `| ${figure} | ${ratioOf(stopped, warm)}× (${stopped.median} ms vs ${warm.median} ms) | ` +
    `after a stop ${format.spreadOf(stopped)}; warm ${format.spreadOf(warm)} | ` +
    `${format.roundsOf(stopped)}; warm ${format.roundsOf(warm)} | — | — |`;
  const sent = Object.entries(figures.sentAs).map(([as, count]) => `${count} × ${as}`);
  return [
    row(
      'Shortcut (Alt+Shift+P) add after the service worker was stopped ÷ warm: key down → add request at PostHog',
      figures.shortcutAfterStop,
      figures.shortcutWarm,
    ),
    row(
      'In-page button add after the service worker was stopped ÷ warm: click → add request at PostHog',
      figures.inPageAfterStop,
      figures.inPageWarm,
    ),
    `| Shortcut and in-page adds: requests as sent (auth, status); stopped-worker tries redone | ${sent.join(', ')}; ${figures.wokenEarly} | — | — | — | — |`,
  ];
}
