import {
  type ExtensionIdentity,
  isExtensionPageSender,
  type MessageSenderLike,
} from '../../messaging/extension-sender';
import type { MessageInput } from '../../messaging/messages';
import { VIEW_PORT_PREFIX, viewPortTabId } from '../../messaging/view-port';
import type { TabView } from './tab-context';

/** The part of `runtime.Port` used here (structural, so tests pass a recording fake). */
export interface PortLike {
  name: string;
  sender?: MessageSenderLike;
  postMessage(message: unknown): void;
  disconnect(): void;
  onDisconnect: { addListener(listener: () => void): void };
}

export interface ViewWatchersDeps extends ExtensionIdentity {
  /** The tab-context service's `current`: the view after the tab's pending events. */
  current: (tabId: number) => Promise<TabView>;
  onError?: (error: unknown) => void;
}

/**
 * Popups that watch their tab: each opens a port named for its tab once it has painted, hears the
 * tab's view at once (whatever changed since its `popup/open` answer) and then on every change. A
 * late title, the player's second or an in-app navigation reaches an open popup, and the
 * background sends nothing while no popup is open. Only this extension's own pages may watch.
 */
export function createViewWatchers(deps: ViewWatchersDeps) {
  const watchers = new Map<number, Set<PortLike>>();

  function post(port: PortLike, tabId: number, view: TabView): void {
    const message: { type: 'context/changed'; input: MessageInput<'context/changed'> } = {
      type: 'context/changed',
      input: { tabId, context: view.context, hints: view.hints },
    };
    try {
      port.postMessage(message);
    } catch (error) {
      // The popup closed in between; its disconnect listener forgets it.
      deps.onError?.(error);
    }
  }

  return {
    /** `runtime.onConnect`: other ports (none today) are left to their own listeners. */
    onConnect(port: PortLike): void {
      if (!port.name.startsWith(VIEW_PORT_PREFIX)) return;
      const tabId = viewPortTabId(port.name);
      if (tabId === null || !port.sender || !isExtensionPageSender(port.sender, deps)) {
        port.disconnect();
        return;
      }
      const ports = watchers.get(tabId) ?? new Set<PortLike>();
      watchers.set(tabId, ports);
      ports.add(port);
      port.onDisconnect.addListener(() => {
        ports.delete(port);
        if (ports.size === 0 && watchers.get(tabId) === ports) watchers.delete(tabId);
      });
      deps.current(tabId).then(
        (view) => {
          if (ports.has(port)) post(port, tabId, view);
        },
        (error: unknown) => deps.onError?.(error),
      );
    },

    /** The tab-context service's `onViewChange`: the tab's watchers hear the new view. */
    notify(tabId: number, view: TabView): void {
      for (const port of watchers.get(tabId) ?? []) post(port, tabId, view);
    },

    /** Call from `tabs.onRemoved`. */
    forgetTab(tabId: number): void {
      watchers.delete(tabId);
    },
  };
}
export type ViewWatchers = ReturnType<typeof createViewWatchers>;
