import { describe, expect, it } from 'vitest';
import { KEPT_STRINGS } from '../../lib/platform/kept-strings';
import { DEMO } from '../fake-posthog/demo-ids';
import { askEvery, askEveryMessage, templateMismatches, withoutPosition } from '../support/template-check';
import { useExtension } from './fixtures';
import { stopServiceWorker } from './service-worker';

/** Runs in the popup before its own scripts: counts its asks of `i18n.getMessage` until its first view. */
function countMessageAsks(): void {
  const counts = { beforeView: 0, all: 0, keys: [] as unknown[] };
  Object.assign(window, { hogmarkMessageAsks: counts });
  const i18n = (globalThis as unknown as { chrome: { i18n: { getMessage: (...args: unknown[]) => string } } })
    .chrome.i18n;
  const getMessage = i18n.getMessage;
  i18n.getMessage = function (this: unknown, ...args: unknown[]) {
    counts.all += 1;
    counts.keys.push(args[0]);
    if (!document.querySelector('main.popup[aria-busy="false"]')) counts.beforeView += 1;
    return getMessage.apply(this, args);
  };
}

describe('the popup’s strings, kept for its next open', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });

  it('fills every message’s template as Chromium fills the message itself', async () => {
    const page = await env.session.context.newPage();
    await page.goto(`chrome-extension://${env.session.extensionId}/options.html`);
    const answers = await page.evaluate(askEveryMessage, askEvery());
    expect(answers.length).toBe(askEvery().keys.length);
    expect(templateMismatches(answers)).toEqual([]);
    await page.close();
  });

  it('after a stopped worker, the popup asks the browser for none of the strings an earlier one showed', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/${DEMO.projects.main}/replay/${DEMO.recordings.inCheckout}?pause`,
    );
    const open = async () => {
      const popup = await env.session.context.newPage();
      await popup.addInitScript(countMessageAsks);
      await popup.goto(`chrome-extension://${env.session.extensionId}/popup.html?tabId=${tabId}`);
      await popup.locator('main.popup[aria-busy="false"]').waitFor();
      await popup.getByText('Updating…').waitFor({ state: 'detached', timeout: 15_000 });
      return popup;
    };
    const asks = (popup: Awaited<ReturnType<typeof open>>) =>
      popup.evaluate(
        () =>
          (window as unknown as { hogmarkMessageAsks: { beforeView: number; all: number; keys: unknown[] } })
            .hogmarkMessageAsks,
      );
    const kept = (popup: Awaited<ReturnType<typeof open>>) =>
      popup.evaluate(async (key) => {
        const area = (
          globalThis as unknown as {
            chrome: {
              storage: { session: { get(k: string): Promise<Record<string, { templates?: object }>> } };
            };
          }
        ).chrome.storage.session;
        return Object.keys((await area.get(key))[key]?.templates ?? {}).length;
      }, KEPT_STRINGS.key);

    const first = await open();
    // The first popup asks the browser, once per message, and keeps what it said.
    expect((await asks(first)).beforeView).toBeGreaterThan(10);
    // Everything it asked is kept (written a moment after the last new string).
    const learnt = new Set((await asks(first)).keys).size;
    await expect.poll(() => kept(first)).toBe(learnt);
    const shown = withoutPosition(await first.locator('main.popup').innerText());
    await first.close();
    for (const extensionPage of env.session.context.pages()) {
      if (extensionPage.url().startsWith(`chrome-extension://${env.session.extensionId}/`))
        await extensionPage.close();
    }
    await stopServiceWorker(env.session);

    const again = await open();
    expect(await asks(again)).toEqual({ beforeView: 0, all: 0, keys: [] });
    expect(withoutPosition(await again.locator('main.popup').innerText())).toBe(shown);
    expect(await again.title()).toBe('Hogmark for PostHog');
    await Promise.all([again.close(), page.close()]);
  });
});
