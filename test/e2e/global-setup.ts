import type { TestProject } from 'vitest/node';
import { buildTestExtension } from './build';
import { findChromium } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    extensionDir: string;
    chromiumPath: string;
  }
}

export default function setup(project: TestProject): void {
  const chromiumPath = findChromium();
  const extensionDir = buildTestExtension();
  project.provide('chromiumPath', chromiumPath);
  project.provide('extensionDir', extensionDir);
}
