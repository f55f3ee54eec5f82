import type { Page } from 'playwright-core';
import type { ExtensionSession } from '../test/e2e/harness';
import { saveConnection } from '../test/e2e/options-page';
import { DEMO } from '../test/fake-posthog/demo-ids';
import type { FakePostHog } from '../test/fake-posthog/index';
import { FETCH_PAGE, minimalExtensionId, writeMinimalExtension } from './bench-minimal';
import {
  type GroupFigure,
  groupFigures,
  groupTimes,
  type ModuleRecord,
  moduleTimes,
  topModules,
} from './bench-modules';
import { type QuietWait, untilQuiet } from './bench-quiet';
import { type RoundsPlan, roundsUntilStable, type TimedFigure } from './bench-rounds';
import {
  ASK_PAGE,
  apiQuiet,
  apiRequestsBetween,
  type BenchEnv,
  BLANK_PAGE,
  launchBenchSession,
  median,
  openTimed,
  popupUrl,
  round as roundTo,
  SCRIPT_PAGE,
  STORED_PAGE,
} from './bench-session';
import { BYTES_VIEW_PAGE, STACK_VIEW_PAGE, writeStackViewPages } from './bench-stack-view';
import { capturePopupView, VIEW_PAGE, VIEW_PAGE_STORED, writeViewPages } from './bench-view-page';
import { controlServiceWorker, type WorkerControl } from './bench-worker';
import { MODULE_MARKS_GLOBAL } from './module-marks-plugin';

export interface PopupReadiness {
  blankPage: TimedFigure;
  /** The same blank content put in place by one tiny script: the floor for a page drawn by script. */
  scriptPage: TimedFigure;
  /** The tiny-script page in a fresh profile, prepared as for the cold popup. */
  scriptPageCold: TimedFigure;
  /** The tiny-script page that first asks for its tab and the worker one thing (ASK_PAGE): the warm floor. */
  askPage: TimedFigure;
  /**
   * The floor after a stop: the stored-state page (STORED_PAGE: `tabs.get` and one read of
   * `storage.local`), opened just after the worker was stopped, as the popup is then.
   */
  storedPageAfterStop: TimedFigure;
  /**
   * The popup's own first view drawn by the asking page, with none of Hogmark's code (VIEW_PAGE,
   * bench-view-page.ts): what drawing that view costs any page warm. No budget.
   */
  viewPageWarm: TimedFigure;
  /** The same view drawn by the stored-state page, opened just after a stop as it is. No budget. */
  viewPageAfterStop: TimedFigure;
  /**
   * Warm, the same view rendered by Preact after the asking page's reads (bench-stack-view.ts), and
   * that page carrying the popup's script unrun: what the UI library's render, then the popup's
   * bytes, cost before any of Hogmark's code runs. No budget.
   */
  stackViewWarm: TimedFigure;
  bytesViewWarm: TimedFigure;
  /**
   * The cold floor: the minimal extension's fetching page (`tabs.get` plus one request to the local
   * PostHog through its worker), in a fresh profile prepared as for the cold popup.
   */
  fetchPageCold: TimedFigure;
  popupReadyCold: TimedFigure;
  popupReadyWarm: TimedFigure;
  /** The popup opened just after the harness stopped the service worker (MV3, 30 s idle). */
  popupReadyAfterStop: TimedFigure;
  /**
   * The tiny-script page opened the same way, just after a stop: what any extension page costs then
   * (the extension's process and the worker starting with it), none of Hogmark's page code.
   */
  scriptPageAfterStop: TimedFigure;
  /**
   * How long before that popup's first message its worker was already starting (ms; 0 when the
   * message woke it). The popup opens here as a tab, whose navigation fires `tabs.onUpdated`, which
   * wakes the worker by itself; a popup opened from the toolbar has no tab, so it would wait that
   * much longer.
   */
  workerStartedBeforeMessage: TimedFigure;
  /** After a stop, on the worker's own clock: imports evaluated, listeners wired, first popup answered. */
  workerStartup: { evaluated: TimedFigure; wired: TimedFigure; answered: TimedFigure };
  /**
   * The same starts, until imports evaluated, per module group (bench-modules.ts): median ms over the
   * rounds, the costliest first; and the costliest modules.
   */
  workerModules: { groups: GroupFigure[]; topModules: { module: string; median: number }[] };
  /** Rounds of the warm session (blank page, tiny-script page, stopped worker, warm popup). */
  warmRounds: { rounds: number; converged: boolean };
  coldRounds: { rounds: number; converged: boolean };
  /**
   * Each fresh profile's wait, after its launch, for the machine to go quiet (bench-quiet.ts): the
   * median wait (ms), how many launches gave up at the cap, and whether the machine could tell at all.
   */
  coldStartWait: { medianMs: number; launches: number; notQuiet: number; measured: boolean };
  /** Times something else woke the stopped worker before the popup navigated (that try was redone). */
  wokenEarly: number;
  /** The most API requests any warm popup sent before its first ready frame. */
  requestsBeforeFirstPaintWarm: number;
  /** API requests a warm popup sends in all, revalidation included (median). */
  requestsOpenPopupWarm: number;
}

