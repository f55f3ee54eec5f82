import { describe, expect, it, vi } from 'vitest';
import type { SentWakeAdd } from '../../lib/background/session/wake-adoption';
import { ADD_TO_LAST_PLAYLIST, COPY_LINK_COMMAND } from '../../lib/background/toolbar/shortcuts';
import { STORED, TRUSTED_COPY } from '../../lib/messaging/first-view/stored-names';
import { parseRequest } from '../../lib/messaging/messages';
import { isAddFromPage } from '../../lib/wake/from-page';
import { type CoreListeners, createWakeWorker } from '../../lib/wake/wake-worker';
import { deferred } from '../support/deferred';
import { EXTENSION_ID, EXTENSION_ORIGIN } from '../support/extension-id';

const US = 'https://us.posthog.com';
const SELF = 'https://posthog.example.com';
const RECORDING = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
const ANA = '01900000-0000-7000-8000-000000000a1a';
const TAB = 7;

/** storage.session as it is after an add through tab 7 on `origin` (test/background/session/wake-add.test.ts has each part). */
function session(origin: string): Record<string, unknown> {
  const scope = `${origin}|1`;
  const items = {
    movedFromLocal: 1,
    [STORED.settings.key]: { version: 2, origin, projectId: 1, inPageButton: true },
    [STORED.keyCheck.key]: { version: 1, check: { origin, user: { uuid: ANA } } },
    [STORED.collectionPrefs.key]: { version: 1, scopes: { [scope]: { lastUsed: 'onboard1', recent: [] } } },
    [STORED.collectionCache.key]: {
      version: 1,
      scope,
      playlists: [{ shortId: 'onboard1', name: 'Onboarding', pinned: false, kind: 'collection' }],
    },
  };
  return {
    [TRUSTED_COPY.key]: { version: 1, snapshot: { key: { saved: true, masked: 'phx_…', origin }, items } },
    [STORED.keyRefusals.key]: { version: 1, origins: [origin] },
    [STORED.tabUsers.key]: { version: 1, users: { [String(TAB)]: { uuid: ANA } } },
  };
}

function setup(options: { granted?: boolean } = {}) {
  const events: string[] = [];
  let loaded = false;
  const read = deferred<Record<string, unknown>>();
  const commands: Array<[string, unknown, SentWakeAdd | undefined]> = [];
  const messages: Array<[unknown, SentWakeAdd | undefined]> = [];
  const listeners = {
    command: vi.fn(async (command: string, tab: unknown, sent?: SentWakeAdd) => {
      events.push('core command');
      commands.push([command, tab, sent]);
    }),
    message: vi.fn(async (message: unknown, _sender: unknown, sent?: SentWakeAdd) => {
      events.push('core message');
      messages.push([message, sent]);
      return { ok: true, data: message };
    }),
  } as unknown as CoreListeners;
  const browser = {
    storage: {
      session: {
        get: vi.fn((keys: string[]) => {
          events.push(`read ${keys.join(',')}`);
          return read.promise;
        }),
      },
    },
    permissions: {
      contains: vi.fn(async () => {
        events.push('permission asked');
        return options.granted ?? true;
      }),
    },
    tabs: {
      sendMessage: vi.fn((tabId: number, message: unknown) => {
        events.push(`sent to tab ${tabId}`);
        return Promise.resolve({ ok: true, data: { accepted: true }, message });
      }),
    },
  };
  const wake = createWakeWorker({
    browser,
    core: () => {
      if (!loaded) events.push('core loaded');
      loaded = true;
      return listeners;
    },
    loaded: () => loaded,
    accessPattern: (asked) => `${asked}/*`,
    extension: { extensionId: EXTENSION_ID, extensionOrigin: EXTENSION_ORIGIN },
  });
  return {
    wake,
    browser,
    events,
    commands,
    messages,
    read,
    load: () => {
      loaded = true;
    },
  };
}

const recordingTab = (origin = US) => ({ id: TAB, url: `${origin}/project/1/replay/${RECORDING}` });

