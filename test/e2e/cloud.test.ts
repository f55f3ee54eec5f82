import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { type FakePostHog, startFakePostHog } from '../fake-posthog/index';
import { CLOUD_US, cloudCertificate, cloudHostArgs } from './cloud-host';
import { pickerOver, recordingCalls } from './collections-harness';
import { type ExtensionSession, launchExtension } from './harness';
import { saveConnection } from './options-page';

const { onboarding } = DEMO.playlists;
const { loose } = DEMO.recordings;

/**
 * PostHog Cloud as users meet it: the extension connects to `https://us.posthog.com`, which Chromium
 * resolves to the local PostHog (PostHog's real shapes and refusals) serving HTTPS.
 */
describe('on PostHog Cloud', () => {
  let server: FakePostHog;
  let session: ExtensionSession;

  beforeAll(async () => {
    server = await startFakePostHog({ flavor: 'posthog', seed: 'demo', tls: await cloudCertificate() });
    session = await launchExtension({
      extensionDir: inject('extensionDir'),
      chromiumPath: inject('chromiumPath'),
      extraArgs: cloudHostArgs(server.url),
    });
    await saveConnection(session, CLOUD_US, server.keys.all);
  });
  afterAll(async () => {
    await session?.close();
    await server?.close();
  });
  beforeEach(() => server.clearRequests());

  it('the first add is one request, through the signed-in tab, and its undo is one bulk_delete', async () => {
    const { page, tabId } = await session.openTab(`${CLOUD_US}/login?next=/project/1/replay/${loose}`);
    await page.waitForURL(`${CLOUD_US}/project/1/replay/${loose}`);
    const popup = await pickerOver(session, tabId);
    server.clearRequests();
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup.getByText('Added to Onboarding. (via your PostHog session)').waitFor();
    // Cloud refuses keys for this for certain: no refused try with the key first.
    expect(recordingCalls(server, onboarding, loose)).toEqual(['POST session 200']);
    expect(server.requests.filter((request) => request.method !== 'GET')).toHaveLength(1);

    server.clearRequests();
    await popup.getByRole('button', { name: 'Undo' }).click();
    await popup.getByText(/^Removed from Onboarding/).waitFor();
    const writes = server.requests.filter((request) => request.method !== 'GET');
    expect(
      writes.map((request) => `${request.method} ${request.path} ${request.auth} ${request.status}`),
    ).toEqual([
      `POST /api/projects/1/session_recording_playlists/${onboarding}/recordings/bulk_delete/ session 200`,
    ]);
    await Promise.all([popup.close(), page.close()]);
  });
});