/**
 * A demo recording, paused (`?pause`, PostHog's own switch): a playing recording's tab tells the
 * background its second every second, which keeps the service worker from ever stopping.
 */
const recordingUrl = (server: FakePostHog) =>
  `${server.url}/project/${DEMO.projects.main}/replay/${DEMO.recordings.loose}?pause`;

/** Opens the popup over a tab and returns its time to ready and the requests before that frame. */
async function timePopup(
  session: ExtensionSession,
  server: FakePostHog,
  tabId: number,
  beforeNavigate?: () => Promise<void>,
) {
  const opened = await openTimed(session, popupUrl(session, tabId), beforeNavigate);
  const beforePaint = apiRequestsBetween(server, opened.startedAt, opened.startedAt + opened.readyMs).length;
  return { ...opened, popup: opened.page, beforePaint };
}

/** Waits for the picker's revalidation to end and the server to go quiet, then closes the popup. */
async function settle(popup: Page, server: FakePostHog): Promise<void> {
  await popup.getByText('Updating…').waitFor({ state: 'detached', timeout: 30_000 });
  await apiQuiet(server);
  await popup.close();
}

async function timePage(session: ExtensionSession, file: string): Promise<number> {
  const { page, readyMs } = await openTimed(session, `chrome-extension://${session.extensionId}/${file}`);
  await page.close();
  return readyMs;
}

/**
 * Cold: the first popup in a fresh browser profile, once configured and the recording's tab is open
 * (the background starts fetching the list when that tab opens). Each round does it three times, in
 * new profiles prepared the same way (the minimal extension loaded beside Hogmark in each): once for
 * the popup, once for the minimal extension's fetching page in its place (the cold floor), once for
 * the tiny-script page (the floor for any extension page then). One throw-away launch first, so the
 * disk cache holds Chromium itself. Each launched browser is given its own start-up first: the
 * moment is a key saved and a tab opened in a browser that is running, as a user's is, not in one
 * still starting (bench-quiet.ts).
 */
async function coldRounds(env: BenchEnv, server: FakePostHog, plan: RoundsPlan) {
  const minimal = await writeMinimalExtension(server);
  const waits: (QuietWait | null)[] = [];
  const once = async (open: 'popup' | 'script' | 'fetch') => {
    const session = await launchBenchSession(env, [minimal.dir]);
    try {
      waits.push(await untilQuiet());
      await saveConnection(session, server.url, server.keys.all);
      const { tabId } = await session.openTab(recordingUrl(server));
      if (open === 'script') return await timePage(session, SCRIPT_PAGE);
      if (open === 'fetch') {
        const url = `chrome-extension://${await minimalExtensionId(session.context)}/${FETCH_PAGE}?tabId=${tabId}`;
        const { page, readyMs } = await openTimed(session, url);
        await page.close();
        return readyMs;
      }
      const { popup, readyMs } = await timePopup(session, server, tabId);
      await settle(popup, server);
      return readyMs;
    } finally {
      await session.close();
    }
  };
  try {
    await once('popup');
    const outcome = await roundsUntilStable(plan, ['cold', 'coldFetch'], async () => ({
      cold: await once('popup'),
      coldFetch: await once('fetch'),
      coldScript: await once('script'),
    }));
    const measured = waits.filter((wait): wait is QuietWait => wait !== null);
    return {
      ...outcome,
      startWait: {
        medianMs: roundTo(median(measured.map((wait) => wait.waitedMs))),
        launches: waits.length,
        notQuiet: measured.filter((wait) => !wait.quiet).length,
        measured: measured.length === waits.length,
      },
    };
  } finally {
    await minimal.dispose();
  }
}

/** Where a started worker's time went, from its own clock (marks of the test build's background). */
interface WorkerStartup {
  /** Its imports evaluated (the background's main function begins). */
  evaluated: number;
  /** Every listener wired (the main function's end). */
  wired: number;
  /** The first `popup/open` answered (its reads of storage included). */
  answered: number;
  /** When each module's body began (the test build's module marks), in the bundle's order. */
  modules: ModuleRecord[];
}

