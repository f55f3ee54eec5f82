import {
  planWakeAdd,
  WAKE_SESSION_KEYS,
  type WakeTab,
  wakeRequestMessage,
} from '../background/session/wake-add';
import type { SentWakeAdd } from '../background/session/wake-adoption';
import { ADD_TO_LAST_PLAYLIST } from '../background/toolbar/shortcuts';
import type { MessageSenderLike } from '../messaging/sender';
import { accessGrantedByManifest } from '../posthog/origins';
import { isAddFromPage, isContentScriptOn } from './from-page';

/**
 * The background's listener bodies, one per browser event (`on` of lib/background/index.ts, which
 * entrypoints/background-core.ts hands over), as the wake script calls them.
 */
export interface CoreListeners {
  message(message: unknown, sender: MessageSenderLike, sent?: SentWakeAdd): Promise<unknown>;
  connect(port: never): void;
  installed(): Promise<void>;
  accessChanged(): void;
  alarm(alarm: { name: string }): void;
  online(): void;
  command(command: string, tab?: WakeTab, sent?: SentWakeAdd): Promise<void>;
  menuClicked(info: never, tab: never): Promise<void>;
  tabUpdated(
    tabId: number,
    change: { url?: string; status?: string; title?: string },
    tab: { url?: string },
  ): void;
  tabRemoved(tabId: number): void;
  tabActivated(activated: { tabId: number }): void;
}

/** Who sent a message, as the browser says: the sender's tab, its URL and window kind. */
type MessageSender = MessageSenderLike & { tab?: WakeTab };

/** The parts of the browser the wake script uses itself (`chrome` in Chromium; no polyfill). */
export interface WakeBrowser {
  storage: { session: { get(keys: string[]): Promise<Record<string, unknown>> } };
  permissions: { contains(permissions: { origins: string[] }): Promise<boolean> };
  tabs: { sendMessage(tabId: number, message: unknown, options: { frameId: number }): Promise<unknown> };
}

export interface WakeWorkerDeps {
  browser: WakeBrowser;
  /**
   * The rest of the background: loads it where it is not yet (a service worker imports its script
   * then, synchronously) and composes it once; the same listeners on every later call.
   */
  core: () => CoreListeners;
  /** Whether `core` has run already: a worker that has loaded the background sends nothing itself. */
  loaded: () => boolean;
  /** The host permission pattern Hogmark asks for an origin (host-patterns.ts, this build's dialect). */
  accessPattern: (origin: string) => string;
  /** `runtime.id` and `runtime.getURL('/')`: who a message's sender must be. */
  extension: { extensionId: string; extensionOrigin: string };
  newRequestId?: () => string;
  /** Told each add the wake script sends (test builds mark it). */
  onSent?: () => void;
}

/**
 * The service worker's wake script: every listener is registered here, at once, and hands its event
 * to the rest of the background, which it loads on the first event. The add shortcut alone may do
 * something first: on a worker just woken for it, when `storage.session` says exactly what the
 * background would send (wake-add.ts), the add goes to the PostHog tab at once, and the background
 * loads while PostHog answers; it then decides the add itself and takes that answer only for the very
 * same request (session/wake-adoption.ts).
 */
export function createWakeWorker(deps: WakeWorkerDeps) {
  const newRequestId = deps.newRequestId ?? (() => crypto.randomUUID());
  /**
   * The one try at sending first, by the add that woke the worker: a second key or click meanwhile
   * waits for it, then goes to the background, which takes them in order (and joins the two).
   */
  let attempt: Promise<SentWakeAdd | undefined> | undefined;
  function addFirst(tab: WakeTab, accept?: (origin: string) => boolean): Promise<SentWakeAdd | undefined> {
    if (attempt) return attempt.then(() => undefined);
    attempt = sendFirst(tab, accept).catch(() => undefined);
    return attempt;
  }

  /**
   * The add for `tab`, sent, or undefined when the background is to decide on its own (`accept`:
   * whether the one who asked may ask for it there).
   */
  async function sendFirst(
    tab: WakeTab,
    accept: (origin: string) => boolean = () => true,
  ): Promise<SentWakeAdd | undefined> {
    const origin = tab.url && URL.canParse(tab.url) ? new URL(tab.url).origin : null;
    if (!origin) return undefined;
    const [stored, granted] = await Promise.all([
      deps.browser.storage.session.get([...WAKE_SESSION_KEYS]),
      accessGrantedByManifest(origin) ||
        deps.browser.permissions.contains({ origins: [deps.accessPattern(origin)] }),
    ]);
    const plan = planWakeAdd(tab, stored, (asked) => asked === origin && granted);
    // Loaded meanwhile (another event came): the background sends it, as on any running worker.
    if (!plan || !accept(plan.origin) || deps.loaded()) return undefined;
    const add = { ...plan, requestId: newRequestId() };
    const delivered = deps.browser.tabs.sendMessage(add.tabId, wakeRequestMessage(add), { frameId: 0 });
    // The background, adopting it in the same task, waits for this and says what came of it.
    delivered.catch(() => undefined);
    deps.onSent?.();
    return { add, delivered };
  }

  return {
    /** `commands.onCommand`. Resolves once the background has handled the command. */
    async command(command: string, tab?: WakeTab): Promise<void> {
      let sent: SentWakeAdd | undefined;
      if (command === ADD_TO_LAST_PLAYLIST && tab && !deps.loaded()) sent = await addFirst(tab);
      // `core()` and the adoption run in one task: no reply from the tab can be handled before it.
      await deps.core().command(command, tab, sent);
    },
    /**
     * `runtime.onMessage`, chrome-style: the background's answer through `sendResponse` (every
     * message it takes is answered, refusals included). The in-page button's add, on a worker not
     * yet loaded, may be sent first as the shortcut's is: only from Hogmark's content script in the
     * top frame of the recording's own tab.
     */
    message(message: unknown, sender: MessageSender, respond: (answer: unknown) => void): true {
      const tab = sender.tab;
      const first =
        !deps.loaded() && isAddFromPage(message) && tab?.id !== undefined
          ? addFirst(tab, (origin) => isContentScriptOn(sender, origin, deps.extension))
          : undefined;
      const answer = first
        ? first.then((sent) => deps.core().message(message, sender, sent))
        : deps.core().message(message, sender);
      void answer.then(respond, () => respond(undefined));
      return true;
    },
  };
}
export type WakeWorker = ReturnType<typeof createWakeWorker>;

/** The rest of the background, beside this script in the build (entrypoints/background-core.ts). */
export const CORE_SCRIPT = '/background-core.js';

/** The worker's global: the rest of the background puts its maker here once loaded. */
export type WakeGlobal = typeof globalThis & {
  hogmarkCore?: { create(): CoreListeners };
  importScripts?: (...urls: string[]) => void;
  addEventListener?: (type: string, listener: () => void) => void;
};

/** The performance mark a test build makes for each add the wake script sends. */
export const WAKE_ADD_MARK = 'hogmark:wake-add-sent';
/** The performance mark a test build makes for each command the worker receives (the benchmark reads it). */
export const COMMAND_MARK = 'hogmark:command';
/** The performance mark a test build makes once the background has handled a command (the benchmark reads it). */
export const COMMAND_DONE_MARK = 'hogmark:command-done';
