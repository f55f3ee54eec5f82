/** Where Hogmark connects until the user chooses another PostHog. */
export const DEFAULT_APP_ORIGIN = 'https://us.posthog.com';

/** PostHog cloud app origins the content script is declared for (app.posthog.com is the legacy US name). */
export const CLOUD_APP_MATCHES = [
  'https://us.posthog.com/*',
  'https://eu.posthog.com/*',
  'https://app.posthog.com/*',
];

/** The local PostHog used by test builds. */
export const TEST_APP_MATCHES = ['http://127.0.0.1/*'];
