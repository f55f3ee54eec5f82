import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Bidi } from './bidi';
import { Marionette } from './marionette';
import { trackProcessGroup } from './process-group';

const CANDIDATES = [
  '/usr/bin/firefox-esr',
  '/usr/bin/firefox',
  '/usr/lib/firefox-esr/firefox-esr',
  '/usr/lib/firefox/firefox',
  '/snap/bin/firefox',
  '/Applications/Firefox.app/Contents/MacOS/firefox',
];

/** `firefox-esr` or `firefox` on the PATH, where `.ci/run` checks for them. */
function onPath(env: NodeJS.ProcessEnv): string[] {
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  return ['firefox-esr', 'firefox'].flatMap((name) => dirs.map((dir) => join(dir, name)));
}

/** Finds Firefox: `FIREFOX_PATH` first, then the usual install paths, then the PATH. */
export function findFirefox(
  env: NodeJS.ProcessEnv = process.env,
  candidates: readonly string[] = CANDIDATES,
): string {
  const fromEnv = env.FIREFOX_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`FIREFOX_PATH is set to ${fromEnv}, but no file is there.`);
  }
  const found = [...candidates, ...onPath(env)].find((path) => existsSync(path));
  if (found) return found;
  throw new Error(
    'No Firefox found. Install one (Debian: `apt-get install firefox-esr`) or set FIREFOX_PATH to its binary.',
  );
}

/** `user.js` for a throw-away profile: quiet, offline apart from the local PostHog, Hogmark's UUID fixed. */
function userJs(prefs: Record<string, string | number | boolean>): string {
  return Object.entries(prefs)
    .map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});`)
    .join('\n');
}

export interface RunningFirefox {
  bidi: Bidi;
  /** The same WebDriver session over Marionette (for the browser window's chrome context). */
  marionette: Marionette;
  /** The version Firefox reports, e.g. `140.12.0`: for the run's log, never to choose a path by. */
  version: string;
  /** Firefox's process id, which is also its process group's. */
  pid: number | undefined;
  close(): Promise<void>;
}

export interface FirefoxLaunchOptions {
  firefoxPath: string;
  /** Extra profile preferences. */
  prefs?: Record<string, string | number | boolean>;
  /** Where the suite lists running Firefoxes for its teardown to end (see process-group.ts). */
  pidDir?: string;
}

type NewSessionAnswer = { capabilities: { browserVersion?: string; webSocketUrl?: string } };

/**
 * Starts headless Firefox with a fresh profile and opens one WebDriver session over Marionette,
 * with `webSocketUrl`, then connects BiDi to it: Firefox holds one session at a time, and only
 * Marionette has the browser window's chrome context on every Firefox the manifest accepts (ESR
 * 140's BiDi has no chrome scope). Firefox runs in a process group of its own, which `close`, a
 * failed start, the test process's exit and the suite's teardown each end.
 */
export async function launchFirefox(options: FirefoxLaunchOptions): Promise<RunningFirefox> {
  const profile = await mkdtemp(join(tmpdir(), 'hogmark-firefox-'));
  await writeFile(
    join(profile, 'user.js'),
    userJs({
      'browser.shell.checkDefaultBrowser': false,
      'browser.aboutwelcome.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.reportingpolicy.firstRun': false,
      'app.update.disabledForTesting': true,
      'extensions.autoDisableScopes': 0,
      'extensions.enabledScopes': 5,
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
      // Marionette picks a free port and writes it to <profile>/MarionetteActivePort.
      'marionette.port': 0,
      ...options.prefs,
    }),
  );
  const child = spawn(
    options.firefoxPath,
    [
      '--headless',
      '--no-remote',
      '--profile',
      profile,
      '--marionette',
      '--remote-debugging-port=0',
      '--remote-allow-system-access',
      'about:blank',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' },
    },
  );
  const group = trackProcessGroup(child, options.pidDir);
  let marionette: Marionette | undefined;
  let bidi: Bidi | undefined;
  let version = '';
  try {
    const output = collectOutput(child);
    marionette = await Marionette.connect(await marionettePort(profile, child, output));
    const session = await marionette.send<NewSessionAnswer>('WebDriver:NewSession', {
      webSocketUrl: true,
      acceptInsecureCerts: true,
    });
    const url = session.capabilities.webSocketUrl;
    if (!url) throw new Error('Firefox opened a WebDriver session without a BiDi address (webSocketUrl).');
    version = session.capabilities.browserVersion ?? '';
    bidi = await Bidi.connect(url);
  } catch (error) {
    bidi?.close();
    marionette?.close();
    await group.end();
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
  const connected = { bidi, marionette };
  return {
    ...connected,
    version,
    pid: child.pid,
    async close() {
      await connected.marionette.send('Marionette:Quit', { flags: ['eForceQuit'] }).catch(() => undefined);
      connected.bidi.close();
      connected.marionette.close();
      await group.end();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Keeps the last 2,000 characters Firefox printed, for an error that says why it did not start. */
function collectOutput(child: ChildProcess): () => string {
  let output = '';
  const read = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-2000);
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  return () => output;
}

/** Waits for Firefox to write the port Marionette listens on (it does once it accepts connections). */
async function marionettePort(profile: string, child: ChildProcess, output: () => string): Promise<number> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Firefox exited (code ${child.exitCode}) before it was ready:\n${output()}`);
    }
    const port = Number(
      (await readFile(join(profile, 'MarionetteActivePort'), 'utf8').catch(() => '')).trim(),
    );
    if (port > 0) return port;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Firefox did not open its Marionette port within 30 s:\n${output()}`);
}
