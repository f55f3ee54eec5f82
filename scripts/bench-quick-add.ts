import type { CDPSession, Page } from 'playwright-core';
import { FLASH_MARK } from '../lib/background/toolbar/badge-flash';
import { COMMAND_DONE_MARK, COMMAND_MARK } from '../lib/wake/wake-worker';
import { type ExtensionSession, launchExtension } from '../test/e2e/harness';
import { buttonLabelled, clickInPage, waitForInPage, waitForInPageText } from '../test/e2e/in-page';
import { saveConnection } from '../test/e2e/options-page';
import { assignShortcut, pressShortcut } from '../test/e2e/shortcut';
import { DEMO } from '../test/fake-posthog/demo-ids';
import type { FakePostHog } from '../test/fake-posthog/index';
import type { LoggedRequest } from '../test/fake-posthog/types';
import {
  ADD_PATH,
  FLOOR_BUTTON_ID,
  type FloorWorker,
  minimalExtensionId,
  writeMinimalExtension,
} from './bench-minimal';
import { type RoundsPlan, ratioOf, roundsUntilStable, type TimedFigure } from './bench-rounds';
import { apiQuiet, type BenchEnv } from './bench-session';
import { controlServiceWorker, type WorkerControl } from './bench-worker';

/**
 * The adds a user makes beside the popup, each from its trigger to the add request arriving at the
 * local PostHog: the keyboard shortcut (`add-to-last-playlist`, Alt+Shift+P) and the in-page button,
 * each warm and just after the service worker was stopped; and their floors, the minimal extension's
 * worker (bench-minimal.ts) woken the same ways just after a stop. See docs/BENCHMARK.md.
 */
export interface QuickAddFigures {
  /** The minimal worker's command (its key: Alt+Shift+K) after a stop: key down → its one request. */
  minimalShortcutAfterStop: TimedFigure;
  /** The stack worker's command (Alt+Shift+J) after a stop: the same, on Hogmark's fixed stack. */
  stackShortcutAfterStop: TimedFigure;
  /**
   * The code worker's command (Alt+Shift+L) after a stop: Hogmark's own script loaded, not run, then
   * the design's relay through the tab (bench-minimal.ts).
   */
  codeShortcutAfterStop: TimedFigure;
  shortcutAfterStop: TimedFigure;
  shortcutWarm: TimedFigure;
  /** The minimal content script's button after a stop: click → its worker's one request. */
  minimalInPageAfterStop: TimedFigure;
  /** The stack worker's content script's button after a stop: click → its worker's one request. */
  stackInPageAfterStop: TimedFigure;
  /** The code worker's content script's button after a stop: click → the relay → its content script's request. */
  codeInPageAfterStop: TimedFigure;
  inPageAfterStop: TimedFigure;
  inPageWarm: TimedFigure;
  rounds: { rounds: number; converged: boolean };
  /** Stopped-worker tries redone because something else woke the worker before the trigger. */
  wokenEarly: number;
  /** How the timed adds reached PostHog (`auth status`: `session 200` on the `posthog` flavor), and how often. */
  sentAs: Record<string, number>;
}

const { loose } = DEMO.recordings;
/** Paused (`?pause`): a playing recording's tab tells the background its second every second. */
const RECORDING = `/project/${DEMO.projects.main}/replay/${loose}?pause`;

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

