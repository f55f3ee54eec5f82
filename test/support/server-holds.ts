import type { FakePostHog } from '../fake-posthog/index';
import { heldRecordings } from './held-recordings';

/** Whether PostHog holds the recording in the collection, asked with the key (not through Hogmark). */
export async function serverHolds(
  server: FakePostHog,
  shortId: string,
  recordingId: string,
): Promise<boolean> {
  return (await heldRecordings(server, shortId)).includes(recordingId);
}
