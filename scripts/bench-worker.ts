import type { Page } from 'playwright-core';
import type { ExtensionSession } from '../test/e2e/harness';

type RunningStatus = 'stopped' | 'starting' | 'running' | 'stopping';

export type WorkerControl = Awaited<ReturnType<typeof controlServiceWorker>>;

/**
 * Stops the extension's service worker from the harness, as Chromium does after 30 s idle in MV3,
 * and follows its running status (CDP `ServiceWorker.workerVersionUpdated`). Playwright opens CDP
 * sessions for pages only; the `ServiceWorker` domain of any page in the profile sees the extension's
 * worker. `page` should be a web page, not an extension page: an open extension page would keep the
 * extension's renderer process alive, which a user's idle browser need not do. `extensionId`: another
 * extension loaded beside it (the minimal one); stopping stops every worker, the others' too.
 */
export async function controlServiceWorker(
  session: ExtensionSession,
  page: Page,
  extensionId = session.extensionId,
) {
  const cdp = await session.context.newCDPSession(page);
  const scope = `chrome-extension://${extensionId}/`;
  let status: RunningStatus | undefined;
  /** When a start was last reported (epoch ms, as received here). */
  let lastStartAt = 0;
  const waiters = new Set<() => void>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) {
      if (!version.scriptURL.startsWith(scope)) continue;
      if (version.runningStatus === 'starting' && status !== 'starting') lastStartAt = Date.now();
      status = version.runningStatus;
    }
    for (const wake of waiters) wake();
  });

  function statusBecomes(wanted: RunningStatus, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (status !== wanted) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(`The service worker is ${status ?? 'unknown'} after ${timeoutMs} ms, not ${wanted}.`),
        );
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }

  await cdp.send('ServiceWorker.enable');
  // Enabling reports every version's status at once; a worker idle for 30 s may already be stopped.
  await new Promise<void>((resolve, reject) => {
    const known = () => {
      if (status === undefined) return;
      waiters.delete(known);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => reject(new Error(`No status reported for ${scope}'s worker.`)), 10_000);
    waiters.add(known);
    known();
  });

  return {
    /** Stops every service worker of the profile and resolves once Chromium reports the extension's stopped. */
    async stop(): Promise<void> {
      lastStartAt = 0;
      await cdp.send('ServiceWorker.stopAllWorkers');
      await statusBecomes('stopped', 10_000);
    },
    /** Whether the worker was started again before `at` (epoch ms): then something else woke it. */
    startedBefore: (at: number) => lastStartAt !== 0 && lastStartAt < at,
    /** When the worker was last seen starting (epoch ms, as the event arrived here; 0 if not since the stop). */
    lastStartAt: () => lastStartAt,
    /** Resolves once the worker runs (a popup that was timed woke it). */
    running: () => statusBecomes('running', 30_000),
    detach: () => cdp.detach(),
  };
}
