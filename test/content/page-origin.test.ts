import { describe, expect, it, vi } from 'vitest';
import { isConfiguredPostHogOrigin } from '../../lib/content/page-origin';

describe('isConfiguredPostHogOrigin', () => {
  it.each(['https://us.posthog.com', 'https://eu.posthog.com', 'https://app.posthog.com'])(
    'acts on %s without reading the settings',
    async (origin) => {
      const read = vi.fn(async () => ({ origin: 'http://localhost:8000' }));
      await expect(isConfiguredPostHogOrigin(origin, read)).resolves.toBe(true);
      expect(read).not.toHaveBeenCalled();
    },
  );

  it('acts on exactly the saved self-hosted origin, port included', async () => {
    const read = async () => ({ version: 2, origin: 'http://localhost:8000', inPageButton: true });
    await expect(isConfiguredPostHogOrigin('http://localhost:8000', read)).resolves.toBe(true);
    await expect(isConfiguredPostHogOrigin('http://localhost:3000', read)).resolves.toBe(false);
    await expect(isConfiguredPostHogOrigin('http://localhost', read)).resolves.toBe(false);
    await expect(isConfiguredPostHogOrigin('https://localhost:8000', read)).resolves.toBe(false);
  });

  it('leaves the page alone without settings, or when they cannot be read', async () => {
    await expect(isConfiguredPostHogOrigin('http://localhost:8000', async () => undefined)).resolves.toBe(
      false,
    );
    await expect(
      isConfiguredPostHogOrigin('http://localhost:8000', async () => {
        throw new Error('storage unavailable');
      }),
    ).resolves.toBe(false);
  });
});
