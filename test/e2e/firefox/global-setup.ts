import type { TestProject } from 'vitest/node';
import { buildFirefoxTestExtension } from '../build';
import { findFirefox } from './launch';

declare module 'vitest' {
  export interface ProvidedContext {
    firefoxExtensionDir: string;
    firefoxPath: string;
  }
}

export default function setup(project: TestProject): void {
  const firefoxPath = findFirefox();
  project.provide('firefoxPath', firefoxPath);
  project.provide('firefoxExtensionDir', buildFirefoxTestExtension());
}
