import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { CLOUD_US } from './cloud-host';
import { recordingCalls, signedInPickerOver } from './collections-harness';
import { useCloudExtension } from './fixtures';

const { onboarding } = DEMO.playlists;
const { loose } = DEMO.recordings;

/**
 * PostHog Cloud as users meet it: the extension connects to `https://us.posthog.com`, which Chromium
 * resolves to the local PostHog (PostHog's real shapes and refusals) serving HTTPS.
 */
describe('on PostHog Cloud', () => {
  const env = useCloudExtension();
  beforeEach(() => env.server.clearRequests());

  it('the first add is one request, through the signed-in tab, and its undo is one bulk_delete', async () => {
    const { page, popup } = await signedInPickerOver(env.session, CLOUD_US, loose);
    env.server.clearRequests();
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup
      .getByTitle('Sent via your PostHog session')
      .getByText('✓ Added to Onboarding', { exact: true })
      .waitFor();
    // Cloud refuses keys for this for certain: no refused try with the key first.
    expect(recordingCalls(env.server, onboarding, loose)).toEqual(['POST session 200']);
    expect(env.server.requests.filter((request) => request.method !== 'GET')).toHaveLength(1);

    env.server.clearRequests();
    await popup.getByRole('button', { name: 'Undo' }).click();
    await popup.getByText(/^Removed from Onboarding/).waitFor();
    const writes = env.server.requests.filter((request) => request.method !== 'GET');
    expect(
      writes.map((request) => `${request.method} ${request.path} ${request.auth} ${request.status}`),
    ).toEqual([
      `POST /api/projects/1/session_recording_playlists/${onboarding}/recordings/bulk_delete/ session 200`,
    ]);
    await Promise.all([popup.close(), page.close()]);
  });
});
