import { describe, expect, it } from 'vitest';
import { isCloudOrigin } from '../../lib/posthog/origins';

describe('isCloudOrigin', () => {
  it.each(['https://us.posthog.com', 'https://eu.posthog.com', 'https://app.posthog.com'])(
    '%s is Cloud',
    (o) => expect(isCloudOrigin(o)).toBe(true),
  );
  it.each([
    'http://us.posthog.com',
    'https://us.i.posthog.com',
    'https://posthog.example.com',
    'http://127.0.0.1:8010',
    'https://us.posthog.com/',
    'not a url',
  ])('%s is not', (o) => expect(isCloudOrigin(o)).toBe(false));
});
