/**
 * `npx tsx scripts/probe-worker-start.ts [rounds]`: where a stopped worker's start goes, Hogmark's
 * beside the minimal extension's (bench-minimal.ts), from Chromium's own trace. Uses the test build
 * (`npm run build:test`, or HOGMARK_E2E_SKIP_BUILD=1 to reuse it); prints what it found, changes
 * nothing.
 *
 * 1. Each round stops every worker, starts tracing, starts both workers over the DevTools protocol
 *    (`ServiceWorker.startWorker`, nothing evaluated in them) and reads, per worker script: the time
 *    from the browser asking for the worker to V8 compiling its script, how long V8 compiled and ran
 *    the script, and whether Chromium's code cache served it (`v8.compile`'s cache fields).
 * 2. Then the shortcut's add after a stop, Hogmark's and the minimal worker's, as the bench times
 *    them, traced with V8's sampling profiler from just before the key to the request's arrival: the
 *    worker thread's samples by what ran, each JS function counted to the module it is written in (the
 *    test build's module marks give each module's place in the bundle).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CDPSession } from 'playwright-core';
import { buildTestExtension } from '../test/e2e/build';
import { findChromium } from '../test/e2e/chromium';
import { launchExtension } from '../test/e2e/harness';
import { startFakePostHog } from '../test/fake-posthog/index';
import { MINIMAL_WORKER, minimalExtensionId, writeMinimalExtension } from './bench-minimal';
import { moduleGroup } from './bench-modules';
import { openQuickAddSession, surfaces, timedAdd } from './bench-quick-add';
import { median, round } from './bench-session';
import { controlServiceWorker } from './bench-worker';
import { MODULE_MARKS_GLOBAL } from './module-marks-plugin';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown> } & Record<string, unknown>;
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'disabled-by-default-v8.compile',
  'ServiceWorker',
].join(',');

/** One script's start in a trace, in ms from the browser's first start-worker event for it. */
interface ScriptStart {
  compileMs: number;
  runMs: number;
  /** From the first `StartWorker` event in the browser to the script's compile beginning. */
  untilCompileMs: number;
  cache: string;
}

function scriptStart(events: TraceEvent[], scriptName: string, startedAt: number): ScriptStart | null {
  const ofScript = (event: TraceEvent) => String(event.args?.data?.url ?? '').endsWith(`/${scriptName}`);
  const compile = events.find((event) => event.name === 'v8.compile' && ofScript(event));
  const run = events.find(
    (event) => (event.name === 'EvaluateScript' || event.name === 'v8.run') && ofScript(event),
  );
  if (!compile) return null;
  const data = compile.args?.data ?? {};
  const cache =
    data.consumedCacheSize !== undefined
      ? `consumed ${data.consumedCacheSize} B${data.cacheRejected ? ' (rejected)' : ''}`
      : `none${data.notStreamedReason ? ` (${String(data.notStreamedReason)})` : ''}`;
  return {
    compileMs: (compile.dur ?? 0) / 1000,
    runMs: (run?.dur ?? 0) / 1000,
    untilCompileMs: (compile.ts - startedAt) / 1000,
    cache,
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number };
}

