import { BUTTON_NAME_CHARS, shortCollectionName } from '../posthog/collection-names';
import { findButtonSlot, urlNamesRecording } from './button-slot';
import { CROSS_ICON, FIT_STYLE, fitInBar, labelledButton, PLUS_ICON, UNDO_ICON } from './fit-in-bar';

/**
 * "Add to Checkout bugs" beside PostHog's own "Add to collection", in the player's meta bar, naming the
 * project's last-used collection ("Add to collection…" before one was used). It sends the same message
 * as the keyboard command (`recording/add-from-page`): the background picks the recording from the
 * tab's URL and the playlist from the user's last choice; the page never sees the key. Styles live in a shadow root
 * so neither PostHog's CSS nor ours leaks into the other. How it fits a narrow bar: fit-in-bar.ts.
 */

export interface InPageButtonDeps {
  document: Document;
  /** The page's address now (PostHog navigates in-app with pushState). */
  href: () => string;
  /** `browser.i18n.getMessage`. */
  message: (key: string, ...substitutions: string[]) => string;
  /** The last-used collection's name for the page's project (`lastUsedNameFor`); null when none. */
  destination: () => Promise<string | null>;
  add: () => Promise<unknown>;
  undo: () => Promise<unknown>;
  /** Stops waiting for this tab's add or undo (`recording/cancel-from-page`). */
  cancel: () => Promise<unknown>;
  /** The `inPageButton` setting, for the connected origin only. */
  enabled: () => Promise<boolean>;
  /** Called whenever the setting may have changed. */
  onSettingsChange: (listener: () => void) => void;
  signal: AbortSignal;
  /** Whether an event came from the user (default `event.isTrusted`); injectable for unit tests. */
  isTrusted?: (event: Event) => boolean;
}

const STYLE = `
:host{all:initial;display:inline-flex;align-items:center;flex:none;margin-left:4px;font:500 12px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif}
div{--fg:#151515;--muted:#5b5b57;--bg:#fff;--border:#d0d1c9;--accent:#c03e06;--accent-fg:#fff;--focus:#1d4aff;
display:flex;align-items:center;gap:6px;white-space:nowrap;color:var(--fg)}
div.dark{--fg:#eeefe9;--muted:#b1b3ab;--bg:#1d1f27;--border:#454955;--accent:#f7a501;--accent-fg:#151515;--focus:#8aa4ff}
button{display:inline-flex;align-items:center;font:inherit;cursor:pointer;border-radius:6px;padding:1px 8px;min-height:24px;border:1px solid var(--border);background:var(--bg);color:var(--fg)}
button.add{background:var(--accent);border-color:var(--accent);color:var(--accent-fg)}
button[hidden]{display:none}
button:disabled{opacity:.6;cursor:progress}
button:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
.status{color:var(--muted);max-width:24em;overflow:hidden;text-overflow:ellipsis}
${FIT_STYLE}`;

/** An add or undo still unanswered after this long says so and offers Cancel (as the popup does). */
export const WAIT_NOTICE_MS = 3000;

/**
 * Whether the button belongs on this page: on unless turned off in the options, and only on the
 * PostHog Hogmark is connected to (`pageSettings`, the background's mirror in storage.local;
 * app.posthog.com is stored as us.posthog.com).
 */
export function isInPageButtonEnabled(stored: unknown, pageOrigin: string): boolean {
  const settings = (stored ?? {}) as { origin?: unknown; connected?: unknown; inPageButton?: unknown };
  const origin = pageOrigin === 'https://app.posthog.com' ? 'https://us.posthog.com' : pageOrigin;
  return settings.inPageButton !== false && settings.origin === origin && settings.connected === true;
}

/**
 * The name of the last-used collection of the project `href` is in (its `/project/<id>/`, else the
 * connected one), from the background's mirror; null when none was used there yet. Text only.
 */
export function lastUsedNameFor(stored: unknown, href: string): string | null {
  const settings = (stored ?? {}) as { projectId?: unknown; lastUsed?: unknown };
  const project = /^\/project\/(\d+)(?:\/|$)/.exec(new URL(href).pathname)?.[1] ?? settings.projectId;
  const names = settings.lastUsed;
  if (project === undefined || typeof names !== 'object' || names === null) return null;
  const name = (names as Record<string, unknown>)[String(project)];
  return typeof name === 'string' && name.trim() !== '' ? name.slice(0, 200) : null;
}

