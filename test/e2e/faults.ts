import type { FakePostHog, Fault } from '../fake-posthog/index';

/** The local PostHog meets the next `method` request to `path` (only that one) with `fault`. */
export function faultOnce(server: FakePostHog, method: string, path: string | RegExp, fault: Fault): void {
  server.setFault({ method, path, fault, times: 1 });
}
