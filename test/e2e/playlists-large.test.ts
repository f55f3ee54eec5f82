import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { type FakePostHog, startFakePostHog } from '../fake-posthog/index';
import { launchTestExtension } from './fixtures';
import type { ExtensionSession } from './harness';
import { connect, pickerOver } from './playlists-harness';

describe('the playlist picker with 10,000 playlists', () => {
  let server: FakePostHog;
  let browser: ExtensionSession;
  let tabId: number;

  beforeAll(async () => {
    server = await startFakePostHog({ flavor: 'posthog', seed: 'large' });
    browser = await launchTestExtension();
    await connect(browser, server);
    ({ tabId } = await browser.openTab(`${server.url}/project/1/replay/${DEMO.recordings.loose}`));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders a window of rows, and narrows to one while typing without waiting for the server', async () => {
    const popup = await pickerOver(browser, tabId);
    expect(await popup.getByRole('option').count()).toBe(50);
    await popup.getByText(/^\d[\d,]* more — keep typing/).waitFor();
    server.clearRequests();
    const started = Date.now();
    await popup.getByRole('combobox').pressSequentially('#09998', { delay: 0 });
    // The one playlist so named, then "Create playlist “#09998”" (no playlist is named exactly that).
    await expect.poll(() => popup.getByRole('option').count(), { timeout: 2_000, interval: 20 }).toBe(2);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await popup.getByRole('option', { selected: true }).textContent()).toContain('#09998');
    // Filtering is local: typing sent nothing.
    expect(server.requests.filter((r) => r.path.startsWith('/api/'))).toEqual([]);
    await popup.close();
  });

  it('paints from the cache while the server is slow, then revalidates', async () => {
    server.setFault({
      method: 'GET',
      path: '/api/projects/1/session_recording_playlists/',
      fault: { type: 'latency', ms: 4_000 },
      times: 1,
    });
    const popup = await browser.openPopup(tabId);
    const started = Date.now();
    await popup.getByRole('option').first().waitFor({ timeout: 3_000 });
    expect(Date.now() - started).toBeLessThan(3_000);
    await popup.getByText('Updating…').waitFor();
    await popup.getByText('Updating…').waitFor({ state: 'detached', timeout: 30_000 });
    await popup.close();
  });
});
