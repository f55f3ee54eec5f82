import { describe, expect, it } from 'vitest';
import {
  createPendingTriggers,
  PENDING_ALARM,
  pendingAlarm,
} from '../../../lib/background/pending/pending-triggers';

const CLOUD = 'https://us.posthog.com';

function setup() {
  const calls: string[] = [];
  const triggers = createPendingTriggers({
    pending: {
      tryDue: async (options) => void calls.push(options?.all ? 'all' : 'due'),
      pageLoaded: async (origin) => void calls.push(`page ${origin}`),
    },
    appOrigins: async () => [CLOUD, 'https://posthog.example.com'],
  });
  return { triggers, calls };
}

describe('what makes waiting changes be tried', () => {
  it('tries what is due on its own alarm only, and everything reachable when back online', async () => {
    const { triggers, calls } = setup();
    await triggers.onAlarm({ name: 'someone-else' });
    expect(calls).toEqual([]);
    await triggers.onAlarm({ name: PENDING_ALARM });
    expect(calls).toEqual(['due']);
    await triggers.onOnline();
    expect(calls).toEqual(['due', 'all']);
  });

  it('tries an origin’s changes when one of its PostHog pages loads, not its sign-in pages or other sites', async () => {
    const { triggers, calls } = setup();
    for (const url of [
      `${CLOUD}/project/1/replay/home`,
      `${CLOUD}/login?next=/project/1`,
      `${CLOUD}/signup`,
      // Only the sign-in pages themselves: a page deeper down or of another name is the app.
      `${CLOUD}/project/1/login`,
      `${CLOUD}/logins`,
      'https://example.com/project/1',
      'not a url',
      undefined,
      'https://posthog.example.com/',
    ]) {
      await triggers.onPageComplete(url);
    }
    expect(calls).toEqual([
      `page ${CLOUD}`,
      `page ${CLOUD}`,
      `page ${CLOUD}`,
      'page https://posthog.example.com',
    ]);
  });

  it('keeps one alarm at the next try, never sooner than a second away, and clears it when none waits', () => {
    const seen: unknown[] = [];
    const schedule = pendingAlarm(
      {
        create: (name, info) => seen.push(['create', name, info.when]),
        clear: (name) => seen.push(['clear', name]),
      },
      () => 10_000,
    );
    schedule(40_000);
    schedule(10_200);
    schedule(null);
    expect(seen).toEqual([
      ['create', PENDING_ALARM, 40_000],
      ['create', PENDING_ALARM, 11_000],
      ['clear', PENDING_ALARM],
    ]);
  });
});
