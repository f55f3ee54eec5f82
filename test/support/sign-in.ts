import type { FakePostHog } from '../fake-posthog/index';

/** Signs Ana in to the local PostHog as a browser tab would: the session cookies and the CSRF token. */
export async function signIn(server: FakePostHog): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${server.url}/login?next=/project/1`, { redirect: 'manual' });
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const csrf = cookies.find((c) => c.startsWith('posthog_csrftoken='))?.split('=')[1] ?? '';
  return { cookie: cookies.join('; '), csrf };
}
