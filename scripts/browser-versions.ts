/**
 * Prints the Chromium and the Firefox the browser suites will drive (the same look-up they use:
 * CHROME_PATH / FIREFOX_PATH, then the usual places), each with the version it reports.
 */
import { execFileSync } from 'node:child_process';
import { findChromium } from '../test/e2e/chromium';
import { findFirefox } from '../test/e2e/firefox/launch';

function describeBrowser(name: string, find: () => string): string {
  try {
    const path = find();
    const version = execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000 }).trim();
    return `${name}: ${version} (${path})`;
  } catch (error) {
    return `${name}: none usable (${(error as Error).message.split('\n')[0]})`;
  }
}

console.log(describeBrowser('Chromium', findChromium));
console.log(describeBrowser('Firefox', findFirefox));
