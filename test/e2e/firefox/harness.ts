import { randomUUID } from 'node:crypto';
import type { Bidi } from './bidi';
import { launchFirefox, type RunningFirefox } from './launch';
import { FirefoxPage } from './page';

/** The gecko id in wxt.config.ts: the key of the `extensions.webextensions.uuids` pref. */
const GECKO_ID = 'hogmark@hogmark.dev';

type TreeAnswer = { contexts: Array<{ context: string; url: string }> };
type ChromeAnswer = { type: string; result?: { value?: unknown }; exceptionDetails?: { text?: string } };

export interface FirefoxExtensionSession {
  bidi: Bidi;
  /** `moz-extension://<uuid>`, fixed for the run by the profile pref. */
  base: string;
  /** An extension page kept open to ask the extension APIs things (tab ids, storage, permissions). */
  control: FirefoxPage;
  /** Opens a web page in a new tab (of a container made by `newContainer`, when given). */
  openTab(url: string, container?: string): Promise<{ page: FirefoxPage; tabId: number }>;
  /** A new Firefox container (BiDi's user context): its tabs have a cookie jar of their own. */
  newContainer(): Promise<string>;
  /** Opens an extension page (`options.html`, `popup.html?tabId=3`, …) in a tab. */
  openExtensionPage(path: string): Promise<FirefoxPage>;
  /** Runs an expression in the browser window's chrome scope (system access). */
  chrome<T>(expression: string): Promise<T>;
  /**
   * Runs one of Hogmark's keyboard shortcuts as Firefox registered it (the `<key>` in the browser
   * window's keyset for the extension), e.g. `('C', 'alt,shift')`. BiDi sends no keys to the chrome.
   */
  pressShortcut(key: string, modifiers: string): Promise<void>;
  /** Text on the clipboard (read in the chrome scope: extension pages may only write it). */
  readClipboard(): Promise<string>;
  /** Errors Firefox logged for Hogmark's pages, background and content script, oldest first. */
  extensionErrors(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Headless Firefox with the built extension installed temporarily (`webExtension.install`), its
 * UUID pinned, and optional permission requests granted without the prompt (the prompt is browser
 * UI; the manifest checks still apply, so an undeclared pattern is still refused).
 */
export async function launchFirefoxExtension(options: {
  firefoxPath: string;
  extensionDir: string;
  pidDir?: string;
}): Promise<FirefoxExtensionSession> {
  const uuid = randomUUID();
  const firefox = await launchFirefox({
    firefoxPath: options.firefoxPath,
    pidDir: options.pidDir,
    prefs: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: uuid }),
      'extensions.webextOptionalPermissionPrompts': false,
    },
  });
  try {
    return await prepare(firefox, options.extensionDir, `moz-extension://${uuid}`);
  } catch (error) {
    await firefox.close();
    throw error;
  }
}

