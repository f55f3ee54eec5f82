import { addRecordingRoute } from '../../lib/api/session-routes';
import type { WakeAdd } from '../../lib/background/session/wake-add';

export const WAKE_ORIGIN = 'https://us.posthog.com';
export const WAKE_RECORDING = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
/** Ana, the key's owner (PostHog's user uuid). */
export const WAKE_USER = '01900000-0000-7000-8000-000000000a1a';

/**
 * An add the worker's wake script plans for tab 7: Ana's, of the demo recording to Onboarding
 * (`onboard1`) of project 1 on PostHog Cloud; `fields` override (a new request id each time).
 */
export const wakeAdd = (fields: Partial<WakeAdd> = {}): WakeAdd => ({
  requestId: crypto.randomUUID(),
  tabId: 7,
  origin: WAKE_ORIGIN,
  projectId: 1,
  shortId: 'onboard1',
  playlistName: 'Onboarding',
  recordingId: WAKE_RECORDING,
  route: addRecordingRoute(1, 'onboard1', WAKE_RECORDING),
  asUser: WAKE_USER,
  ...fields,
});
