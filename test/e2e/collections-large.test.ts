import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { pickerOver } from './collections-harness';
import { faultOnce } from './faults';
import { useExtension } from './fixtures';

describe('the playlist picker with 10,000 playlists', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'large' }, { connected: true });
  let tabId: number;

  beforeAll(async () => {
    ({ tabId } = await env.session.openTab(`${env.server.url}/project/1/replay/${DEMO.recordings.loose}`));
  });

  it('renders a window of rows, and narrows to one while typing without waiting for the server', async () => {
    const popup = await pickerOver(env.session, tabId);
    expect(await popup.getByRole('option').count()).toBe(50);
    await popup.getByText(/^\d[\d,]* more collections — keep typing/).waitFor();
    env.server.clearRequests();
    await popup.getByRole('combobox').pressSequentially('#09998', { delay: 0 });
    // The one playlist so named, then "Create collection “#09998”" (no playlist is named exactly that).
    await expect.poll(() => popup.getByRole('option').count(), { timeout: 2_000, interval: 20 }).toBe(2);
    expect(await popup.getByRole('option', { selected: true }).textContent()).toContain('#09998');
    // Filtering is local: typing sent nothing.
    expect(env.server.requests.filter((r) => r.path.startsWith('/api/'))).toEqual([]);
    await popup.close();
  });

  it('paints from the cache while the server is slow, then revalidates', async () => {
    faultOnce(env.server, 'GET', '/api/projects/1/session_recording_playlists/', {
      type: 'latency',
      ms: 4_000,
    });
    const popup = await env.session.openPopup(tabId);
    await popup.getByRole('option').first().waitFor();
    expect(await popup.getByRole('option').count()).toBe(50);
    // Still updating after the rows were drawn: the server has not answered yet (it holds the list
    // request for 4 s), so the rows came from the cache.
    await popup.getByText('Updating…').waitFor();
    await popup.getByText('Updating…').waitFor({ state: 'detached', timeout: 30_000 });
    await popup.close();
  });
});
