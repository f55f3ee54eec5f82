import { beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../lib/messaging/messages';
import type { DashboardContext, RecordingContext } from '../../lib/posthog/context';
import { createCopyStore } from '../../lib/stores/share-copy';
import { createSharePanels } from '../../lib/stores/share-panels';
import { parseTypedTime, recordingShareLinks } from '../../lib/stores/share-recording';
import { dashboardSummary } from '../support/dashboard-summary';
import { fakeBackground } from '../support/fake-background';
import { fakeClipboard } from '../support/fake-clipboard';
import { flush } from '../support/flush';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';
const REC = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
const RECORDING: RecordingContext = { kind: 'recording', origin: US, projectId: 1, recordingId: REC, t: 40 };

describe('recording links', () => {
  it.each([
    [
      'the player’s second',
      { currentSecond: 75, title: 'Checkout flow' },
      `?t=75`,
      '[Checkout flow at 01:15]',
    ],
    ['the URL’s second', { title: 'Checkout flow' }, `?t=40`, '[Checkout flow at 00:40]'],
  ])('start at %s', (_label, hints, query, label) => {
    const links = recordingShareLinks(RECORDING, hints);
    expect(links.url).toBe(`${US}/project/1/replay/${REC}${query}`);
    expect(links.markdown).toBe(`${label}(${US}/project/1/replay/${REC}${query})`);
  });

  it('start at the beginning without any second, named “Recording” without a title', () => {
    const links = recordingShareLinks({ ...RECORDING, t: undefined }, {});
    expect(links).toEqual({
      second: undefined,
      timeUnknown: false,
      url: `${US}/project/1/replay/${REC}`,
      markdown: `[Recording](${US}/project/1/replay/${REC})`,
    });
  });

  it('never start at a stale ?t= once the player shows no readable position, unless a time was typed', () => {
    const unknown = recordingShareLinks(RECORDING, { currentSecond: null });
    expect(unknown).toMatchObject({
      second: undefined,
      timeUnknown: true,
      url: `${US}/project/1/replay/${REC}`,
    });
    const typed = recordingShareLinks(RECORDING, { currentSecond: null }, 90);
    expect(typed).toMatchObject({ second: 90, timeUnknown: true, url: `${US}/project/1/replay/${REC}?t=90` });
    // A second the player showed replaces the URL's t even when it is 0.
    expect(recordingShareLinks(RECORDING, { currentSecond: 0 }).url).toBe(
      `${US}/project/1/replay/${REC}?t=0`,
    );
  });

  it.each([
    ['90', 90],
    ['1:30', 90],
    ['01:30', 90],
    [' 1:02:03 ', 3723],
    ['0', 0],
  ])('read the typed start time %j as %i seconds', (text, seconds) => {
    expect(parseTypedTime(text)).toBe(seconds);
  });

  it.each([[''], ['1:3'], ['1:60'], ['1:60:00'], ['abc'], ['-5'], ['1.5'], ['999999999']])(
    'refuse the typed start time %j',
    (text) => {
      expect(parseTypedTime(text)).toBeUndefined();
    },
  );

  it('escape a title that would break the Markdown', () => {
    const links = recordingShareLinks(RECORDING, { title: 'Pay [beta]', currentSecond: 5 });
    expect(links.markdown.startsWith('[Pay \\[beta\\] at 00:05](')).toBe(true);
  });
});

describe('the copy toast', () => {
  it('confirms, then goes away on its own; a newer toast is not cut short by an older timer', async () => {
    const timers: Array<() => void> = [];
    const clipboard = fakeClipboard();
    const copy = createCopyStore({ writeText: clipboard.writeText, setTimeout: (run) => timers.push(run) });
    await copy.copy('a', 'Copied A');
    await copy.copy('b', 'Copied B');
    timers[0]?.();
    expect(copy.toast.value?.text).toBe('Copied B');
    timers[1]?.();
    expect(copy.toast.value).toBeNull();
  });

  it('keeps a toast with a way forward until dismissed', () => {
    const timers: Array<() => void> = [];
    const copy = createCopyStore({ writeText: async () => undefined, setTimeout: (run) => timers.push(run) });
    copy.show({ kind: 'error', text: 'Sharing is off', action: { label: 'Open sharing settings', url: US } });
    expect(timers).toHaveLength(0);
    copy.dismiss();
    expect(copy.toast.value).toBeNull();
  });
});

describe('the popup panels', () => {
  const status: Status = { configured: true, origin: US, projectId: 1 };
  const dashboard: DashboardContext = { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 2 };

  function setup() {
    const background = fakeBackground({
      'dashboards/get': { dashboard: dashboardSummary(2) },
      'dashboards/share-link': { enabled: false, settingsUrl: `${US}/project/1/dashboard/2/sharing` },
    });
    const clipboard = fakeClipboard();
    const panels = createSharePanels({
      send: background.send,
      writeText: clipboard.writeText,
      openDashboards: async () => undefined,
    });
    return { background, clipboard, panels };
  }

  it('makes one dashboard store per page, so re-rendering sends nothing twice', async () => {
    const { background, panels } = setup();
    const first = panels.dashboardFor(dashboard, status, {});
    expect(panels.dashboardFor(dashboard, status, { title: 'New title' })).toBe(first);
    await flush();
    expect(background.count('dashboards/share-link')).toBe(1);
    expect(panels.dashboardFor({ ...dashboard, dashboardId: 3 }, status, {})).not.toBe(first);
  });

  it('copies the recording link at the second, and says which second', async () => {
    const { clipboard, panels } = setup();
    const panel = panels.recordingFor(RECORDING, { currentSecond: 32 });
    await panel.copyLink();
    expect(clipboard.written).toEqual([`${US}/project/1/replay/${REC}?t=32`]);
    expect(panels.copy.toast.value?.text).toBe('Copied the recording link at 00:32');
    await panel.copyMarkdown();
    expect(panels.copy.toast.value?.text).toBe('Copied the recording link at 00:32 as Markdown');
  });

  it('copies the time the user typed when the position is unknown, for that recording only', async () => {
    const { clipboard, panels } = setup();
    panels.recordingFor(RECORDING, { currentSecond: null }).setTypedTime('1:3');
    const invalid = panels.recordingFor(RECORDING, { currentSecond: null });
    expect(invalid).toMatchObject({ typedTime: '1:3', typedTimeInvalid: true });
    invalid.setTypedTime('01:30');
    const panel = panels.recordingFor(RECORDING, { currentSecond: null });
    expect(panel.typedTimeInvalid).toBe(false);
    await panel.copyLink();
    expect(clipboard.written).toEqual([`${US}/project/1/replay/${REC}?t=90`]);
    const other = panels.recordingFor({ ...RECORDING, recordingId: 'other' }, { currentSecond: null });
    expect(other).toMatchObject({ typedTime: '', links: { second: undefined } });
  });
});