/** A floor extension's content script's button's centre (a plain button in the page). */
async function minimalButtonCentre(page: Page, floor: FloorWorker): Promise<{ x: number; y: number }> {
  const box = await page.locator(`#${FLOOR_BUTTON_ID[floor]}`).boundingBox();
  if (!box) throw new Error(`The ${floor} extension put no button in the page.`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * The first add request to arrive at or after `from` (epoch ms): Hogmark's carries the session, the
 * floor workers' nothing (`auth` none).
 */
async function addArrival(
  server: FakePostHog,
  from: number,
  minimal: boolean,
  what: string,
): Promise<LoggedRequest> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const sent = server.requests.find(
      (entry) =>
        entry.method === 'POST' &&
        entry.path === ADD_PATH &&
        entry.at >= from &&
        (entry.auth === 'none') === minimal,
    );
    if (sent) return sent;
    if (Date.now() > deadline) {
      // What did reach PostHog since the trigger: a refusal, an add of another form, or nothing.
      const seen = server.requests
        .filter((entry) => entry.at >= from)
        .map((entry) => `${entry.method} ${entry.path} ${entry.status} (${entry.auth})`);
      throw new Error(
        `No add request reached PostHog within 30 s of the ${what}. Since it: ${seen.join('; ') || 'nothing'}.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface Surface {
  name: 'shortcut' | 'inPage' | `${FloorWorker}Shortcut` | `${FloorWorker}InPage`;
  /** A floor extension's: its request changes nothing, so there is nothing to undo. */
  minimal: boolean;
  /** Everything up to the last input before the trigger (focus, the pointer over the button). */
  prepare(): Promise<void>;
  /** The trigger itself: returns the instant (epoch ms) just before the input that acts. */
  trigger(): Promise<number>;
  /** Waits for the add's own confirmation, then undoes it, so the next add really sends one. */
  undo(): Promise<void>;
  /** For an add that never arrived: what Hogmark's side shows of it, in a sentence. */
  diagnose?(at: number): Promise<string>;
}

/**
 * What Hogmark's side shows of a shortcut add that never reached PostHog, from the test build's marks
 * since `at`: whether its worker received the command, whether the background finished handling it,
 * and each flash it showed in the tab (its kind and title), so a failed run says which way the add went.
 */
async function shortcutDiagnosis(session: ExtensionSession, tabId: number, at: number): Promise<string> {
  const worker = session.context
    .serviceWorkers()
    .find((candidate) => candidate.url() === `chrome-extension://${session.extensionId}/background.js`);
  if (!worker) return 'Hogmark’s worker is not running.';
  try {
    const seen = await worker.evaluate(
      ({ marks, since, tab }) => {
        const after = (name: string) =>
          performance
            .getEntriesByName(name)
            .filter((entry) => performance.timeOrigin + entry.startTime >= since) as PerformanceMark[];
        const flashes = after(marks.flash)
          .map((entry) => entry.detail as { tabId: number; kind: string; title: string })
          .filter((flash) => flash.tabId === tab)
          .map((flash) => `${flash.kind} “${flash.title}”`);
        return { commands: after(marks.command).length, done: after(marks.done).length, flashes };
      },
      { marks: { command: COMMAND_MARK, done: COMMAND_DONE_MARK, flash: FLASH_MARK }, since: at, tab: tabId },
    );
    return (
      `Hogmark’s worker received ${seen.commands} command(s) since the key and finished handling ` +
      `${seen.done}; its flashes in the tab: ${seen.flashes.join('; ') || 'none'}.`
    );
  } catch (error) {
    return `Hogmark’s worker could not be asked (${error instanceof Error ? error.message : String(error)}).`;
  }
}

export async function surfaces(
  session: ExtensionSession,
  server: FakePostHog,
  tab: { page: Page; tabId: number },
) {
  const cdp = await session.context.newCDPSession(tab.page);
  const shortcut: Surface = {
    name: 'shortcut',
    minimal: false,
    // The shortcut acts in the active tab of the focused window.
    prepare: () => tab.page.bringToFront(),
    trigger: () => pressShortcut(cdp, 'P'),
    diagnose: (at) => shortcutDiagnosis(session, tab.tabId, at),
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
    minimal: false,
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
      await waitForInPageText(tab.page, '✓ Onboarding');
      await clickInPage(tab.page, 'Undo');
      await waitForInPageText(tab.page, /Removed from Onboarding/);
    },
  };
  const floorShortcut = (floor: FloorWorker): Surface => ({
    name: `${floor}Shortcut`,
    minimal: true,
    prepare: () => tab.page.bringToFront(),
    trigger: () => pressShortcut(cdp, FLOOR_KEY[floor]),
    undo: () => apiQuiet(server),
  });
  const floorInPage = (floor: FloorWorker): Surface => ({
    name: `${floor}InPage`,
    minimal: true,
    async prepare() {
      await tab.page.bringToFront();
      const { x, y } = await minimalButtonCentre(tab.page, floor);
      await tab.page.mouse.move(x, y);
      await tab.page.mouse.down();
    },
    trigger: inPage.trigger,
    undo: () => apiQuiet(server),
  });
  return {
    shortcut,
    inPage,
    minimalShortcut: floorShortcut('minimal'),
    minimalInPage: floorInPage('minimal'),
    stackShortcut: floorShortcut('stack'),
    stackInPage: floorInPage('stack'),
    codeShortcut: floorShortcut('code'),
    codeInPage: floorInPage('code'),
  };
}

/** What a probe does around a timed add (scripts/probe-worker-start.ts traces it). */
export interface AddHooks {
  /** Just before the trigger, the worker stopped or running as asked. */
  beforeTrigger?: () => Promise<void>;
  /** As soon as the request arrived, before the worker is awaited and the add undone. */
  afterArrival?: () => Promise<void>;
}

/**
 * One timed add: warm (the worker runs), or just after the harness stopped the worker. A stopped try
 * where the worker started again before the trigger is undone and redone.
 */
export async function timedAdd(
  surface: Surface,
  server: FakePostHog,
  worker: WorkerControl,
  stopped: boolean,
  hooks: AddHooks = {},
): Promise<{ ms: number; sent: LoggedRequest; wokenEarly: number }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    await apiQuiet(server);
    await surface.prepare();
    if (stopped) await worker.stop();
    else await worker.running();
    await hooks.beforeTrigger?.();
    const at = await surface.trigger();
    const sent = await addArrival(
      server,
      at,
      surface.minimal,
      `${surface.name} ${stopped ? 'after a stop' : 'warm'}`,
    ).catch(async (error: unknown) => {
      const seen = await surface.diagnose?.(at);
      throw seen && error instanceof Error ? new Error(`${error.message} ${seen}`) : error;
    });
    await hooks.afterArrival?.();
    await worker.running();
    await surface.undo();
    if (stopped && worker.startedBefore(at)) continue;
    return { ms: sent.at - at, sent, wokenEarly: attempt };
  }
  throw new Error(`The stopped worker was woken before the ${surface.name} add, five times in a row.`);
}

