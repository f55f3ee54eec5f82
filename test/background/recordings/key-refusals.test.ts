import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createKeyRefusals } from '../../../lib/background/recordings/key-refusals';

describe('origins that refused the key', () => {
  beforeEach(() => fakeBrowser.reset());

  it('remembers an origin once, per origin', async () => {
    const refusals = createKeyRefusals(fakeBrowser.storage.session);
    expect(await refusals.refuses('https://us.posthog.com')).toBe(false);
    await refusals.remember('https://us.posthog.com');
    await refusals.remember('https://us.posthog.com');
    expect(await refusals.refuses('https://us.posthog.com')).toBe(true);
    expect(await refusals.refuses('https://eu.posthog.com')).toBe(false);
    expect(await fakeBrowser.storage.session.get('playlistKeyRefusals')).toEqual({
      playlistKeyRefusals: { version: 1, origins: ['https://us.posthog.com'] },
    });
  });

  it('reads storage.session once, then answers from memory until it writes or is cleared', async () => {
    const reads: unknown[] = [];
    const session = {
      ...fakeBrowser.storage.session,
      get: (keys: string | string[]) => {
        reads.push(keys);
        return fakeBrowser.storage.session.get(keys);
      },
    };
    const refusals = createKeyRefusals(session);
    expect(await refusals.refuses('https://us.posthog.com')).toBe(false);
    expect(await refusals.refuses('https://us.posthog.com')).toBe(false);
    expect(reads).toHaveLength(1);
    await refusals.remember('https://us.posthog.com');
    expect(await refusals.refuses('https://us.posthog.com')).toBe(true);
    expect(reads).toHaveLength(1);
    await refusals.clear();
    expect(await refusals.refuses('https://us.posthog.com')).toBe(false);
    expect(reads).toHaveLength(2);
  });

  it('lives in storage.session, so a restarted service worker still knows', async () => {
    await createKeyRefusals(fakeBrowser.storage.session).remember('https://eu.posthog.com');
    const afterRestart = createKeyRefusals(fakeBrowser.storage.session);
    expect(await afterRestart.refuses('https://eu.posthog.com')).toBe(true);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('forgets everything when cleared (the settings changed)', async () => {
    const refusals = createKeyRefusals(fakeBrowser.storage.session);
    await refusals.remember('https://us.posthog.com');
    await refusals.clear();
    expect(await refusals.refuses('https://us.posthog.com')).toBe(false);
  });

  it('reads a damaged value as nothing remembered', async () => {
    await fakeBrowser.storage.session.set({ playlistKeyRefusals: { version: 1, origins: 'all' } });
    expect(await createKeyRefusals(fakeBrowser.storage.session).refuses('all')).toBe(false);
  });

  it('keeps the 20 most recent origins', async () => {
    const refusals = createKeyRefusals(fakeBrowser.storage.session);
    for (let i = 0; i < 25; i++) await refusals.remember(`https://posthog-${i}.example.com`);
    expect(await refusals.refuses('https://posthog-24.example.com')).toBe(true);
    expect(await refusals.refuses('https://posthog-4.example.com')).toBe(false);
  });
});
