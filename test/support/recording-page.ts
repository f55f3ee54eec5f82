import type { FakePostHog } from '../fake-posthog/index';

/** The address of a recording's page in the local PostHog's app (project 1). */
export const recordingPage = (server: FakePostHog, id: string) => `${server.url}/project/1/replay/${id}`;
