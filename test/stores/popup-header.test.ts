import { computed, effect } from '@preact/signals';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PopupOpen, RecordingFace, Status } from '../../lib/messaging/messages';
import { recordingFromSearch } from '../../lib/messaging/picker-recording';
import { AppError } from '../../lib/platform/errors';
import type { PageContext } from '../../lib/posthog/context';
import { createCollectionPickerStore } from '../../lib/stores/collection-picker';
import { pickerScopeOf } from '../../lib/stores/collection-picker-model';
import { createPopupStore } from '../../lib/stores/popup';
import { createPopupHeader, type PopupHeader, popupHeadingOf } from '../../lib/stores/popup-header';
import { createRecordingFaces } from '../../lib/stores/recording-face';
import { type Answer, fakeBackground } from '../support/fake-background';
import { flush } from '../support/flush';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';
const REC = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
const OTHER = '0191dd9d-ffff-7aaa-8bbb-000000000002';
const STATUS: Status = {
  configured: true,
  origin: US,
  maskedKey: 'phx_…a1B2',
  projectId: 1,
  projectName: 'Main',
};
const FACE: RecordingFace = {
  person: 'ana@acme.com',
  startTime: '2025-03-01T10:00:00.000Z',
  durationSeconds: 312,
  startUrl: 'https://shop.example.com/checkout',
};
const ready = (context: PageContext | null) =>
  ({ phase: 'ready', status: STATUS, context, hints: context ? { title: 'Checkout' } : {} }) as const;
const dashboard: PageContext = { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 3 };
const recordingPage: PageContext = { kind: 'recording', origin: US, projectId: 1, recordingId: OTHER };
/** The recording as the header names it: in the connected PostHog, with no hints of a tab. */
const picked = (recordingId: string, projectId: number | null = 1) => ({
  kind: 'recording',
  context: { kind: 'recording', origin: US, projectId, recordingId },
  hints: {},
});

describe('popupHeadingOf', () => {
  it.each([
    {
      where: 'the picker window (its own tab is no PostHog page)',
      context: null,
      picking: { origin: US, recordingId: REC, projectId: 2 },
      inWindow: true,
      heading: picked(REC, 2),
    },
    {
      where: 'the picker window, whatever its tab says',
      context: dashboard,
      picking: { origin: US, recordingId: REC, projectId: 1 },
      inWindow: true,
      heading: picked(REC),
    },
    {
      where: "the toolbar popup a link's menu opened over another site",
      context: null,
      picking: { origin: US, recordingId: REC, projectId: 1 },
      inWindow: false,
      heading: picked(REC),
    },
    {
      where: 'the toolbar popup over a PostHog page, with a pick',
      context: dashboard,
      picking: { origin: US, recordingId: REC, projectId: 1 },
      inWindow: false,
      heading: { kind: 'page', context: dashboard, hints: { title: 'Checkout' } },
    },
    {
      where: 'the toolbar popup over a recording',
      context: recordingPage,
      picking: { origin: US, recordingId: OTHER },
      inWindow: false,
      heading: { kind: 'page', context: recordingPage, hints: { title: 'Checkout' } },
    },
    {
      where: 'the toolbar popup over another site, nothing picked',
      context: null,
      picking: null,
      inWindow: false,
      heading: { kind: 'empty' },
    },
  ])('$where', ({ context, picking, inWindow, heading }) => {
    expect(popupHeadingOf(ready(context), picking, inWindow)).toEqual(heading);
  });
});

/**
 * The popup's stores as the picker window wires them (entrypoints/popup/main.tsx), over a background
 * answering `popup/open` for the window's own tab (no PostHog page) and `recordings/face` as told.
 */
