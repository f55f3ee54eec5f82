import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildFirefoxTestExtension } from '../build';
import { findFirefox } from './launch';
import { endListedGroups } from './process-group';

declare module 'vitest' {
  export interface ProvidedContext {
    firefoxExtensionDir: string;
    firefoxPath: string;
    /** Where each running Firefox is listed, for the teardown to end any a test file left behind. */
    firefoxPidDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const firefoxPath = findFirefox();
  const pidDir = mkdtempSync(join(tmpdir(), 'hogmark-firefox-pids-'));
  project.provide('firefoxPath', firefoxPath);
  project.provide('firefoxPidDir', pidDir);
  project.provide('firefoxExtensionDir', buildFirefoxTestExtension());
  return () => {
    const left = endListedGroups(pidDir);
    if (left > 0) console.warn(`Ended ${left} Firefox process group(s) that a test file left running.`);
  };
}
