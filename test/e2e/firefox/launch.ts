import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Bidi } from './bidi';

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
  close(): Promise<void>;
}

export interface FirefoxLaunchOptions {
  firefoxPath: string;
  /** Extra profile preferences. */
  prefs?: Record<string, string | number | boolean>;
}

/** Starts headless Firefox with a fresh profile and opens a WebDriver BiDi session. */
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
      '--remote-debugging-port=0',
      '--remote-allow-system-access',
      'about:blank',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' } },
  );
  let bidi: Bidi | undefined;
  try {
    const url = await listeningUrl(child);
    bidi = await Bidi.connect(`${url}/session`);
    await bidi.send('session.new', { capabilities: { alwaysMatch: { acceptInsecureCerts: true } } });
  } catch (error) {
    child.kill('SIGKILL');
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
  const connected = bidi;
  return {
    bidi: connected,
    async close() {
      await connected.send('browser.close').catch(() => undefined);
      connected.close();
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(killer);
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Firefox prints `WebDriver BiDi listening on ws://127.0.0.1:<port>` once it accepts connections. */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      reject(new Error(`Firefox did not open its WebDriver BiDi port within 30 s:\n${output.slice(-2000)}`));
    }, 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /WebDriver BiDi listening on (ws:\/\/[^\s]+)/.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Firefox exited (code ${code}) before it was ready:\n${output.slice(-2000)}`));
    });
  });
}
