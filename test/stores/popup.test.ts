import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { createMessageSender, type MessageType } from '../../lib/messages';
import { createPopupStore, postHogHomeLink, tabIdFromSearch } from '../../lib/stores/popup';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';
const REC = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
const CONFIGURED = {
  configured: true,
  origin: US,
  maskedKey: 'phx_…a1B2',
  projectId: 1,
  projectName: 'Main',
};
const RECORDING_VIEW = {
  context: { kind: 'recording', origin: US, projectId: 1, recordingId: REC },
  hints: { title: 'Checkout flow', currentSecond: 12 },
};

type Answer = unknown | AppError | (() => Promise<unknown>);

/** A background answering through the real message boundary (schemas included), logging requests. */
function fakeBackground(answers: Partial<Record<MessageType, Answer>>) {
  const sent: Array<{ type: MessageType; input: unknown }> = [];
  const send = createMessageSender(async ({ type, input }) => {
    sent.push({ type, input });
    let answer = answers[type];
    if (typeof answer === 'function') answer = await (answer as () => Promise<unknown>)();
    if (answer instanceof AppError) return { ok: false, error: answer.toJSON() };
    if (answer === undefined) throw new Error(`no answer for ${type}`);
    return { ok: true, data: answer };
  });
  return { send, sent };
}

function storeFor(answers: Partial<Record<MessageType, Answer>>, tab: { id?: number } = { id: 7 }) {
  const background = fakeBackground(answers);
  const store = createPopupStore({
    send: background.send,
    openOptions: async () => undefined,
    getTabId: async () => tab.id,
  });
  return { store, sent: background.sent };
}

describe('popup store', () => {
  it('starts loading', () => {
    const { store } = storeFor({});
    expect(store.state.value).toEqual({ phase: 'loading' });
    expect(store.busy.value).toBe(true);
  });

  it("shows the context of the popup's tab when a key is set", async () => {
    const { store, sent } = storeFor({ 'status/get': CONFIGURED, 'context/get': RECORDING_VIEW });
    await store.load();
    expect(store.state.value).toEqual({ phase: 'ready', status: CONFIGURED, ...RECORDING_VIEW });
    expect(sent).toContainEqual({ type: 'context/get', input: { tabId: 7 } });
    expect(store.busy.value).toBe(false);
  });

  it('has no context (the empty state) on a page that is not PostHog', async () => {
    const { store } = storeFor({ 'status/get': CONFIGURED, 'context/get': { context: null, hints: {} } });
    await store.load();
    expect(store.state.value).toMatchObject({ phase: 'ready', context: null, hints: {} });
  });

  it('has no context without a tab, and does not ask the background for one', async () => {
    const { store, sent } = storeFor({ 'status/get': CONFIGURED }, {});
    await store.load();
    expect(store.state.value).toMatchObject({ phase: 'ready', context: null });
    expect(sent.map((request) => request.type)).toEqual(['status/get']);
  });

  it('asks for setup when no key is set, whatever the tab shows', async () => {
    const { store } = storeFor({ 'status/get': { configured: false }, 'context/get': RECORDING_VIEW });
    await store.load();
    expect(store.state.value).toEqual({ phase: 'setup' });
  });

  it('turns a failure into one sentence, and loads again on retry', async () => {
    let fail = true;
    const { store } = storeFor({
      'status/get': CONFIGURED,
      'context/get': async () => (fail ? new AppError('bad-message') : RECORDING_VIEW),
    });
    await store.load();
    expect(store.state.value).toMatchObject({
      phase: 'error',
      error: {
        kind: 'bad-message',
        message: 'Hogmark refused a malformed request. Reload the page and try again.',
      },
    });
    fail = false;
    await store.load();
    expect(store.state.value).toMatchObject({ phase: 'ready', context: { kind: 'recording' } });
  });

  it('reports a background that cannot be reached', async () => {
    const store = createPopupStore({
      send: createMessageSender(async () => {
        throw new Error('Could not establish connection. Receiving end does not exist.');
      }),
      openOptions: async () => undefined,
      getTabId: async () => 7,
    });
    await store.load();
    expect(store.state.value).toMatchObject({ phase: 'error', error: { kind: 'unknown' } });
  });

  it('keeps the answer of the latest load when an earlier one finishes last', async () => {
    let releaseFirst: (value: unknown) => void = () => undefined;
    let calls = 0;
    const { store } = storeFor({
      'status/get': async () => {
        calls += 1;
        if (calls === 1) return new Promise((resolve) => (releaseFirst = resolve));
        return { configured: false };
      },
      'context/get': RECORDING_VIEW,
    });
    const first = store.load();
    await store.load();
    releaseFirst(CONFIGURED);
    await first;
    expect(store.state.value).toEqual({ phase: 'setup' });
  });
});

describe('tabIdFromSearch', () => {
  it.each([
    ['?tabId=12', 12],
    ['?x=1&tabId=0', 0],
    ['', undefined],
    ['?tabId=', undefined],
    ['?tabId=-1', undefined],
    ['?tabId=1.5', undefined],
    ['?tabId=12abc', undefined],
    ['?tabId=99999999999', undefined],
  ])('%j → %s', (search, expected) => {
    expect(tabIdFromSearch(search)).toBe(expected);
  });
});

describe('postHogHomeLink', () => {
  it("opens the configured project's home, or the app when no project is chosen", () => {
    expect(postHogHomeLink({ origin: US, projectId: 1 })).toBe(`${US}/project/1`);
    expect(postHogHomeLink({ origin: 'https://posthog.example.com' })).toBe('https://posthog.example.com');
    expect(postHogHomeLink({})).toBe(US);
  });
});
