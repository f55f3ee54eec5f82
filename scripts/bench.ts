/**
 * `npm run bench`: builds Hogmark, starts the local PostHog and Chromium, and measures what the
 * budgets cover: popup time-to-ready (warm, cold, and after the service worker was stopped) against a
 * page drawn by one tiny script, requests per action, bundle sizes, filter latency and background
 * memory at 10,000 items. Each timed figure is the median of rounds taken until two batches agree
 * (bench-rounds.ts). Writes .output/bench.json and .output/bench.md, puts the table in
 * docs/BENCHMARK.md between its bench markers, and prints it. It reports; it exits 0 even when a
 * budget is missed.
 * `--quick` (or HOGMARK_BENCH_QUICK=1) takes a few rounds only, to check the bench works end to end,
 * and leaves docs/BENCHMARK.md alone.
 * HOGMARK_OUT_DIR chooses the build folder (as for the tests); HOGMARK_E2E_SKIP_BUILD=1 reuses the
 * test build.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildTestExtension, ROOT } from '../test/e2e/build';
import { findChromium } from '../test/e2e/chromium';
import { type FakePostHog, type StartOptions, startFakePostHog } from '../test/fake-posthog/index';
import { measureRequestsPerAction } from './bench-actions';
import { buildProduction, measureBundle } from './bench-bundle';
import { measureLargeLists } from './bench-large';
import { measureMatching } from './bench-matching';
import { measurePopupReadiness } from './bench-popup';
import { measureQuickAdds } from './bench-quick-add';
import { type BenchResult, benchMarkdown, checkBudgets } from './bench-report';
import { benchPlans } from './bench-rounds';
import type { BenchEnv } from './bench-session';
import { writeBlankPage } from './bench-session';

async function withPostHog<T>(options: StartOptions, run: (server: FakePostHog) => Promise<T>): Promise<T> {
  const server = await startFakePostHog(options);
  try {
    return await run(server);
  } finally {
    await server.close();
  }
}

const BENCH_DOC = 'docs/BENCHMARK.md';
const TABLE_START = '<!-- bench:start -->';
const TABLE_END = '<!-- bench:end -->';

/** Puts the table between the bench markers of docs/BENCHMARK.md. */
async function writeBenchDocTable(markdown: string): Promise<void> {
  const path = join(ROOT, BENCH_DOC);
  const doc = await readFile(path, 'utf8');
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${BENCH_DOC} has no ${TABLE_START} … ${TABLE_END} section.`);
  const table = `${TABLE_START}\n${markdown.trimEnd()}\n`;
  await writeFile(path, doc.slice(0, start) + table + doc.slice(end));
}

function chromiumVersion(chromiumPath: string): string {
  return execFileSync(chromiumPath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .trim()
    .replace(/^Chromium /, '');
}

async function main(): Promise<void> {
  const began = Date.now();
  const elapsed = () => `${Math.round((Date.now() - began) / 1000)} s`;
  const plans = benchPlans(process.argv.includes('--quick') || process.env.HOGMARK_BENCH_QUICK === '1');
  const chromiumPath = findChromium();
  console.log(`Building the production extension (bundle sizes)…${plans.quick ? ' (quick run)' : ''}`);
  const bundle = measureBundle(buildProduction());
  console.log('Building the test extension (may reach 127.0.0.1)…');
  const env: BenchEnv = { extensionDir: buildTestExtension(), chromiumPath };
  await writeBlankPage(env.extensionDir);

  console.log(
    `[${elapsed()}] Popup time-to-ready: cold, warm, after a stopped worker; blank and tiny-script pages…`,
  );
  const popup = await withPostHog({ flavor: 'posthog', seed: 'demo' }, (server) =>
    measurePopupReadiness(env, server, plans),
  );
  console.log(`[${elapsed()}] The shortcut’s and the in-page button’s add, warm and after a stopped worker…`);
  const quickAdds = await withPostHog({ flavor: 'posthog', seed: 'demo' }, (server) =>
    measureQuickAdds(env, server, plans),
  );
  console.log(`[${elapsed()}] Requests per action (contract, then PostHog’s own shapes)…`);
  const contract = await withPostHog({ flavor: 'contract', seed: 'demo' }, (server) =>
    measureRequestsPerAction(env, server),
  );
  const posthog = await withPostHog({ flavor: 'posthog', seed: 'demo' }, (server) =>
    measureRequestsPerAction(env, server),
  );
  console.log(`[${elapsed()}] Filtering and memory with 10,000 playlists and 10,000 dashboards…`);
  const large = await withPostHog({ flavor: 'posthog', seed: 'large', largeCount: 10_000 }, (server) =>
    measureLargeLists(env, server, plans.large),
  );
  console.log(`[${elapsed()}] Matching alone, in Node…`);
  const matching = await measureMatching(plans.matching);

  const { log: contractLog, ...perAction } = contract;
  const { log: posthogLog, ...perActionPostHog } = posthog;
  const { samples: keystrokes, ...largeFigures } = large;
  const figures = {
    plan: {
      quick: plans.quick,
      tolerance: plans.warm.tolerance,
      batches: { warm: plans.warm.batch, cold: plans.cold.batch, large: plans.large.batch },
    },
    popup,
    worker: quickAdds,
    requestsPerAction: { ...perAction, openPopupWarm: popup.requestsOpenPopupWarm },
    requestsPerActionPostHogFlavor: perActionPostHog,
    bundleGzipBytes: {
      popup: bundle.popup,
      background: bundle.background,
      wake: bundle.wake,
      content: bundle.content,
    },
    large: largeFigures,
    matching,
  };
  const result: BenchResult = {
    ...figures,
    budgets: checkBudgets(figures),
    environment: {
      chromium: chromiumVersion(chromiumPath),
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      date: new Date().toISOString().slice(0, 10),
    },
    details: {
      filterKeystrokes: keystrokes,
      actionRequests: { contract: contractLog, posthog: posthogLog },
      bundleFiles: bundle.files,
    },
  };

  const outDir = join(ROOT, '.output');
  await mkdir(outDir, { recursive: true });
  const markdown = benchMarkdown(result);
  await writeFile(join(outDir, 'bench.json'), `${JSON.stringify(result, null, 2)}\n`);
  await writeFile(join(outDir, 'bench.md'), markdown);
  if (!plans.quick) await writeBenchDocTable(markdown);
  console.log(`\n${markdown}`);
  const missed = result.budgets.filter((check) => !check.pass);
  console.log(
    missed.length === 0
      ? 'Every budget is met.'
      : `Missed ${missed.length} budget(s): ${missed.map((check) => check.figure).join('; ')}.`,
  );
  console.log(
    `Wrote .output/bench.json and .output/bench.md${plans.quick ? '' : `, and the table in ${BENCH_DOC}`} in ${elapsed()}.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
