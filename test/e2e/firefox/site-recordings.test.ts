import { describe, expect, it } from 'vitest';
import { DEMO } from '../../fake-posthog/demo-ids';
import { sendFromExtension } from './fixtures';
import { useFirefoxSiteSeed } from './site-seed';

const s = DEMO.site;

interface Answer {
  ok: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: test-side JSON access
  data?: any;
}

/**
 * Firefox: "Recorded here" beneath its view, as in Chromium (test/e2e/site-recordings.test.ts): the
 * background reads the demo site's posthog-js storage with `scripting.executeScript` and lists the
 * recordings that visited the page; an extension page sends the popup's messages (the popup itself: site-popup.test.ts).
 */
describe('Firefox: Recorded here, beneath the popup', () => {
  const { env, opened } = useFirefoxSiteSeed();

  it('finds the project by the token posthog-js left, with the visitor’s session, and lists the page’s recordings', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/demo-site/shop/checkout?identify=ana@acme.com`,
    );
    opened.push(page);
    await expect.poll(() => page.text({ css: '#session' })).toMatch(/^[0-9a-f]{8}-/);
    const session = await page.text({ css: '#session' });
    const look = (await sendFromExtension(env.session, 'site/look', { tabId })) as Answer;
    expect(look.data).toMatchObject({
      kind: 'found',
      project: { id: 1 },
      by: 'token',
      session: { id: session, live: true, person: 'ana@acme.com' },
    });
    const listed = (await sendFromExtension(env.session, 'site/recordings', {
      tabId,
      projectId: 1,
      range: 'page',
      days: 7,
    })) as Answer;
    expect(listed.data.recordings.map((row: { id: string }) => row.id)).toEqual([
      s.checkout,
      s.checkoutSlash,
    ]);
  });
});
