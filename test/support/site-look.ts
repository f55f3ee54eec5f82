import type { SiteLook } from '../../lib/messaging/site-messages';

/** The fixtures of "Recorded here"'s store and view tests: a customer's site found on PostHog US by its token. */
export const US = 'https://us.posthog.com';
export const SESSION = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
export const NOW = 2_000_000_000_000;
export const SITE = { origin: 'https://shop.acme.com', host: 'shop.acme.com' };
/** Found by the page's token, with a live session of ana@acme.com started two minutes before `NOW`. */
export const FOUND: Extract<SiteLook, { kind: 'found' }> = {
  kind: 'found',
  site: SITE,
  origin: US,
  project: { id: 7, name: 'Acme web app' },
  by: 'token',
  session: {
    id: SESSION,
    startMs: NOW - 125_000,
    lastActivityMs: NOW - 5_000,
    live: true,
    person: 'ana@acme.com',
  },
};
