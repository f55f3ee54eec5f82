/** PostHog Cloud's app origins: the manifest runs the content script there, whatever the settings. */
const CLOUD_ORIGINS: ReadonlySet<string> = new Set([
  'https://us.posthog.com',
  'https://eu.posthog.com',
  'https://app.posthog.com',
]);

/**
 * Whether the content script should act on a page of `pageOrigin`: PostHog Cloud, or exactly the
 * self-hosted origin saved in the settings. Firefox runs a self-hosted PostHog's registered script on
 * every port of its host (its match patterns take no port), so `localhost:3000` next to a PostHog at
 * `localhost:8000` gets the script too; there it must leave the page alone. The settings are read
 * only off the cloud hosts (the background's `pageSettings` mirror in storage.local, which holds
 * neither the key nor anything the background trusts).
 */
export async function isConfiguredPostHogOrigin(
  pageOrigin: string,
  readSettings: () => Promise<unknown>,
): Promise<boolean> {
  if (CLOUD_ORIGINS.has(pageOrigin)) return true;
  const settings = (await readSettings().catch(() => undefined)) as { origin?: unknown } | undefined;
  return settings?.origin === pageOrigin;
}
