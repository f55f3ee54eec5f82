import { describe, expect, it } from 'vitest';
import { isPostHogAppPath } from '../../lib/posthog/page-areas';

describe('a page of PostHog’s own app, by its path', () => {
  it('is any project page, sign-in or top-level route of PostHog', () => {
    for (const path of [
      '/',
      '/project/1/replay/kiosk',
      '/login',
      '/signup',
      '/home',
      '/shared/abc',
      '/me/settings',
    ]) {
      expect(isPostHogAppPath(path), path).toBe(true);
    }
  });

  it('is not whatever else the origin serves', () => {
    for (const path of ['/demo-site/shop/checkout', '/blog/post', '/projects', '/loginx']) {
      expect(isPostHogAppPath(path), path).toBe(false);
    }
  });
});
