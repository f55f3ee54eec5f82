import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DashboardSummary } from '../../lib/messaging/messages';
import { AppError } from '../../lib/platform/errors';
import { createPinner, PIN_WAIT_NOTICE_MS, pinFailureText } from '../../lib/stores/dashboard-pin';
import { dashboardSummary } from '../support/dashboard-summary';
import { deferred } from '../support/deferred';
import { type Answer, type AnswerData, fakeBackground } from '../support/fake-background';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

function setup(pinAnswer: Answer<'dashboards/pin'>) {
  const background = fakeBackground({ 'dashboards/pin': pinAnswer });
  const rows = new Map<number, DashboardSummary>([
    [1, dashboardSummary(1)],
    [2, dashboardSummary(2, { canEdit: false })],
  ]);
  const history: boolean[] = [];
  const pinner = createPinner({
    send: background.send,
    apply: (id, change) => {
      const next = change(rows.get(id) as DashboardSummary);
      rows.set(id, next);
      history.push(next.pinned);
    },
  });
  return { background, rows, history, pinner };
}

describe('the pin toggle', () => {
  it('shows the new state at once, then what PostHog answered', async () => {
    const answer = deferred<AnswerData<'dashboards/pin'>>();
    const { background, rows, pinner } = setup(() => answer.promise);
    const done = pinner.toggle(1, rows.get(1) as DashboardSummary);
    expect(rows.get(1)?.pinned).toBe(true);
    expect(pinner.isPinning(1)).toBe(true);
    answer.resolve({ dashboard: dashboardSummary(1, { pinned: true, name: 'Renamed meanwhile' }) });
    await expect(done).resolves.toBe(true);
    expect(rows.get(1)).toMatchObject({ pinned: true, name: 'Renamed meanwhile' });
    expect(pinner.isPinning(1)).toBe(false);
    expect(background.sent).toEqual([
      { type: 'dashboards/pin', input: { projectId: 1, dashboardId: 1, pinned: true } },
    ]);
  });

  it('sends nothing for a second click while the first is in flight', async () => {
    const answer = deferred<AnswerData<'dashboards/pin'>>();
    const { background, rows, pinner } = setup(() => answer.promise);
    const first = pinner.toggle(1, rows.get(1) as DashboardSummary);
    // The second click sees the optimistic state: it would unpin, but must send nothing.
    await expect(pinner.toggle(1, rows.get(1) as DashboardSummary)).resolves.toBe(false);
    answer.resolve({ dashboard: dashboardSummary(1, { pinned: true }) });
    await first;
    expect(background.count('dashboards/pin')).toBe(1);
    expect(rows.get(1)?.pinned).toBe(true);
  });

  it('puts the old state back with the reason when PostHog refuses', async () => {
    const { rows, history, pinner } = setup(new AppError('forbidden', { status: 403 }));
    await expect(pinner.toggle(1, rows.get(1) as DashboardSummary)).resolves.toBe(false);
    expect(history).toEqual([true, false]);
    expect(pinner.failure.value).toMatchObject({
      dashboardId: 1,
      error: {
        kind: 'forbidden',
        message: 'PostHog says you are not allowed to do this. Ask a project admin for access.',
      },
    });
    expect(pinner.isPinning(1)).toBe(false);
  });

  it('rolls back an unpin too, and clears the old failure on the next try', async () => {
    const { background, rows, pinner } = setup(new AppError('network'));
    rows.set(1, dashboardSummary(1, { pinned: true }));
    await pinner.toggle(1, rows.get(1) as DashboardSummary);
    expect(rows.get(1)?.pinned).toBe(true);
    background.answers['dashboards/pin'] = { dashboard: dashboardSummary(1, { pinned: false }) };
    const retry = pinner.toggle(1, rows.get(1) as DashboardSummary);
    expect(pinner.failure.value).toBeNull();
    await retry;
    expect(rows.get(1)?.pinned).toBe(false);
  });

  it('sends nothing for a dashboard the user may only view', async () => {
    const { background, rows, pinner } = setup({ dashboard: dashboardSummary(2) });
    await expect(pinner.toggle(1, rows.get(2) as DashboardSummary)).resolves.toBe(false);
    expect(background.sent).toEqual([]);
  });

  it('after an outcome nobody could read, shows neither state and says so, never "Not changed."', async () => {
    const { background, rows, pinner } = setup(new AppError('outcome-unknown'));
    await pinner.toggle(1, rows.get(1) as DashboardSummary);
    expect(pinner.unknown.value.has(1)).toBe(true);
    const failure = pinner.failure.value?.error;
    expect(failure?.kind).toBe('outcome-unknown');
    expect(pinFailureText(failure as NonNullable<typeof failure>)).not.toMatch(/^Not changed/);
    // Check again reads the dashboard from PostHog and shows what it says.
    background.answers['dashboards/get'] = { dashboard: dashboardSummary(1, { pinned: true }) };
    await pinner.checkAgain();
    expect(background.sent.at(-1)).toEqual({
      type: 'dashboards/get',
      input: { projectId: 1, dashboardId: 1, source: 'server' },
    });
    expect(rows.get(1)?.pinned).toBe(true);
    expect(pinner.unknown.value.has(1)).toBe(false);
    expect(pinner.failure.value).toBeNull();
  });

  it('says "Not changed." when PostHog is known not to have changed it', () => {
    expect(pinFailureText(new AppError('forbidden').toJSON())).toMatch(/^Not changed\. /);
  });
});

describe('a pin PostHog is slow to answer', () => {
  afterEach(() => vi.useRealTimers());

  it('says it is still waiting after a few seconds, and Cancel asks the background to stop', async () => {
    vi.useFakeTimers();
    const answer = deferred<AnswerData<'dashboards/pin'>>();
    const { background, rows, pinner } = setup(() => answer.promise);
    background.answers['dashboards/cancel-pin'] = { cancelled: true };
    const done = pinner.toggle(1, rows.get(1) as DashboardSummary);
    await vi.advanceTimersByTimeAsync(PIN_WAIT_NOTICE_MS - 1);
    expect(pinner.waiting.value).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(pinner.waiting.value).toBe(1);
    await pinner.cancel(1, 1);
    expect(pinner.waiting.value).toBeNull();
    expect(background.sent.at(-1)).toEqual({
      type: 'dashboards/cancel-pin',
      input: { projectId: 1, dashboardId: 1 },
    });
    answer.reject(new AppError('cancelled'));
    await done;
    expect(rows.get(1)?.pinned).toBe(false);
    expect(pinner.failure.value?.error.kind).toBe('cancelled');
  });

  it('after Cancel, never says "Not changed." (the PATCH may still land), and Check again shows the truth', async () => {
    const { background, rows, pinner } = setup(new AppError('cancelled'));
    await pinner.toggle(1, rows.get(1) as DashboardSummary);
    const failure = pinner.failure.value;
    expect(failure && pinFailureText(failure.error)).toBe(
      'Stopped waiting. PostHog had not made the change when Hogmark checked; check again in a moment to be sure.',
    );
    // The abandoned PATCH landed after the read: Check again asks PostHog and shows it pinned.
    background.answers['dashboards/get'] = { dashboard: dashboardSummary(1, { pinned: true }) };
    await pinner.checkAgain();
    expect(background.sent.at(-1)).toEqual({
      type: 'dashboards/get',
      input: { projectId: 1, dashboardId: 1, source: 'server' },
    });
    expect(rows.get(1)?.pinned).toBe(true);
    expect(pinner.failure.value).toBeNull();
  });
});
