import { afterEach } from 'vitest';
import { useFirefoxExtension } from './fixtures';
import type { FirefoxPage } from './page';

/**
 * Firefox with Hogmark connected to a local PostHog holding the demo customer site's recordings
 * (seed `site`, listing never throttled); `opened` pages are closed after each test.
 */
export function useFirefoxSiteSeed() {
  const env = useFirefoxExtension(
    { flavor: 'posthog', seed: 'site', replayListingRates: null },
    { connected: true },
  );
  const opened: FirefoxPage[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.close()));
  });
  return { env, opened };
}
