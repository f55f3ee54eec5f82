import { afterEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../fake-posthog/demo-ids';
import { useFirefoxExtension } from './fixtures';
import type { FirefoxPage } from './page';
import { firefoxPopupOver } from './popup';

describe('Firefox: who a recording is, in the popup', () => {
  const env = useFirefoxExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  const opened: FirefoxPage[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.close()));
  });

  it('names the person, when it started, how long it lasted and where', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/1/replay/${DEMO.recordings.inCheckout}`,
    );
    opened.push(page);
    const popup = await firefoxPopupOver(env, tabId);
    opened.push(popup);
    await popup.waitForTarget({ css: 'h1', text: 'ana@acme.com' });
    await expect
      .poll(() => popup.text({ css: '.context-face' }))
      .toMatch(/^Started .+ · 05:12 long · shop\.example\.com\/checkout$/);
  });

  it('says Anonymous for a recording PostHog has no person for', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/1/replay/${DEMO.recordings.anonymous}`,
    );
    opened.push(page);
    const popup = await firefoxPopupOver(env, tabId);
    opened.push(popup);
    await popup.waitForTarget({ css: 'h1', text: 'Anonymous' });
  });
});
