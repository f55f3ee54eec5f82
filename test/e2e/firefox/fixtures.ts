import { inject } from 'vitest';
import type { StartOptions } from '../../fake-posthog/index';
import { type ExtensionEnvOf, useExtensionEnv } from '../../support/extension-env';
import { type FirefoxExtensionSession, launchFirefoxExtension } from './harness';

export type FirefoxEnv = ExtensionEnvOf<FirefoxExtensionSession>;

/**
 * For the describe block it is called in: a local PostHog started with `start` and the built
 * extension in its own headless Firefox (see useExtensionEnv). With `connected`, the connection is
 * saved first (this server, its all-scopes key, project 1).
 */
export function useFirefoxExtension(start: StartOptions, { connected = false } = {}): FirefoxEnv {
  const launch = () =>
    launchFirefoxExtension({
      firefoxPath: inject('firefoxPath'),
      extensionDir: inject('firefoxExtensionDir'),
      pidDir: inject('firefoxPidDir'),
    });
  return useExtensionEnv(
    start,
    launch,
    connected ? (session, server) => saveConnectionIn(session, server.url, server.keys.all) : undefined,
  );
}

/** Sends a message from an extension page, as Hogmark's own pages do, and returns the raw answer. */
export function sendFromExtension(
  session: FirefoxExtensionSession,
  type: string,
  input: object = {},
): Promise<unknown> {
  return session.control.evaluate((message: object) => browser.runtime.sendMessage(message), { type, input });
}

/** Saves a connection (address, key, project 1) with the options form's message; fails unless accepted. */
export async function saveConnectionIn(
  session: FirefoxExtensionSession,
  origin: string,
  apiKey: string,
): Promise<void> {
  const saved = await sendFromExtension(session, 'settings/save', { origin, apiKey, projectId: 1 });
  if ((saved as { ok?: unknown } | null)?.ok !== true) {
    throw new Error(`The background did not save the connection: ${JSON.stringify(saved)}`);
  }
}

/**
 * A click on one of Hogmark's menu items, as the background's own listener gets it (test builds
 * expose the listener on the background page): `info` as Firefox sends it, in tab `tabId`.
 */
export function clickMenu(session: FirefoxExtensionSession, info: object, tabId: number): Promise<void> {
  return session.control.evaluate(
    async (click: { info: object; tabId: number }) => {
      const background = await browser.runtime.getBackgroundPage();
      await background.hogmarkTest.menuClicked(
        { editable: false, ...click.info },
        { id: click.tabId, index: 1 },
      );
    },
    { info, tabId },
  );
}

/** Waits for a tab or window whose address starts with `prefix` (one Hogmark opened) and returns it. */
export async function waitForOpened(
  session: FirefoxExtensionSession,
  prefix: string,
): Promise<{ context: string; url: string }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const tree = await session.bidi.send<{ contexts: Array<{ context: string; url: string }> }>(
      'browsingContext.getTree',
      { maxDepth: 0 },
    );
    const found = tree.contexts.find((context) => context.url.startsWith(prefix));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Nothing opened at ${prefix}…`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

declare const browser: {
  runtime: {
    sendMessage(message: object): Promise<unknown>;
    getBackgroundPage(): Promise<{ hogmarkTest: { menuClicked(info: object, tab: object): Promise<void> } }>;
  };
};