/** Where each module of the test build's background begins in its bundle (offset → module name). */
function moduleOffsets(bundle: string): { at: number; name: string }[] {
  const marker = `(globalThis.${MODULE_MARKS_GLOBAL}??=[]).push([`;
  const found: { at: number; name: string }[] = [];
  for (let at = bundle.indexOf(marker); at >= 0; at = bundle.indexOf(marker, at + 1)) {
    const rest = bundle.slice(at + marker.length, at + marker.length + 300);
    const name = /^[`'"]([^`'"]+)[`'"]/.exec(rest)?.[1];
    if (name) found.push({ at, name });
  }
  return found;
}

/**
 * The worker thread's CPU samples in a trace, counted (ms) by what ran: a background.js function to
 * its module's group, a built-in or browser call to "native, from <its caller's group>", and V8's own
 * entries ("(garbage collector)", "(program)", "(idle)").
 */
function samplesByGroup(events: TraceEvent[], script: string, bundle: string | null): Map<string, number> {
  const offsets = bundle ? moduleOffsets(bundle) : [];
  const lineStarts = bundle
    ? [0, ...[...bundle.matchAll(/\n/g)].map((match) => (match.index ?? 0) + 1)]
    : [0];
  const moduleAt = (line: number, column: number) => {
    const offset = (lineStarts[line] ?? 0) + column;
    let name = '(before the first module)';
    for (const entry of offsets) {
      if (entry.at > offset) break;
      name = entry.name;
    }
    return process.env.PROBE_MODULES === '1' ? name : moduleGroup(name);
  };
  // The profile of the thread that ran the worker's script (its chunks share the Profile event's id).
  const compile = events.find(
    (event) => event.name === 'v8.compile' && String(event.args?.data?.url ?? '').endsWith(`/${script}`),
  );
  const totals = new Map<string, number>();
  if (!compile) return totals;
  if (process.env.PROBE_DUMP === '1') {
    const profiles = events.filter((event) => event.name === 'Profile' || event.name === 'ProfileChunk');
    console.log(
      `compile on ${compile.pid}/${compile.tid}; profile events:`,
      profiles
        .slice(0, 8)
        .map(
          (event) => `${event.name} ${event.pid}/${event.tid} id=${String((event as { id?: string }).id)}`,
        ),
    );
  }
  // A thread's profile is its `Profile` event; its chunks come from the sampler's thread, with its id.
  const idOf = (event: TraceEvent) => (event as { id?: string }).id;
  const profile = events.find(
    (event) => event.name === 'Profile' && event.pid === compile.pid && event.tid === compile.tid,
  );
  const chunks = events.filter(
    (event) =>
      event.name === 'ProfileChunk' &&
      event.pid === compile.pid &&
      idOf(event) === idOf(profile ?? event) &&
      profile,
  );
  const nodes = new Map<number, ProfileNode>();
  for (const chunk of chunks) {
    const data = chunk.args?.data as
      | { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
      | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    samples.forEach((id, index) => {
      const ms = (deltas[index + 1] ?? deltas[index] ?? 0) / 1000;
      let node = nodes.get(id);
      let label = node?.callFrame.functionName.startsWith('(') ? node.callFrame.functionName : undefined;
      let native = false;
      while (!label && node) {
        if ((node.callFrame.url ?? '').endsWith(`/${script}`)) {
          label = `${native ? 'native, from ' : ''}${moduleAt(node.callFrame.lineNumber ?? 0, node.callFrame.columnNumber ?? 0)}`;
        } else {
          native = true;
          node = node.parent === undefined ? undefined : nodes.get(node.parent);
        }
      }
      label ??= '(other)';
      totals.set(label, (totals.get(label) ?? 0) + ms);
    });
  }
  return totals;
}

async function traced<T>(cdp: CDPSession, categories: string, run: (end: () => Promise<void>) => Promise<T>) {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: object[] }) => events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  let ended: Promise<void> | undefined;
  const end = () => {
    ended ??= (async () => {
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await done;
      cdp.off('Tracing.dataCollected', collect);
    })();
    return ended;
  };
  const result = await run(end);
  await end();
  return { result, events };
}

