import { describe, expect, it } from 'vitest';
import { KEPT_STRINGS } from '../../../lib/platform/kept-strings';
import { DEMO } from '../../fake-posthog/demo-ids';
import { askEvery, askEveryMessage, templateMismatches, withoutPosition } from '../../support/template-check';
import { useFirefoxExtension } from './fixtures';
import { firefoxPickerOver } from './popup';

describe('Firefox: the popup’s strings, kept for its next open', () => {
  const env = useFirefoxExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });

  it('fills every message’s template as Firefox fills the message itself', async () => {
    const answers = await env.session.control.evaluate(askEveryMessage, askEvery());
    expect(answers.length).toBe(askEvery().keys.length);
    expect(templateMismatches(answers)).toEqual([]);
  });

  it('a popup opened again shows, from the kept strings, what the first one showed', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/${DEMO.projects.main}/replay/${DEMO.recordings.inCheckout}?pause`,
    );
    const settled = async () => {
      const popup = await firefoxPickerOver(env, tabId);
      await popup.waitFor(() => !document.body.textContent?.includes('Updating…'));
      return popup;
    };
    // The player's position may be known to one popup and not yet to the other: it is left out.
    const shown = async (popup: Awaited<ReturnType<typeof settled>>) =>
      withoutPosition(
        await popup.evaluate(
          () => (document.querySelector('main.popup') as HTMLElement | null)?.innerText ?? '',
        ),
      );
    const kept = () =>
      env.session.control.evaluate(async (key: string) => {
        const value = (
          await (
            globalThis as unknown as {
              browser: { storage: { session: { get(k: string): Promise<Record<string, unknown>> } } };
            }
          ).browser.storage.session.get(key)
        )[key] as { templates?: object } | undefined;
        return Object.keys(value?.templates ?? {}).length;
      }, KEPT_STRINGS.key);

    const first = await settled();
    await expect.poll(kept).toBeGreaterThan(10);
    const before = await shown(first);
    await first.close();
    const again = await settled();
    expect(await shown(again)).toBe(before);
    expect(await again.evaluate(() => document.title)).toBe('Hogmark for PostHog');
    await Promise.all([again.close(), page.close()]);
  });
});
