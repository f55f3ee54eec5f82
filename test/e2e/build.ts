import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Where `wxt build --mode test` writes the Chromium build that may reach 127.0.0.1. */
export const TEST_EXTENSION_DIR = resolve(ROOT, process.env.HOGMARK_OUT_DIR ?? '.output', 'chrome-mv3-test');

/** The Firefox (MV3) test build, from `wxt build -b firefox --mv3 --mode test`. */
export const FIREFOX_TEST_EXTENSION_DIR = resolve(
  ROOT,
  process.env.HOGMARK_OUT_DIR ?? '.output',
  'firefox-mv3-test',
);

/** Builds the test extension once per run (HOGMARK_E2E_SKIP_BUILD=1 reuses an existing build). */
export function buildTestExtension(): string {
  return build(TEST_EXTENSION_DIR, ['wxt', 'build', '--mode', 'test']);
}

/** The same for Firefox: the test mode's 127.0.0.1 host permission is granted there too. */
export function buildFirefoxTestExtension(): string {
  return build(FIREFOX_TEST_EXTENSION_DIR, ['wxt', 'build', '-b', 'firefox', '--mv3', '--mode', 'test']);
}

function build(dir: string, command: string[]): string {
  const reuse = process.env.HOGMARK_E2E_SKIP_BUILD === '1' && existsSync(`${dir}/manifest.json`);
  if (!reuse) execFileSync('npx', command, { cwd: ROOT, stdio: 'pipe' });
  return dir;
}
