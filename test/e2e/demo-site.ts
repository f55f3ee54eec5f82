/** A tab as both browsers' harnesses drive it: it runs a function in the page, and reloads. */
interface DemoSiteTab {
  evaluate(fn: () => void): Promise<unknown>;
  reload(): Promise<unknown>;
}

/** Runs in the page: forgets what this origin's pages stored (localStorage and cookies). */
function forgetOrigin(): void {
  localStorage.clear();
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    // biome-ignore lint/suspicious/noDocumentCookie: the test clears what another demo page wrote
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/**
 * Opens a page of the local PostHog's demo customer sites as a first visit: the demo sites share
 * the local PostHog's origin, so what another one (or a PostHog sign-in) stored there is cleared,
 * then the page loads again and posthog-js stores its own. Sign in to PostHog after it, not before:
 * it clears the session cookie too. Chromium's and Firefox's harnesses both open tabs this way.
 */
export async function firstVisit<Tab extends DemoSiteTab>(
  session: { openTab(url: string): Promise<{ page: Tab; tabId: number }> },
  url: string,
): Promise<{ page: Tab; tabId: number }> {
  const opened = await session.openTab(url);
  await opened.page.evaluate(forgetOrigin);
  await opened.page.reload();
  return opened;
}