async function prepare(
  firefox: RunningFirefox,
  extensionDir: string,
  base: string,
): Promise<FirefoxExtensionSession> {
  const { bidi } = firefox;
  await bidi.send('webExtension.install', { extensionData: { type: 'path', path: extensionDir } });
  const chrome = await chromeScope(firefox);

  async function openExtensionPage(path: string): Promise<FirefoxPage> {
    // Needs no privilege: BiDi may navigate a tab to the extension's own pages.
    const { context } = await bidi.send<{ context: string }>('browsingContext.create', { type: 'tab' });
    await bidi.send('browsingContext.navigate', { context, url: `${base}/${path}`, wait: 'complete' });
    return new FirefoxPage(bidi, context);
  }

  const control = await openExtensionPage('options.html');

  return {
    bidi,
    base,
    control,
    chrome,
    openExtensionPage,
    async openTab(url, container) {
      const { context } = await bidi.send<{ context: string }>('browsingContext.create', {
        type: 'tab',
        ...(container === undefined ? {} : { userContext: container }),
      });
      await bidi.send('browsingContext.navigate', { context, url, wait: 'complete' });
      const page = new FirefoxPage(bidi, context);
      const current = await page.url();
      const tabId = await control.waitFor(async (address: string) => {
        const tabs = await browser.tabs.query({});
        return tabs.find((tab) => tab.url === address)?.id ?? null;
      }, current);
      return { page, tabId };
    },
    async newContainer() {
      return (await bidi.send<{ userContext: string }>('browser.createUserContext')).userContext;
    },
    async pressShortcut(key, modifiers) {
      const found = await chrome<boolean>(`(() => {
        const keyset = document.getElementById('ext-keyset-id-' + ${JSON.stringify(GECKO_ID)}.replace(/[^a-z0-9_-]/gi, '_'));
        const element = [...(keyset?.children ?? [])].find((candidate) =>
          candidate.getAttribute('key') === ${JSON.stringify(key)} && candidate.getAttribute('modifiers') === ${JSON.stringify(modifiers)});
        element?.doCommand();
        return Boolean(element);
      })()`);
      if (!found) throw new Error(`Firefox has no shortcut ${modifiers}+${key} for Hogmark`);
    },
    readClipboard() {
      return chrome<string>(`(() => {
        const transferable = Cc['@mozilla.org/widget/transferable;1'].createInstance(Ci.nsITransferable);
        transferable.init(null);
        transferable.addDataFlavor('text/plain');
        Services.clipboard.getData(transferable, Ci.nsIClipboard.kGlobalClipboard, window.browsingContext.currentWindowContext);
        const data = {};
        try { transferable.getTransferData('text/plain', data); } catch { return ''; }
        return data.value.QueryInterface(Ci.nsISupportsString).data;
      })()`);
    },
    extensionErrors() {
      // Firefox reports no log.entryAdded for extension pages; its console service has every error.
      // Two lines are Firefox's own, not uncaught errors: when a page unloads (a tab closed, a
      // navigation) while one of its content script's API calls (runtime.sendMessage,
      // storage.local.get) is still in flight, ExtensionCommon's BaseContext.wrapPromise reports
      // "Promise resolved after context unloaded" or "Promise rejected after context unloaded: …"
      // (Cu.reportError, with the caller's line) and drops the answer. The caller never sees it, and
      // no code in the content script can catch or prevent it: the user closes tabs when they like.
      return chrome<string[]>(`Services.console.getMessageArray()
        .filter((message) => message instanceof Ci.nsIScriptError)
        .filter((error) => !(error.flags & (Ci.nsIScriptError.warningFlag | Ci.nsIScriptError.infoFlag)))
        .filter((error) => error.sourceName.startsWith(${JSON.stringify(base)}) || error.errorMessage.includes(${JSON.stringify(base)}))
        .filter((error) => !${UNLOADED_CONTEXT_REPORT}.test(error.errorMessage))
        .map((error) => error.sourceName + ':' + error.lineNumber + ' ' + error.errorMessage)`);
    },
    close: () => firefox.close(),
  };
}

type Chrome = <T>(expression: string) => Promise<T>;

/**
 * The browser window's chrome scope, by what this Firefox offers: Marionette's chrome context
 * (every Firefox the manifest accepts has it), else BiDi's `moz:scope: 'chrome'` where that reaches
 * a window with `gBrowser` (ESR 140's answers only content contexts there).
 */
async function chromeScope(firefox: RunningFirefox): Promise<Chrome> {
  const { bidi, marionette } = firefox;
  const viaMarionette: Chrome = async <T>(expression: string) => {
    const answer = await marionette.send<{ value: unknown }>('WebDriver:ExecuteScript', {
      script: `return (async () => JSON.stringify(await (${expression})))();`,
      args: [],
    });
    return JSON.parse(String(answer.value ?? 'null')) as T;
  };
  const reasons: string[] = [];
  try {
    await marionette.send('Marionette:SetContext', { value: 'chrome' });
    if ((await viaMarionette<string>('typeof gBrowser')) === 'object') return viaMarionette;
    reasons.push("Marionette's chrome context has no gBrowser");
  } catch (error) {
    reasons.push(`Marionette's chrome context: ${(error as Error).message}`);
  }
  const tree = await bidi.send<TreeAnswer>('browsingContext.getTree', { 'moz:scope': 'chrome' });
  for (const { context } of tree.contexts) {
    const viaBidi: Chrome = async <T>(expression: string) => {
      const answer = await bidi.send<ChromeAnswer>('script.evaluate', {
        expression: `(async () => JSON.stringify(await (${expression})))()`,
        target: { context },
        awaitPromise: true,
      });
      if (answer.type === 'exception') throw new Error(`chrome scope: ${answer.exceptionDetails?.text}`);
      return JSON.parse(String(answer.result?.value ?? 'null')) as T;
    };
    if ((await viaBidi<string>('typeof gBrowser').catch(() => 'undefined')) === 'object') return viaBidi;
  }
  reasons.push("BiDi's chrome scope reaches no browser window");
  throw new Error(`Firefox ${firefox.version} offers no chrome scope to the tests: ${reasons.join('; ')}.`);
}

/** Firefox's report of an API answer dropped because its page unloaded (see `extensionErrors`). */
const UNLOADED_CONTEXT_REPORT = '/^Promise (resolved|rejected) after context unloaded(\\n|: )/';

declare const browser: { tabs: { query(query: object): Promise<Array<{ id?: number; url?: string }>> } };