describe('the worker’s wake script', () => {
  it('sends the add of a just-woken shortcut to the tab first, then loads the background and hands it over', async () => {
    const { wake, browser, events, commands, read } = setup();
    const done = wake.command(ADD_TO_LAST_PLAYLIST, recordingTab());
    read.resolve(session(US));
    await done;
    expect(events).toEqual([
      `read ${TRUSTED_COPY.key},${STORED.keyRefusals.key},${STORED.tabUsers.key}`,
      `sent to tab ${TAB}`,
      'core loaded',
      'core command',
    ]);
    // PostHog Cloud is in the manifest: no permission to ask.
    expect(browser.permissions.contains).not.toHaveBeenCalled();
    const [[command, tab, sent]] = commands as [[string, unknown, SentWakeAdd]];
    expect([command, tab]).toEqual([ADD_TO_LAST_PLAYLIST, recordingTab()]);
    expect(sent.add).toMatchObject({
      tabId: TAB,
      origin: US,
      shortId: 'onboard1',
      recordingId: RECORDING,
      asUser: ANA,
    });
    const [[tabId, message, options]] = browser.tabs.sendMessage.mock.calls as unknown as [
      [number, unknown, unknown],
    ];
    expect([tabId, options]).toEqual([TAB, { frameId: 0 }]);
    expect(parseRequest(message)).toMatchObject({
      type: 'session/request',
      input: { requestId: sent.add.requestId, method: 'POST', path: sent.add.route.path },
    });
    await expect(sent.delivered).resolves.toMatchObject({ ok: true });
  });

  it('asks for a self-hosted PostHog’s permission beside the read, and sends nothing without it', async () => {
    const granted = setup();
    const first = granted.wake.command(ADD_TO_LAST_PLAYLIST, recordingTab(SELF));
    granted.read.resolve(session(SELF));
    await first;
    expect(granted.events.slice(0, 3)).toEqual([
      `read ${TRUSTED_COPY.key},${STORED.keyRefusals.key},${STORED.tabUsers.key}`,
      'permission asked',
      `sent to tab ${TAB}`,
    ]);
    const refused = setup({ granted: false });
    const second = refused.wake.command(ADD_TO_LAST_PLAYLIST, recordingTab(SELF));
    refused.read.resolve(session(SELF));
    await second;
    expect(refused.browser.tabs.sendMessage).not.toHaveBeenCalled();
    expect(refused.commands).toEqual([[ADD_TO_LAST_PLAYLIST, recordingTab(SELF), undefined]]);
  });

  it('leaves everything to the background once it is loaded, or for any other command', async () => {
    const other = setup();
    await other.wake.command(COPY_LINK_COMMAND, recordingTab());
    expect(other.browser.storage.session.get).not.toHaveBeenCalled();
    expect(other.commands).toEqual([[COPY_LINK_COMMAND, recordingTab(), undefined]]);

    const running = setup();
    running.load();
    await running.wake.command(ADD_TO_LAST_PLAYLIST, recordingTab());
    expect(running.browser.storage.session.get).not.toHaveBeenCalled();
    expect(running.commands).toEqual([[ADD_TO_LAST_PLAYLIST, recordingTab(), undefined]]);
  });

  it('sends first only once: a second key or click before the background loads is the background’s', async () => {
    const { wake, browser, commands, read } = setup();
    const first = wake.command(ADD_TO_LAST_PLAYLIST, recordingTab());
    const second = wake.command(ADD_TO_LAST_PLAYLIST, recordingTab());
    read.resolve(session(US));
    await Promise.all([first, second]);
    expect(browser.storage.session.get).toHaveBeenCalledTimes(1);
    expect(browser.tabs.sendMessage).toHaveBeenCalledTimes(1);
    // In order: the first with its add, then the second, for the background to join to it.
    expect(commands.map(([, , sent]) => sent !== undefined)).toEqual([true, false]);
  });

  it('sends nothing when the background loaded while it read (another event came first)', async () => {
    const { wake, browser, commands, read, load } = setup();
    const done = wake.command(ADD_TO_LAST_PLAYLIST, recordingTab());
    load();
    read.resolve(session(US));
    await done;
    expect(browser.tabs.sendMessage).not.toHaveBeenCalled();
    expect(commands).toEqual([[ADD_TO_LAST_PLAYLIST, recordingTab(), undefined]]);
  });

  it('sends nothing where the background might do otherwise, and hands the command over all the same', async () => {
    const { wake, browser, commands, read } = setup();
    const done = wake.command(ADD_TO_LAST_PLAYLIST, { id: TAB, url: `${US}/project/1/replay/home` });
    read.resolve(session(US));
    await done;
    expect(browser.tabs.sendMessage).not.toHaveBeenCalled();
    expect(commands).toHaveLength(1);

    const failing = setup();
    const failed = failing.wake.command(ADD_TO_LAST_PLAYLIST, recordingTab());
    failing.read.reject(new Error('storage.session is gone'));
    await failed;
    expect(failing.commands).toEqual([[ADD_TO_LAST_PLAYLIST, recordingTab(), undefined]]);
  });

  it('answers a message with what the background answers, through sendResponse', async () => {
    const { wake, events } = setup();
    const answered = deferred<unknown>();
    expect(wake.message({ type: 'popup/open' }, { id: 'hogmark' }, answered.resolve)).toBe(true);
    await expect(answered.promise).resolves.toEqual({ ok: true, data: { type: 'popup/open' } });
    expect(events).toEqual(['core loaded', 'core message']);
  });

  /** The in-page button's message, as Hogmark's content script in the recording's tab sends it. */
  const button = { type: 'recording/add-from-page', input: {} };
  const contentScript = (origin = US, more: Record<string, unknown> = {}) => ({
    id: EXTENSION_ID,
    url: `${origin}/project/1/replay/${RECORDING}`,
    frameId: 0,
    tab: recordingTab(origin),
    ...more,
  });

  it('sends the in-page button’s add first too, from Hogmark’s content script in the recording’s tab', async () => {
    const { wake, browser, events, messages, read } = setup();
    const answered = deferred<unknown>();
    wake.message(button, contentScript(), answered.resolve);
    read.resolve(session(US));
    await answered.promise;
    expect(events.slice(1)).toEqual([`sent to tab ${TAB}`, 'core loaded', 'core message']);
    expect(browser.tabs.sendMessage).toHaveBeenCalledTimes(1);
    const [[message, sent]] = messages as [[unknown, SentWakeAdd]];
    expect(message).toBe(button);
    expect(sent.add).toMatchObject({ tabId: TAB, shortId: 'onboard1', recordingId: RECORDING });
  });

  const refused: Array<[string, unknown, Record<string, unknown>]> = [
    ['another extension', button, contentScript(US, { id: 'another-extension' })],
    ['a frame inside the page', button, contentScript(US, { frameId: 3 })],
    [
      'a page of another origin in the tab',
      button,
      contentScript(US, { url: `https://evil.example/${RECORDING}` }),
    ],
    [
      'a message with more than the protocol takes',
      { ...button, input: { recordingId: RECORDING, second: 3 } },
      contentScript(),
    ],
    ['another message', { type: 'recording/undo-from-page', input: {} }, contentScript()],
  ];
  it.each(refused)('leaves %s to the background', async (_case, message, sender) => {
    const { wake, browser, messages, read } = setup();
    const answered = deferred<unknown>();
    wake.message(message, sender, answered.resolve);
    read.resolve(session(US));
    await answered.promise;
    expect(browser.tabs.sendMessage).not.toHaveBeenCalled();
    expect(messages).toEqual([[message, undefined]]);
  });
});

describe('the in-page button’s message, as the wake script reads it', () => {
  const cases: unknown[] = [
    { type: 'recording/add-from-page' },
    { type: 'recording/add-from-page', input: {} },
    { type: 'recording/add-from-page', input: { recordingId: RECORDING } },
    { type: 'recording/add-from-page', input: { recordingId: 'x'.repeat(201) } },
    { type: 'recording/add-from-page', input: { recordingId: 5 } },
    { type: 'recording/add-from-page', input: { other: 1 } },
    { type: 'recording/add-from-page', input: [] },
    { type: 'recording/add-from-page', input: 'x' },
    { type: 'recording/add-from-page', input: null },
    { type: 'recording/undo-from-page', input: {} },
    null,
    [],
  ];
  it.each(cases)('is taken exactly where the protocol takes it: %j', (message) => {
    let parsed = false;
    try {
      parsed = parseRequest(message).type === 'recording/add-from-page';
    } catch {
      parsed = false;
    }
    expect(isAddFromPage(message)).toBe(parsed);
  });
});
