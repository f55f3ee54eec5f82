import { describe, expect, it } from 'vitest';
import type { TabView } from '../../../lib/background/tabs/tab-context';
import { createViewWatchers, type PortLike } from '../../../lib/background/tabs/view-watchers';
import { protocol } from '../../../lib/messaging/messages';
import { EXTENSION_ID, EXTENSION_ORIGIN } from '../../support/extension-id';
import { flush } from '../../support/flush';

const POPUP = {
  id: EXTENSION_ID,
  url: `${EXTENSION_ORIGIN}popup.html?tabId=5`,
  origin: `chrome-extension://${EXTENSION_ID}`,
};
const DASHBOARD: TabView = {
  context: { kind: 'dashboard', origin: 'https://us.posthog.com', projectId: 1, dashboardId: 2 },
  hints: {},
};

function fakePort(name: string, sender: PortLike['sender'] = POPUP) {
  const posted: unknown[] = [];
  const onDisconnect: Array<() => void> = [];
  let disconnected = false;
  const port: PortLike = {
    name,
    sender,
    postMessage: (message) => posted.push(message),
    disconnect: () => {
      disconnected = true;
    },
    onDisconnect: { addListener: (listener) => onDisconnect.push(listener) },
  };
  return {
    port,
    posted,
    closedByUs: () => disconnected,
    close: () => {
      for (const listener of onDisconnect) listener();
    },
  };
}

function setup(view: TabView = DASHBOARD) {
  const asked: number[] = [];
  const watchers = createViewWatchers({
    extensionId: EXTENSION_ID,
    extensionOrigin: EXTENSION_ORIGIN,
    current: async (tabId) => {
      asked.push(tabId);
      return view;
    },
  });
  return { watchers, asked };
}

describe('popups watching their tab', () => {
  it('sends the tab’s view on connecting, then each change of that tab only, in the protocol’s shape', async () => {
    const { watchers, asked } = setup();
    const five = fakePort('hogmark-view:5');
    watchers.onConnect(five.port);
    await flush();
    expect(asked).toEqual([5]);
    const first = { type: 'context/changed', input: { tabId: 5, ...DASHBOARD } };
    expect(five.posted).toEqual([first]);
    expect(protocol['context/changed'].input.safeParse(first.input).success).toBe(true);

    const named = { ...DASHBOARD, hints: { title: 'Product KPIs' } };
    watchers.notify(5, named);
    watchers.notify(6, DASHBOARD);
    expect(five.posted).toEqual([first, { type: 'context/changed', input: { tabId: 5, ...named } }]);
  });

  it('forgets a popup that closed, and a closed tab', async () => {
    const { watchers } = setup();
    const popup = fakePort('hogmark-view:5');
    watchers.onConnect(popup.port);
    await flush();
    popup.close();
    watchers.notify(5, DASHBOARD);
    expect(popup.posted).toHaveLength(1);

    const again = fakePort('hogmark-view:5');
    watchers.onConnect(again.port);
    await flush();
    watchers.forgetTab(5);
    watchers.notify(5, DASHBOARD);
    expect(again.posted).toHaveLength(1);
  });

  it.each<[string, string, PortLike['sender']]>([
    [
      'a content script',
      'hogmark-view:5',
      { id: EXTENSION_ID, url: 'https://us.posthog.com/project/1', tab: { id: 5 } },
    ],
    [
      'another extension',
      'hogmark-view:5',
      { id: 'x'.repeat(32), url: 'chrome-extension://xxxx/popup.html' },
    ],
    ['a sender without an id', 'hogmark-view:5', { url: `${EXTENSION_ORIGIN}popup.html` }],
    ['a bad tab id', 'hogmark-view:five', POPUP],
  ])('refuses %s', async (_name, portName, sender) => {
    const { watchers, asked } = setup();
    const port = fakePort(portName, sender);
    watchers.onConnect(port.port);
    await flush();
    watchers.notify(5, DASHBOARD);
    expect(port.closedByUs()).toBe(true);
    expect(port.posted).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('leaves other ports alone', () => {
    const { watchers } = setup();
    const other = fakePort('something-else');
    watchers.onConnect(other.port);
    expect(other.closedByUs()).toBe(false);
  });
});
