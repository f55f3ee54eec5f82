import type { Page } from 'playwright-core';
import type { ExtensionSession } from '../test/e2e/harness';
import { saveConnection } from '../test/e2e/options-page';
import { DEMO } from '../test/fake-posthog/demo-ids';
import type { FakePostHog } from '../test/fake-posthog/index';
import {
  apiQuiet,
  apiRequestsBetween,
  type BenchEnv,
  BLANK_PAGE,
  launchBenchSession,
  median,
  openTimed,
  popupUrl,
  round,
  SCRIPT_PAGE,
} from './bench-session';

export interface PopupReadiness {
  blankPageMs: number;
  /** The same blank content put in place by one tiny script: the floor for a page drawn by script. */
  scriptPageMs: number;
  scriptPageRatio: number;
  popupReadyColdMs: number;
  popupReadyWarmMs: number;
  popupReadyWarmRatio: number;
  /** The most API requests any warm popup sent before its first ready frame. */
  requestsBeforeFirstPaintWarm: number;
  /** API requests a warm popup sends in all, revalidation included (median). */
  requestsOpenPopupWarm: number;
  samples: { blank: number[]; script: number[]; cold: number[]; warm: number[] };
}

const recordingUrl = (server: FakePostHog) =>
  `${server.url}/project/${DEMO.projects.main}/replay/${DEMO.recordings.loose}`;

/** Opens the popup over a tab and returns its time to ready and the requests before that frame. */
async function timePopup(session: ExtensionSession, server: FakePostHog, tabId: number) {
  const { page: popup, startedAt, readyMs } = await openTimed(session, popupUrl(session, tabId));
  const beforePaint = apiRequestsBetween(server, startedAt, startedAt + readyMs).length;
  return { popup, startedAt, readyMs, beforePaint };
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
 * Cold: the first popup in a fresh browser profile, once configured (nothing cached: the list comes
 * from PostHog). One throw-away launch first, so the disk cache holds Chromium itself.
 */
async function coldSamples(env: BenchEnv, server: FakePostHog, runs: number): Promise<number[]> {
  const samples: number[] = [];
  for (let run = -1; run < runs; run++) {
    const session = await launchBenchSession(env);
    try {
      await saveConnection(session, server.url, server.keys.all);
      const { tabId } = await session.openTab(recordingUrl(server));
      const { popup, readyMs } = await timePopup(session, server, tabId);
      if (run >= 0) samples.push(readyMs);
      await settle(popup, server);
    } finally {
      await session.close();
    }
  }
  return samples;
}

/**
 * Warm: the popup opened again over the same tab, in turn with the blank page and the tiny-script
 * page so all three see the same browser state; the first rounds warm up and are not counted.
 */
export async function measurePopupReadiness(
  env: BenchEnv,
  server: FakePostHog,
  { runs = 11, coldRuns = 5, warmUp = 2 } = {},
): Promise<PopupReadiness> {
  const cold = await coldSamples(env, server, coldRuns);
  const session = await launchBenchSession(env);
  const blank: number[] = [];
  const script: number[] = [];
  const warm: number[] = [];
  const beforePaint: number[] = [];
  const perOpen: number[] = [];
  try {
    await saveConnection(session, server.url, server.keys.all);
    const { tabId } = await session.openTab(recordingUrl(server));
    await settle((await timePopup(session, server, tabId)).popup, server);
    for (let round = -warmUp; round < runs; round++) {
      const blankMs = await timePage(session, BLANK_PAGE);
      const scriptMs = await timePage(session, SCRIPT_PAGE);
      const opened = await timePopup(session, server, tabId);
      await settle(opened.popup, server);
      if (round < 0) continue;
      blank.push(blankMs);
      script.push(scriptMs);
      warm.push(opened.readyMs);
      beforePaint.push(opened.beforePaint);
      perOpen.push(apiRequestsBetween(server, opened.startedAt).length);
    }
  } finally {
    await session.close();
  }
  const blankPageMs = median(blank);
  const popupReadyWarmMs = median(warm);
  return {
    blankPageMs: round(blankPageMs),
    scriptPageMs: round(median(script)),
    scriptPageRatio: round(median(script) / blankPageMs, 2),
    popupReadyColdMs: round(median(cold)),
    popupReadyWarmMs: round(popupReadyWarmMs),
    popupReadyWarmRatio: round(popupReadyWarmMs / blankPageMs, 2),
    requestsBeforeFirstPaintWarm: Math.max(...beforePaint),
    requestsOpenPopupWarm: median(perOpen),
    samples: {
      blank: blank.map((ms) => round(ms)),
      script: script.map((ms) => round(ms)),
      cold: cold.map((ms) => round(ms)),
      warm: warm.map((ms) => round(ms)),
    },
  };
}
