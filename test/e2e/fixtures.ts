import { inject } from 'vitest';
import { type ExtensionSession, launchExtension } from './harness';

/** The extension built once by global-setup, in the Chromium it found. */
export function launchTestExtension(): Promise<ExtensionSession> {
  return launchExtension({ extensionDir: inject('extensionDir'), chromiumPath: inject('chromiumPath') });
}