function pickerWindow(
  face: Answer<'recordings/face'>,
  { search = `?recording=${REC}&project=1&from=7`, pick = null as PopupOpen['session']['pick'] } = {},
) {
  const opened: PopupOpen = {
    status: STATUS,
    context: null,
    hints: {},
    session: { pick, lastAction: null },
    playlists: null,
  };
  const background = fakeBackground({
    'popup/open': opened,
    'playlists/list': { projectId: 1, fetchedAt: 1, playlists: [], recent: [], membership: null },
    'recordings/face': face,
  });
  const recording = recordingFromSearch(search);
  const painted: Array<() => void> = [];
  const store = createPopupStore({
    send: background.send,
    getTabId: () => 12,
    recording,
    openOptions: async () => undefined,
    onOpen: (answer) => playlists.open(answer),
  });
  const playlists = createCollectionPickerStore({
    send: background.send,
    scope: computed(() => pickerScopeOf(store.state.value, search)),
  });
  const faces = createRecordingFaces({ send: background.send, afterPaint: (task) => painted.push(task) });
  const header = createPopupHeader({
    state: store.state,
    picking: playlists.target,
    inWindow: recording !== null,
    faces,
  });
  const shown: Array<PopupHeader | null> = [];
  const stop = effect(() => {
    shown.push(header.value);
  });
  /** The first frame is on screen: the face is read from PostHog now. */
  const paint = async () => {
    await flush();
    for (const task of painted.splice(0)) task();
    await flush();
  };
  return { store, header, shown, paint, background, stop };
}

const faceOf = (header: PopupHeader | null) => (header && header.kind !== 'empty' ? header.face : undefined);

describe("the picker window's header", () => {
  it('names its recording from the first paint, loading its face, never the empty state', async () => {
    const window = pickerWindow(({ source }) => ({ face: source === 'server' ? FACE : null }));
    await window.store.load();
    expect(window.header.value).toEqual({ ...picked(REC), face: { phase: 'loading' } });
    await window.paint();
    expect(window.header.value).toEqual({ ...picked(REC), face: { phase: 'ready', face: FACE } });
    // Before it was ready, nothing; from then on, the recording: not one frame of the empty state.
    expect(window.shown[0]).toBeNull();
    expect(window.shown.slice(1).map((shown) => shown?.kind)).toEqual(
      window.shown.slice(1).map(() => 'recording'),
    );
    expect(
      window.background.sent
        .filter((message) => message.type === 'recordings/face')
        .map(({ input }) => [input.projectId, input.recordingId, input.source]),
    ).toEqual([
      [1, REC, 'cache'],
      [1, REC, 'server'],
    ]);
    window.stop();
  });

  it('shows the face at once when the background already knows it', async () => {
    const window = pickerWindow({ face: FACE });
    await window.store.load();
    await flush();
    expect(faceOf(window.header.value)).toEqual({ phase: 'ready', face: FACE });
    expect(window.shown.map((shown) => shown?.kind ?? null)).not.toContain('empty');
    window.stop();
  });

  it.each([
    {
      failure: 'the recording is gone',
      answer: new AppError('not-found', { status: 404 }),
      kind: 'not-found',
    },
    { failure: 'PostHog is unreachable', answer: new AppError('network'), kind: 'network' },
  ])('keeps the id and says why when $failure', async ({ answer, kind }) => {
    const window = pickerWindow(({ source }) => (source === 'server' ? answer : { face: null }));
    await window.store.load();
    await window.paint();
    const header = window.header.value;
    expect(header).toMatchObject({ ...picked(REC), face: { phase: 'unavailable', error: { kind } } });
    expect(window.shown.map((shown) => shown?.kind ?? null)).not.toContain('empty');
    window.stop();
  });

  it("heads the toolbar popup a link's menu opened over another site with the picked recording", async () => {
    const popup = pickerWindow(({ source }) => ({ face: source === 'server' ? FACE : null }), {
      search: '',
      pick: { projectId: 1, recordingId: REC },
    });
    await popup.store.load();
    expect(popup.header.value).toEqual({ ...picked(REC), face: { phase: 'loading' } });
    await popup.paint();
    expect(faceOf(popup.header.value)).toEqual({ phase: 'ready', face: FACE });
    expect(popup.shown.map((shown) => shown?.kind ?? null)).not.toContain('empty');
    popup.stop();
  });

  it('a popup with no recording of its own and nothing picked still shows the empty state', async () => {
    const window = pickerWindow({ face: null }, { search: '' });
    await window.store.load();
    expect(window.header.value).toEqual({ kind: 'empty' });
    window.stop();
  });
});
