import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** Finds a Chromium or Chrome: `CHROME_PATH` first, then the usual install paths. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file is there.`);
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  throw new Error(
    'No Chromium or Chrome found. Install one (Debian: `apt-get install chromium`) or set CHROME_PATH to its binary.',
  );
}

/**
 * Flags that keep a headless Chromium quiet on a machine with no outside network, loading the built
 * extension (and any others given: the benchmark's minimal extension).
 */
export function chromiumArgs(extensionDir: string, alsoLoad: readonly string[] = []): string[] {
  const extensions = [extensionDir, ...alsoLoad].join(',');
  return [
    `--disable-extensions-except=${extensions}`,
    `--load-extension=${extensions}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--no-default-browser-check',
  ];
}
