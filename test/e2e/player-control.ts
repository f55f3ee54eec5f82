import type { Page } from 'playwright-core';

/**
 * Moves the local PostHog's player to `seconds` through its test control. PostHog's player can only
 * seek once the recording's meta has arrived (before that the stand-in ignores a seek, as there is
 * nothing to seek in), so this seeks until the player reports that second.
 */
export async function seekPlayer(page: Page, seconds: number): Promise<void> {
  await page.waitForFunction(
    (target) => {
      const control = window.fakePostHog;
      control?.seek(target);
      return control?.currentSecond() === target;
    },
    seconds,
    { timeout: 10_000 },
  );
}