async function workerStartup(session: ExtensionSession): Promise<WorkerStartup> {
  const worker = session.context
    .serviceWorkers()
    .find((candidate) => candidate.url().startsWith(`chrome-extension://${session.extensionId}/`));
  if (!worker) throw new Error('No running service worker to read its start-up marks from.');
  const { marks, modules } = await worker.evaluate((global) => {
    const records = (globalThis as unknown as Record<string, ModuleRecord[] | undefined>)[global];
    return {
      marks: Object.fromEntries(
        performance.getEntriesByType('mark').map((entry) => [entry.name, entry.startTime]),
      ),
      modules: records ?? [],
    };
  }, MODULE_MARKS_GLOBAL);
  if (modules.length === 0) throw new Error('The background recorded no module marks (a test build?).');
  const at = (name: string) => {
    const value = marks[`hogmark:${name}`];
    if (value === undefined) throw new Error(`The background set no "hogmark:${name}" mark (a test build?).`);
    return value;
  };
  return { evaluated: at('evaluated'), wired: at('wired'), answered: at('popup-answered'), modules };
}

/**
 * The popup after the worker was stopped: the page is created first (a new tab wakes the worker:
 * the background listens to `tabs.onUpdated`), then the worker is stopped and seen stopped, then the
 * page navigates. A try where the worker started again before the navigation is redone.
 */
async function timePopupAfterStop(
  session: ExtensionSession,
  server: FakePostHog,
  tabId: number,
  worker: WorkerControl,
): Promise<{ readyMs: number; startedBeforeMessageMs: number; wokenEarly: number; startup: WorkerStartup }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const opened = await timePopup(session, server, tabId, () => worker.stop());
    await worker.running();
    await settle(opened.popup, server);
    if (worker.startedBefore(opened.startedAt)) continue;
    const messageAt = opened.startedAt + (opened.firstMessageMs ?? opened.readyMs);
    return {
      readyMs: opened.readyMs,
      startedBeforeMessageMs: Math.max(0, messageAt - worker.lastStartAt()),
      wokenEarly: attempt,
      startup: await workerStartup(session),
    };
  }
  throw new Error('The stopped service worker was woken before the popup navigated, five times in a row.');
}

/** A page of the extension (the tiny-script or stored-state page) just after a stop, as the popup then. */
async function timePageAfterStop(
  session: ExtensionSession,
  worker: WorkerControl,
  file: string,
): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const url = `chrome-extension://${session.extensionId}/${file}`;
    const opened = await openTimed(session, url, () => worker.stop());
    // The page's tab wakes the worker (`tabs.onUpdated`), as the popup's does: let it settle.
    await worker.running();
    await opened.page.close();
    if (worker.startedBefore(opened.startedAt)) continue;
    return opened.readyMs;
  }
  throw new Error('The stopped service worker was woken before the page navigated, five times in a row.');
}

/**
 * Warm: the popup opened again over the same tab. Each round times, in turn, the tiny-script page,
 * the stored-state page, its view page (bench-view-page.ts) and the popup each just after the worker
 * was stopped, then the blank page, the asking page, its view page, the tiny-script page and the warm
 * popup, so all see the same browser state, and last the stack and bytes view pages
 * (bench-stack-view.ts); the first rounds warm up and are not counted.
 */
