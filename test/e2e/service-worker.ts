import type { Page, Worker } from 'playwright-core';
import type { ExtensionSession } from './harness';

/**
 * Stops the extension's service worker the way Chromium does when it idles (DevTools protocol).
 * `from`: a page already open to stop it from; by default a new tab, opened and closed for it (its
 * closing is a tab event, which wakes the worker again at once).
 */
export async function stopServiceWorker(session: ExtensionSession, from?: Page): Promise<void> {
  const tab = from ?? (await session.context.newPage());
  try {
    const cdp = await session.context.newCDPSession(tab);
    type Version = { versionId: string; scriptURL: string; runningStatus: string };
    const versions = new Map<string, Version>();
    let onUpdate = () => {};
    cdp.on('ServiceWorker.workerVersionUpdated', (event: { versions: Version[] }) => {
      for (const version of event.versions) versions.set(version.versionId, version);
      onUpdate();
    });
    const ours = () =>
      [...versions.values()].find((version) =>
        version.scriptURL.startsWith(`chrome-extension://${session.extensionId}/`),
      );
    const until = (done: () => boolean) =>
      new Promise<void>((resolve) => {
        onUpdate = () => done() && resolve();
        onUpdate();
      });
    await cdp.send('ServiceWorker.enable');
    await until(() => ours()?.runningStatus === 'running');
    await cdp.send('ServiceWorker.stopWorker', { versionId: ours()?.versionId ?? '' });
    await until(() => ours()?.runningStatus === 'stopped');
  } finally {
    if (!from) await tab.close();
  }
}

/** The extension's service worker now (a new one after a stop, started by whatever woke it). */
export async function currentServiceWorker(session: ExtensionSession): Promise<Worker> {
  return session.context.serviceWorkers()[0] ?? session.context.waitForEvent('serviceworker');
}