async function startsOfWorkers(rounds: number, extensionDir: string): Promise<void> {
  const server = await startFakePostHog({ flavor: 'posthog', seed: 'demo' });
  const minimal = await writeMinimalExtension(server);
  const session = await launchExtension({
    extensionDir,
    chromiumPath: findChromium(),
    alsoLoad: [minimal.dir],
  });
  try {
    const minimalId = await minimalExtensionId(session.context);
    const { page } = await session.openTab(`${server.url}/login`);
    const hogmark = await controlServiceWorker(session, page);
    const other = await controlServiceWorker(session, page, minimalId);
    const browser = session.context.browser();
    if (!browser) throw new Error('No browser-level CDP session.');
    const cdp = await browser.newBrowserCDPSession();
    const pageCdp = await session.context.newCDPSession(page);
    await pageCdp.send('ServiceWorker.enable');
    const rows: Record<string, ScriptStart[]> = { 'background.js': [], [MINIMAL_WORKER]: [] };
    for (let index = 0; index < rounds; index++) {
      await hogmark.stop();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const { events } = await traced(cdp, CATEGORIES, async () => {
        for (const [id, control] of [
          [session.extensionId, hogmark],
          [minimalId, other],
        ] as const) {
          await pageCdp.send('ServiceWorker.startWorker', { scopeURL: `chrome-extension://${id}/` });
          await control.running();
        }
      });
      const starts = events.filter((event) => /StartWorker/.test(event.name)).map((event) => event.ts);
      for (const script of Object.keys(rows)) {
        const compile = events.find(
          (event) =>
            event.name === 'v8.compile' && String(event.args?.data?.url ?? '').endsWith(`/${script}`),
        );
        const before = starts.filter((at) => compile && at <= compile.ts).at(-1) ?? starts[0] ?? 0;
        const start = scriptStart(events, script, before);
        if (start) rows[script]?.push(start);
      }
    }
    for (const [script, starts] of Object.entries(rows)) {
      const of = (pick: (start: ScriptStart) => number) => round(median(starts.map(pick)), 1);
      console.log(
        `${script}: ${starts.length} starts; start-worker → compile ${of((s) => s.untilCompileMs)} ms, ` +
          `compile ${of((s) => s.compileMs)} ms, run ${of((s) => s.runMs)} ms (medians); ` +
          `code cache per start: ${starts.map((s) => s.cache).join(', ')}`,
      );
    }
  } finally {
    await session.close();
    await minimal.dispose();
    await server.close();
  }
}

const PROFILE_CATEGORIES = `${CATEGORIES},disabled-by-default-v8.cpu_profiler`;

async function shortcutProfiles(rounds: number, extensionDir: string): Promise<void> {
  const server = await startFakePostHog({ flavor: 'posthog', seed: 'demo' });
  const { session, tab, minimalId, dispose } = await openQuickAddSession(
    { extensionDir, chromiumPath: findChromium() },
    server,
  );
  try {
    const bundle = await readFile(join(extensionDir, 'background.js'), 'utf8');
    const browser = session.context.browser();
    if (!browser) throw new Error('No browser-level CDP session.');
    const cdp = await browser.newBrowserCDPSession();
    const hogmark = await controlServiceWorker(session, tab.page);
    const other = await controlServiceWorker(session, tab.page, minimalId);
    const { shortcut, minimalShortcut } = await surfaces(session, server, tab);
    for (const [surface, control, script] of [
      [minimalShortcut, other, MINIMAL_WORKER],
      [shortcut, hogmark, 'background.js'],
    ] as const) {
      const totals = new Map<string, number[]>();
      const times: number[] = [];
      for (let index = 0; index < rounds; index++) {
        let end: (() => Promise<void>) | undefined;
        let started: Promise<void> | undefined;
        const events: TraceEvent[] = [];
        const add = await timedAdd(surface, server, control, true, {
          beforeTrigger: async () => {
            let ready: () => void = () => {};
            const began = new Promise<void>((resolve) => {
              ready = resolve;
            });
            started = traced(cdp, PROFILE_CATEGORIES, async (stop) => {
              end = stop;
              ready();
              await new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
            }).then((trace) => {
              events.push(...trace.events);
            });
            await began;
          },
          afterArrival: async () => {
            await end?.();
            await started;
          },
        });
        times.push(add.ms);
        for (const [label, ms] of samplesByGroup(
          events,
          script,
          script === 'background.js' ? bundle : null,
        )) {
          totals.set(label, [...(totals.get(label) ?? []), ms]);
        }
      }
      console.log(
        `\n${surface.name} after a stop: key → request ${times.join(', ')} ms; worker thread's CPU samples (ms, median of ${rounds}; total):`,
      );
      const rows = [...totals].map(([label, values]) => ({
        label,
        median: round(median([...values, ...Array(rounds - values.length).fill(0)]), 1),
        sum: round(
          values.reduce((a, b) => a + b, 0),
          1,
        ),
      }));
      rows.sort((a, b) => b.sum - a.sum);
      for (const row of rows.slice(0, 25)) console.log(`  ${row.median}\t${row.sum}\t${row.label}`);
    }
  } finally {
    await dispose();
    await server.close();
  }
}

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 8);
  const extensionDir = buildTestExtension();
  if (!process.argv.includes('--shortcut-only')) await startsOfWorkers(rounds, extensionDir);
  await shortcutProfiles(rounds, extensionDir);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