export async function measurePopupReadiness(
  env: BenchEnv,
  server: FakePostHog,
  plans: { warm: RoundsPlan; cold: RoundsPlan; warmUp: number },
): Promise<PopupReadiness> {
  const cold = await coldRounds(env, server, plans.cold);
  const session = await launchBenchSession(env);
  const beforePaint: number[] = [];
  const perOpen: number[] = [];
  const groupRounds: Record<string, number>[] = [];
  const moduleRounds: Map<string, number>[] = [];
  let moduleNames: string[] = [];
  let wokenEarly = 0;
  try {
    await saveConnection(session, server.url, server.keys.all);
    const { page: tab, tabId } = await session.openTab(recordingUrl(server));
    const worker = await controlServiceWorker(session, tab);
    const first = await timePopup(session, server, tabId);
    await first.popup.getByText('Updating…').waitFor({ state: 'detached', timeout: 30_000 });
    // The view pages draw what this popup shows once its list is revalidated, as every timed one is.
    const view = await capturePopupView(first.popup);
    await writeViewPages(env.extensionDir, view);
    await writeStackViewPages(env.extensionDir, view);
    await settle(first.popup, server);
    const round = async () => {
      // First, so that the warm popup below follows the same steps as before this figure was added.
      const scriptAfterStop = await timePageAfterStop(session, worker, SCRIPT_PAGE);
      // The floor after a stop, then the popup's view drawn by it, then the popup after a stop.
      const storedAfterStop = await timePageAfterStop(session, worker, `${STORED_PAGE}?tabId=${tabId}`);
      // Each view page just after its floor page, in the same state. (Put last in the round once, the
      // asking one came a second after the other's stop, as the woken worker did its start's own work.)
      const viewAfterStop = await timePageAfterStop(session, worker, `${VIEW_PAGE_STORED}?tabId=${tabId}`);
      const stopped = await timePopupAfterStop(session, server, tabId, worker);
      const blank = await timePage(session, BLANK_PAGE);
      const ask = await timePage(session, `${ASK_PAGE}?tabId=${tabId}`);
      const view = await timePage(session, `${VIEW_PAGE}?tabId=${tabId}`);
      const script = await timePage(session, SCRIPT_PAGE);
      const warm = await timePopup(session, server, tabId);
      await settle(warm.popup, server);
      // Last, so that every page before them comes where it came before they were added.
      const stackView = await timePage(session, `${STACK_VIEW_PAGE}?tabId=${tabId}`);
      const bytesView = await timePage(session, `${BYTES_VIEW_PAGE}?tabId=${tabId}`);
      return {
        stopped,
        scriptAfterStop,
        storedAfterStop,
        blank,
        script,
        ask,
        warm,
        view,
        viewAfterStop,
        stackView,
        bytesView,
      };
    };
    for (let warmUp = 0; warmUp < plans.warmUp; warmUp++) await round();
    // Rounds stop once the figures the budgets divide agree; the blank page is shown, not budgeted.
    const watched = ['ask', 'warm', 'storedAfterStop', 'afterStop'] as const;
    const warm = await roundsUntilStable(plans.warm, watched, async () => {
      const sample = await round();
      beforePaint.push(sample.warm.beforePaint);
      perOpen.push(apiRequestsBetween(server, sample.warm.startedAt).length);
      wokenEarly += sample.stopped.wokenEarly;
      const { modules, evaluated } = sample.stopped.startup;
      groupRounds.push(groupTimes(modules, evaluated));
      moduleRounds.push(moduleTimes(modules, evaluated));
      moduleNames = modules.map(([name]) => name);
      return {
        blank: sample.blank,
        script: sample.script,
        ask: sample.ask,
        warm: sample.warm.readyMs,
        afterStop: sample.stopped.readyMs,
        scriptAfterStop: sample.scriptAfterStop,
        storedAfterStop: sample.storedAfterStop,
        view: sample.view,
        viewAfterStop: sample.viewAfterStop,
        stackView: sample.stackView,
        bytesView: sample.bytesView,
        startedBeforeMessage: sample.stopped.startedBeforeMessageMs,
        workerEvaluated: sample.stopped.startup.evaluated,
        workerWired: sample.stopped.startup.wired,
        workerAnswered: sample.stopped.startup.answered,
      };
    });
    await worker.detach();
    return {
      blankPage: warm.figures.blank,
      scriptPage: warm.figures.script,
      askPage: warm.figures.ask,
      storedPageAfterStop: warm.figures.storedAfterStop,
      viewPageWarm: warm.figures.view,
      viewPageAfterStop: warm.figures.viewAfterStop,
      stackViewWarm: warm.figures.stackView,
      bytesViewWarm: warm.figures.bytesView,
      fetchPageCold: cold.figures.coldFetch,
      popupReadyCold: cold.figures.cold,
      scriptPageCold: cold.figures.coldScript,
      popupReadyWarm: warm.figures.warm,
      popupReadyAfterStop: warm.figures.afterStop,
      scriptPageAfterStop: warm.figures.scriptAfterStop,
      workerStartedBeforeMessage: warm.figures.startedBeforeMessage,
      workerStartup: {
        evaluated: warm.figures.workerEvaluated,
        wired: warm.figures.workerWired,
        answered: warm.figures.workerAnswered,
      },
      workerModules: {
        groups: groupFigures(groupRounds, moduleNames),
        topModules: topModules(moduleRounds),
      },
      warmRounds: { rounds: warm.rounds, converged: warm.converged },
      coldRounds: { rounds: cold.rounds, converged: cold.converged },
      coldStartWait: cold.startWait,
      wokenEarly,
      requestsBeforeFirstPaintWarm: Math.max(...beforePaint),
      requestsOpenPopupWarm: median(perOpen),
    };
  } finally {
    await session.close();
  }
}