/** The page's own dark theme (PostHog sets `theme="dark"` on body), else the system's. */
function prefersDark(doc: Document, scheme: MediaQueryList | undefined): boolean {
  const theme = doc.body?.getAttribute('theme') ?? doc.documentElement.getAttribute('theme');
  if (theme === 'dark' || doc.documentElement.classList.contains('dark')) return true;
  if (theme === 'light') return false;
  return scheme?.matches === true;
}

/** `{ok, data}` / `{ok:false, error}` as the background answers, read without zod. */
function readAnswer(answer: unknown): { ok: boolean; message: string; detail: string; undoable: boolean } {
  const value = (answer ?? {}) as {
    ok?: unknown;
    data?: Record<string, unknown>;
    error?: Record<string, unknown>;
  };
  const source = value.ok === true ? value.data : value.error;
  const text = (key: string) => (typeof source?.[key] === 'string' ? (source[key] as string) : '');
  const undoable = value.ok === true && source?.undoable === true;
  return { ok: value.ok === true, message: text('message'), detail: text('detail'), undoable };
}

export function mountInPageButton(deps: InPageButtonDeps): void {
  const doc = deps.document;
  // A bare element: nothing on PostHog's page names Hogmark. The shadow root is closed, so page
  // scripts cannot reach the buttons (and only the user's own clicks count, below).
  const host = doc.createElement('div');
  const root = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = STYLE;
  const bar = doc.createElement('div');
  const { button: add, label: addLabel } = labelledButton(
    doc,
    'add',
    deps.message('inPageAddChoose'),
    PLUS_ICON,
  );
  const { button: undo, label: undoLabel } = labelledButton(doc, '', deps.message('inPageUndo'), UNDO_ICON);
  const { button: cancel } = labelledButton(doc, '', deps.message('stopWaiting'), CROSS_ICON);
  undo.hidden = true;
  cancel.hidden = true;
  const status = doc.createElement('span');
  status.className = 'status';
  status.setAttribute('role', 'status');
  bar.append(add, status, cancel, undo);
  root.append(style, bar);
  const parts = {
    host,
    root,
    bar,
    status,
    add,
    addTitle: deps.message('inPageAddTitleChoose'),
    next: [cancel, undo],
  };
  const fitBar = () => fitInBar(parts);
  /** What the add button says while it is not busy: where it adds. */
  let addText = addLabel.textContent ?? '';
  function nameDestination(name: string | null): void {
    addText = name
      ? deps.message('inPageAddTo', shortCollectionName(name, BUTTON_NAME_CHARS))
      : deps.message('inPageAddChoose');
    parts.addTitle = name ? deps.message('inPageAddTitle', name) : deps.message('inPageAddTitleChoose');
    if (!add.disabled) addLabel.textContent = addText;
    fitBar();
  }
  /** Whether the focus was on Cancel when it was used (it goes back to a button after). */
  let cancelHadFocus = false;
  // A disabled or hidden button loses the focus to the page's body: only then is it taken back.
  const focusIsFree = () => {
    const active = doc.activeElement;
    return active === null || active === host || active === doc.body;
  };

  async function run(button: HTMLButtonElement, busyKey: string, action: () => Promise<unknown>) {
    // One request per click: the button stays disabled until the answer is in.
    if (button.disabled) return;
    const label = button === add ? addLabel : undoLabel;
    const text = label.textContent;
    const hadFocus = root.activeElement === button;
    button.disabled = true;
    label.textContent = deps.message(busyKey);
    undo.hidden = true;
    fitBar();
    // No answer yet: say so and offer to stop waiting (the background then reads back what PostHog did).
    const slow = setTimeout(() => {
      status.textContent = deps.message('stillWaiting');
      cancel.hidden = false;
      fitBar();
      // The disabled button cannot keep the keyboard's focus: Cancel takes it.
      if (hadFocus && focusIsFree()) cancel.focus();
    }, WAIT_NOTICE_MS);
    try {
      const answer = readAnswer(await action());
      status.textContent = answer.message;
      status.title = answer.detail;
      undo.hidden = !answer.undoable;
    } catch {
      status.textContent = deps.message('inPageUnavailable');
    } finally {
      clearTimeout(slow);
      const refocus = hadFocus || cancelHadFocus;
      cancelHadFocus = false;
      cancel.hidden = true;
      button.disabled = false;
      // The add names where it adds now (an add may have changed the last-used collection meanwhile).
      label.textContent = button === add ? addText : text;
      fitBar();
      if (refocus && focusIsFree()) (undo.hidden ? add : undo).focus();
    }
  }
  // A script can still dispatch events at the host or call `host.click()`: such events are not
  // trusted, and adding a recording on someone else's behalf is exactly what must not happen.
  const isTrusted = deps.isTrusted ?? ((event: Event) => event.isTrusted);
  const onClick = (act: () => void) => (event: Event) => {
    if (isTrusted(event)) act();
  };
  add.addEventListener(
    'click',
    onClick(() => void run(add, 'inPageAdding', deps.add)),
  );
  undo.addEventListener(
    'click',
    onClick(() => void run(undo, 'inPageUndoing', deps.undo)),
  );
  // The add's or undo's own answer then says what PostHog did; until it comes, the status still waits.
  cancel.addEventListener(
    'click',
    onClick(() => {
      cancelHadFocus = root.activeElement === cancel;
      cancel.hidden = true;
      fitBar();
      deps.cancel().catch(() => undefined);
    }),
  );

  // The system's scheme changes without any DOM mutation for the checks below to see.
  const scheme = doc.defaultView?.matchMedia?.('(prefers-color-scheme: dark)');
  let enabled = false;
  let watchedMeta: Element | null = null;
  // Only PostHog's meta bar is observed, never the whole page: while a recording plays, the
  // timestamp and seekbar change every second, and none of that is watched.
  const metaObserver = new MutationObserver(() => place(true));
  // The bar's width (a narrower window, the inspector opening) decides how much of the button fits.
  const View = doc.defaultView as (Window & { ResizeObserver?: typeof ResizeObserver }) | null;
  const resizeObserver = View?.ResizeObserver ? new View.ResizeObserver(fitBar) : undefined;

  function hide(): void {
    if (host.isConnected) host.remove();
    status.textContent = '';
    status.title = '';
    undo.hidden = true;
  }

  /** `refit`: the bar's content changed, so what fits in it may have too. */
  function place(refit = false): void {
    const slot = enabled && urlNamesRecording(deps.href()) ? findButtonSlot(doc) : null;
    const meta = slot?.closest('.PlayerMeta') ?? null;
    if (meta !== watchedMeta) {
      metaObserver.disconnect();
      resizeObserver?.disconnect();
      if (meta) metaObserver.observe(meta, { childList: true, subtree: true });
      if (meta) resizeObserver?.observe(meta);
      watchedMeta = meta;
    }
    if (!slot) {
      hide();
      return;
    }
    bar.classList.toggle('dark', prefersDark(doc, scheme));
    // Moving the host would itself be a mutation of the bar: only move it when it is out of place.
    if (slot.nextElementSibling !== host) {
      slot.after(host);
      fitBar();
    } else if (refit) {
      fitBar();
    }
  }

  let named = '';
  const refresh = () => {
    named = deps.href();
    void Promise.all([deps.enabled(), deps.destination()]).then(
      ([value, name]) => {
        enabled = value;
        nameDestination(name);
        place();
      },
      () => undefined,
    );
  };

  // The player comes and goes with PostHog's scenes, re-renders replace the bar, the theme flips:
  // one cheap look a second while the tab is visible (two selector queries), plus a look at once
  // on in-app navigation, notices those without watching the page.
  const view = doc.defaultView;
  const look = () => {
    if (doc.visibilityState !== 'visible') return;
    // Another project's page (in-app navigation) has its own last-used collection.
    if (deps.href() !== named) refresh();
    else place();
  };
  const timer = setInterval(look, 1000);
  for (const type of ['popstate', 'hashchange']) view?.addEventListener(type, look);
  scheme?.addEventListener('change', look);
  deps.onSettingsChange(refresh);
  deps.signal.addEventListener('abort', () => {
    clearInterval(timer);
    metaObserver.disconnect();
    resizeObserver?.disconnect();
    for (const type of ['popstate', 'hashchange']) view?.removeEventListener(type, look);
    scheme?.removeEventListener('change', look);
    host.remove();
  });
  refresh();
}
