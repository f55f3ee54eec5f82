/**
 * `npm run bench`: builds Hogmark, starts the local PostHog and Chromium, and measures what issue #8
 * budgets: popup time-to-ready against a blank extension page, requests per action, bundle sizes,
 * filter latency and background memory at 10,000 items. Writes .output/bench.json and .output/bench.md
 * and prints the table. It reports; it exits 0 even when a budget is missed.
 * HOGMARK_OUT_DIR chooses the build folder (as for the tests); HOGMARK_E2E_SKIP_BUILD=1 reuses the
 * test build.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildTestExtension, ROOT } from '../test/e2e/build';
import { findChromium } from '../test/e2e/chromium';
import { type FakePostHog, type StartOptions, startFakePostHog } from '../test/fake-posthog/index';
import { measureRequestsPerAction } from './bench-actions';
import { buildProduction, measureBundle } from './bench-bundle';
import { measureLargeLists } from './bench-large';
import { measurePopupReadiness } from './bench-popup';
import { type BenchResult, benchMarkdown, checkBudgets } from './bench-report';
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

async function main(): Promise<void> {
  const chromiumPath = findChromium();
  console.log('Building the production extension (bundle sizes)…');
  const bundle = measureBundle(buildProduction());
  console.log('Building the test extension (may reach 127.0.0.1)…');
  const env: BenchEnv = { extensionDir: buildTestExtension(), chromiumPath };
  await writeBlankPage(env.extensionDir);

  console.log('Popup time-to-ready, cold and warm, against a blank extension page…');
  const popup = await withPostHog({ flavor: 'posthog', seed: 'demo' }, (server) =>
    measurePopupReadiness(env, server),
  );
  console.log('Requests per action (contract, then PostHog’s own shapes)…');
  const contract = await withPostHog({ flavor: 'contract', seed: 'demo' }, (server) =>
    measureRequestsPerAction(env, server),
  );
  const posthog = await withPostHog({ flavor: 'posthog', seed: 'demo' }, (server) =>
    measureRequestsPerAction(env, server),
  );
  console.log('Filtering and memory with 10,000 playlists and 10,000 dashboards…');
  const large = await withPostHog({ flavor: 'posthog', seed: 'large', largeCount: 10_000 }, (server) =>
    measureLargeLists(env, server),
  );

  const { samples, requestsOpenPopupWarm, ...readiness } = popup;
  const { log: contractLog, ...perAction } = contract;
  const { log: posthogLog, ...perActionPostHog } = posthog;
  const figures = {
    ...readiness,
    requestsPerAction: { ...perAction, openPopupWarm: requestsOpenPopupWarm },
    requestsPerActionPostHogFlavor: perActionPostHog,
    bundleGzipBytes: { popup: bundle.popup, background: bundle.background, content: bundle.content },
    filterMsP95At10k: large.filterMsP95At10k,
    filterToFrameMsP95At10k: large.filterToFrameMsP95At10k,
    backgroundMemoryMB: large.backgroundMemoryMB,
    backgroundMemoryWithDashboardsMB: large.backgroundMemoryWithDashboardsMB,
  };
  const result: BenchResult = {
    ...figures,
    budgets: checkBudgets(figures),
    environment: {
      chromium: execFileSync(chromiumPath, ['--version'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      })
        .trim()
        .replace(/^Chromium /, ''),
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      date: new Date().toISOString().slice(0, 10),
    },
    details: {
      popupSamplesMs: samples,
      filterSamplesMs: large.samples,
      actionRequests: { contract: contractLog, posthog: posthogLog },
      bundleFiles: bundle.files,
    },
  };

  const outDir = join(ROOT, '.output');
  await mkdir(outDir, { recursive: true });
  const markdown = benchMarkdown(result);
  await writeFile(join(outDir, 'bench.json'), `${JSON.stringify(result, null, 2)}\n`);
  await writeFile(join(outDir, 'bench.md'), markdown);
  console.log(`\n${markdown}`);
  const missed = result.budgets.filter((check) => !check.pass);
  console.log(
    missed.length === 0
      ? 'Every budget is met.'
      : `Missed ${missed.length} budget(s): ${missed.map((check) => check.figure).join('; ')}.`,
  );
  console.log('Wrote .output/bench.json and .output/bench.md.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