/** Each floor extension's key for the command (Hogmark's is Alt+Shift+P). */
const FLOOR_KEY = { minimal: 'K', stack: 'J', code: 'L' } as const satisfies Record<FloorWorker, string>;

/**
 * A browser with Hogmark and the three floor extensions (minimal, stack, code), connected, each
 * command given its key, over
 * a signed-in recording tab; Onboarding made the last-used collection by a popup add (undone), which
 * also learns PostHog's refusal of the key for this action.
 */
export async function openQuickAddSession(env: BenchEnv, server: FakePostHog) {
  const minimal = await writeMinimalExtension(server);
  const stack = await writeMinimalExtension(server, 'stack');
  const code = await writeMinimalExtension(server, 'code', env.extensionDir);
  // No ready probe here (launchBenchSession's): on a PostHog page it would look for a ready frame forever.
  const session = await launchExtension({
    extensionDir: env.extensionDir,
    chromiumPath: env.chromiumPath,
    alsoLoad: [minimal.dir, stack.dir, code.dir],
  });
  const dispose = async () => {
    await session.close();
    await minimal.dispose();
    await stack.dispose();
    await code.dispose();
  };
  try {
    const minimalId = await minimalExtensionId(session.context);
    const stackId = await minimalExtensionId(session.context, 'stack');
    const codeId = await minimalExtensionId(session.context, 'code');
    await saveConnection(session, server.url, server.keys.all);
    await assignShortcut(session, session.extensionId, 'Alt+Shift+P');
    // The same command in each floor extension, on a key of its own (one key, one extension).
    await assignShortcut(session, minimalId, `Alt+Shift+${FLOOR_KEY.minimal}`);
    await assignShortcut(session, stackId, `Alt+Shift+${FLOOR_KEY.stack}`);
    await assignShortcut(session, codeId, `Alt+Shift+${FLOOR_KEY.code}`);
    const tab = await session.openTab(`${server.url}/login?next=${encodeURIComponent(RECORDING)}`);
    await tab.page.waitForURL(`${server.url}${RECORDING}`);
    const popup = await session.openPopup(tab.tabId);
    await popup.getByRole('option', { name: /Onboarding/ }).waitFor();
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup.getByText(/^✓ Added to Onboarding/).waitFor();
    await popup.getByRole('button', { name: 'Undo' }).click();
    await popup.getByText(/^Removed from Onboarding/).waitFor();
    await popup.close();
    return { session, tab, minimalId, stackId, codeId, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/**
 * The shortcut's and the in-page button's add to the last-used collection (Onboarding, made so by a
 * popup add first), over a signed-in recording tab on the `posthog` flavor, with the three floor
 * extensions loaded beside Hogmark: each round times, in turn, the minimal worker's command after a
 * stop, the stack worker's, the code worker's, the shortcut after a stop and warm, then the minimal,
 * stack and code content scripts' buttons after a stop, Hogmark's in-page button after a stop and warm; each of
 * Hogmark's adds is undone.
 */
export async function measureQuickAdds(
  env: BenchEnv,
  server: FakePostHog,
  plans: { warm: RoundsPlan; warmUp: number },
): Promise<QuickAddFigures> {
  const { session, tab, minimalId, stackId, codeId, dispose } = await openQuickAddSession(env, server);
  const sentAs: Record<string, number> = {};
  let wokenEarly = 0;
  try {
    const worker = await controlServiceWorker(session, tab.page);
    const minimalWorker = await controlServiceWorker(session, tab.page, minimalId);
    const stackWorker = await controlServiceWorker(session, tab.page, stackId);
    const codeWorker = await controlServiceWorker(session, tab.page, codeId);
    const floors = await surfaces(session, server, tab);
    const { shortcut, inPage, minimalShortcut, minimalInPage, stackShortcut, stackInPage } = floors;
    const { codeShortcut, codeInPage } = floors;
    const round = async () => {
      const samples = {
        minimalShortcutAfterStop: await timedAdd(minimalShortcut, server, minimalWorker, true),
        stackShortcutAfterStop: await timedAdd(stackShortcut, server, stackWorker, true),
        codeShortcutAfterStop: await timedAdd(codeShortcut, server, codeWorker, true),
        shortcutAfterStop: await timedAdd(shortcut, server, worker, true),
        shortcutWarm: await timedAdd(shortcut, server, worker, false),
        minimalInPageAfterStop: await timedAdd(minimalInPage, server, minimalWorker, true),
        stackInPageAfterStop: await timedAdd(stackInPage, server, stackWorker, true),
        codeInPageAfterStop: await timedAdd(codeInPage, server, codeWorker, true),
        inPageAfterStop: await timedAdd(inPage, server, worker, true),
        inPageWarm: await timedAdd(inPage, server, worker, false),
      };
      return samples;
    };
    for (let warmUp = 0; warmUp < plans.warmUp; warmUp++) await round();
    const outcome = await roundsUntilStable(
      plans.warm,
      ['minimalShortcutAfterStop', 'shortcutAfterStop', 'minimalInPageAfterStop', 'inPageAfterStop'],
      async () => {
        const samples = await round();
        for (const [name, { sent, wokenEarly: redone }] of Object.entries(samples)) {
          wokenEarly += redone;
          if (name.startsWith('minimal') || name.startsWith('stack') || name.startsWith('code')) continue;
          const as = `${sent.auth} ${sent.status}`;
          sentAs[as] = (sentAs[as] ?? 0) + 1;
        }
        return Object.fromEntries(Object.entries(samples).map(([name, { ms }]) => [name, ms])) as Record<
          keyof typeof samples,
          number
        >;
      },
    );
    await worker.detach();
    await minimalWorker.detach();
    await stackWorker.detach();
    await codeWorker.detach();
    return {
      ...outcome.figures,
      rounds: { rounds: outcome.rounds, converged: outcome.converged },
      wokenEarly,
      sentAs,
    };
  } finally {
    await dispose();
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
