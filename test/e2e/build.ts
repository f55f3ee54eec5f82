import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Where `wxt build --mode test` writes the Chromium build that may reach 127.0.0.1. */
export const TEST_EXTENSION_DIR = resolve(ROOT, process.env.HOGMARK_OUT_DIR ?? '.output', 'chrome-mv3-test');

/** Builds the test extension once per run (HOGMARK_E2E_SKIP_BUILD=1 reuses an existing build). */
export function buildTestExtension(): string {
  const reuse =
    process.env.HOGMARK_E2E_SKIP_BUILD === '1' && existsSync(`${TEST_EXTENSION_DIR}/manifest.json`);
  if (!reuse) {
    execFileSync('npx', ['wxt', 'build', '--mode', 'test'], { cwd: ROOT, stdio: 'pipe' });
  }
  return TEST_EXTENSION_DIR;
}
