import type { RequestsPerAction } from './bench-actions';
import type { BundleSizes } from './bench-bundle';
import type { LargeListFigures } from './bench-large';
import type { PopupReadiness } from './bench-popup';
import { KB, SIZE_BUDGETS, SIZE_GOALS } from './size-budgets';

/** What `.output/bench.json` holds. */
export interface BenchResult extends Omit<PopupReadiness, 'samples' | 'requestsOpenPopupWarm'> {
  requestsPerAction: Omit<RequestsPerAction, 'log'> & { openPopupWarm: number };
  /** The same actions against the `posthog` flavor, where adding goes through the page's session. */
  requestsPerActionPostHogFlavor: Omit<RequestsPerAction, 'log'>;
  bundleGzipBytes: Omit<BundleSizes, 'files'>;
  filterMsP95At10k: LargeListFigures['filterMsP95At10k'];
  filterToFrameMsP95At10k: LargeListFigures['filterToFrameMsP95At10k'];
  backgroundMemoryMB: number;
  backgroundMemoryWithDashboardsMB: number;
  budgets: Check[];
  environment: { chromium: string; node: string; platform: string; date: string };
  details: {
    popupSamplesMs: PopupReadiness['samples'];
    filterSamplesMs: LargeListFigures['samples'];
    actionRequests: { contract: RequestsPerAction['log']; posthog: RequestsPerAction['log'] };
    bundleFiles: BundleSizes['files'];
  };
}

export interface Check {
  figure: string;
  value: string;
  budget: string;
  pass: boolean;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** Every budget of issue #8, checked against the figures. */
export function checkBudgets(result: Omit<BenchResult, 'budgets' | 'environment' | 'details'>): Check[] {
  const actions = result.requestsPerAction;
  const exactlyOne = (figure: string, value: number): Check => ({
    figure,
    value: String(value),
    budget: 'exactly 1',
    pass: value === 1,
  });
  const under = (figure: string, value: number, limit: number, show = kb): Check => ({
    figure,
    value: show(value),
    budget: `≤ ${show(limit)}`,
    pass: value <= limit,
  });
  const ms = (value: number) => `${value} ms`;
  return [
    {
      figure: 'Warm popup ready ÷ blank extension page',
      value: `${result.popupReadyWarmRatio}× (${result.popupReadyWarmMs} ms vs ${result.blankPageMs} ms)`,
      budget: '≤ 1.5×',
      pass: result.popupReadyWarmRatio <= 1.5,
    },
    {
      figure: 'Requests before the warm popup’s first paint',
      value: String(result.requestsBeforeFirstPaintWarm),
      budget: '0',
      pass: result.requestsBeforeFirstPaintWarm === 0,
    },
    exactlyOne('Requests: add a recording to a playlist', actions.add),
    exactlyOne('Requests: undo', actions.undo),
    exactlyOne('Requests: pin a dashboard', actions.pin),
    {
      // The links were fetched when the popup opened; copying one asks PostHog nothing more.
      figure: 'Requests: copy a share link',
      value: String(actions.copyShareLink),
      budget: '≤ 1',
      pass: actions.copyShareLink <= 1,
    },
    under('Popup JS (gzip)', result.bundleGzipBytes.popup, SIZE_BUDGETS.popup),
    under('Popup JS (gzip), goal', result.bundleGzipBytes.popup, SIZE_GOALS.popup),
    under('Content script (gzip)', result.bundleGzipBytes.content, SIZE_BUDGETS.content),
    under('Background (gzip)', result.bundleGzipBytes.background, SIZE_BUDGETS.background),
    under('Background (gzip), goal', result.bundleGzipBytes.background, SIZE_GOALS.background),
    under('Filter, 10,000 playlists (p95 work per keystroke)', result.filterMsP95At10k.playlists, 16, ms),
    under('Filter, 10,000 dashboards (p95 work per keystroke)', result.filterMsP95At10k.dashboards, 16, ms),
  ];
}

/** The Markdown the README's Benchmark section shows. */
export function benchMarkdown(result: BenchResult): string {
  const rows = result.budgets.map(
    (check) =>
      `| ${check.figure} | ${check.value} | ${check.budget} | ${check.pass ? '✅ pass' : '❌ miss'} |`,
  );
  const floor = `| A page drawn by one tiny script ÷ blank page (the floor for any page drawn by script) | ${result.scriptPageRatio}× (${result.scriptPageMs} ms) | — | — |`;
  const cold = `| Cold popup ready (first open, nothing cached) | ${result.popupReadyColdMs} ms | — | — |`;
  const warmOpen = `| Requests: a warm popup in all (after its first paint) | ${result.requestsPerAction.openPopupWarm} | — | — |`;
  const posthog = result.requestsPerActionPostHogFlavor;
  const session = `| Requests on PostHog’s own API shapes: add / undo / pin / copy | ${posthog.add} / ${posthog.undo} / ${posthog.pin} / ${posthog.copyShareLink} | — | — |`;
  const toFrame = result.filterToFrameMsP95At10k;
  const frames = `| Filter, 10,000: p95 until the next painted frame (60 Hz; playlists / dashboards) | ${toFrame.playlists} ms / ${toFrame.dashboards} ms | — | — |`;
  const memory = `| Background JS heap, 10,000 playlists (then + 10,000 dashboards) | ${result.backgroundMemoryMB} MB (${result.backgroundMemoryWithDashboardsMB} MB) | — | — |`;
  return [
    '| Figure | Value | Budget | Result |',
    '| --- | --- | --- | --- |',
    ...rows,
    floor,
    cold,
    warmOpen,
    session,
    frames,
    memory,
    '',
    `Chromium ${result.environment.chromium}, Node ${result.environment.node}, ${result.environment.platform}, ${result.environment.date}.`,
    '',
  ].join('\n');
}
