import { PLAYER_SELECTOR } from './player-time';

/**
 * "Add to playlist" beside PostHog's player. It sends the same message as the keyboard command
 * (`recording/add-from-page`): the background picks the recording from the tab's URL and the
 * playlist from the user's last choice; the page never sees the key. Styles live in a shadow root
 * so neither PostHog's CSS nor ours leaks into the other.
 */

export interface InPageButtonDeps {
  document: Document;
  /** `browser.i18n.getMessage`. */
  message: (key: string) => string;
  add: () => Promise<unknown>;
  undo: () => Promise<unknown>;
  /** The `inPageButton` setting, for the connected origin only. */
  enabled: () => Promise<boolean>;
  /** Called whenever the setting may have changed. */
  onSettingsChange: (listener: () => void) => void;
  signal: AbortSignal;
}

const STYLE = `
:host{all:initial;display:block;margin:4px 0;font:500 13px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif;
--fg:#151515;--muted:#5b5b57;--bg:#fff;--border:#d0d1c9;--accent:#c03e06;--accent-fg:#fff;--focus:#1d4aff}
:host([data-dark]){--fg:#eeefe9;--muted:#b1b3ab;--bg:#1d1f27;--border:#454955;--accent:#f7a501;--accent-fg:#151515;--focus:#8aa4ff}
div{display:flex;align-items:center;gap:8px;flex-wrap:wrap;color:var(--fg)}
button{font:inherit;cursor:pointer;border-radius:6px;padding:3px 10px;border:1px solid var(--border);background:var(--bg);color:var(--fg)}
button.add{background:var(--accent);border-color:var(--accent);color:var(--accent-fg)}
button:disabled{opacity:.6;cursor:progress}
button:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
span{color:var(--muted)}
`;

/**
 * Whether the button belongs on this page: on unless turned off in the options, and only on the
 * PostHog Hogmark is connected to (`settings` as stored; app.posthog.com is stored as us.posthog.com).
 */
export function isInPageButtonEnabled(stored: unknown, pageOrigin: string): boolean {
  const settings = (stored ?? {}) as { origin?: unknown; projectId?: unknown; inPageButton?: unknown };
  const origin = pageOrigin === 'https://app.posthog.com' ? 'https://us.posthog.com' : pageOrigin;
  return (
    settings.inPageButton !== false && settings.origin === origin && typeof settings.projectId === 'number'
  );
}

/** The page's own dark theme (PostHog sets `theme="dark"` on body), else the system's. */
function prefersDark(doc: Document, scheme: MediaQueryList | undefined): boolean {
  const theme = doc.body?.getAttribute('theme') ?? doc.documentElement.getAttribute('theme');
  if (theme === 'dark' || doc.documentElement.classList.contains('dark')) return true;
  if (theme === 'light') return false;
  return scheme?.matches === true;
}

/** `{ok, data}` / `{ok:false, error}` as the background answers, read without zod. */
function readAnswer(answer: unknown): { ok: boolean; message: string; undoable: boolean } {
  const value = (answer ?? {}) as {
    ok?: unknown;
    data?: Record<string, unknown>;
    error?: Record<string, unknown>;
  };
  const source = value.ok === true ? value.data : value.error;
  const message = typeof source?.message === 'string' ? source.message : '';
  return { ok: value.ok === true, message, undoable: value.ok === true && source?.undoable === true };
}

export function mountInPageButton(deps: InPageButtonDeps): void {
  const doc = deps.document;
  const host = doc.createElement('div');
  host.dataset.hogmark = 'in-page-button';
  const root = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = STYLE;
  const bar = doc.createElement('div');
  const add = doc.createElement('button');
  add.type = 'button';
  add.className = 'add';
  add.textContent = deps.message('inPageAdd');
  add.title = deps.message('inPageAddTitle');
  const undo = doc.createElement('button');
  undo.type = 'button';
  undo.textContent = deps.message('inPageUndo');
  undo.hidden = true;
  const status = doc.createElement('span');
  status.setAttribute('role', 'status');
  bar.append(add, status, undo);
  root.append(style, bar);

  async function run(button: HTMLButtonElement, busyKey: string, action: () => Promise<unknown>) {
    // One request per click: the button stays disabled until the answer is in.
    if (button.disabled) return;
    const label = button.textContent;
    button.disabled = true;
    button.textContent = deps.message(busyKey);
    undo.hidden = true;
    try {
      const answer = readAnswer(await action());
      status.textContent = answer.message;
      undo.hidden = !answer.undoable;
    } catch {
      status.textContent = deps.message('inPageUnavailable');
    } finally {
      button.disabled = false;
      button.textContent = label;
    }
  }
  add.addEventListener('click', () => void run(add, 'inPageAdding', deps.add));
  undo.addEventListener('click', () => void run(undo, 'inPageUndoing', deps.undo));

  // The system's scheme changes without any DOM mutation for the observer below to see.
  const scheme = doc.defaultView?.matchMedia?.('(prefers-color-scheme: dark)');
  let enabled = false;
  let scheduled = false;
  function place(): void {
    scheduled = false;
    const player = enabled ? doc.querySelector(PLAYER_SELECTOR) : null;
    if (!player?.parentElement) {
      if (host.isConnected) host.remove();
      status.textContent = '';
      undo.hidden = true;
      return;
    }
    host.toggleAttribute('data-dark', prefersDark(doc, scheme));
    if (host.nextElementSibling !== player) player.before(host);
  }
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(place, 200);
  };
  const refresh = () =>
    void deps.enabled().then(
      (value) => {
        enabled = value;
        schedule();
      },
      () => undefined,
    );

  const observer = new MutationObserver(schedule);
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  scheme?.addEventListener('change', schedule);
  deps.onSettingsChange(refresh);
  deps.signal.addEventListener('abort', () => {
    observer.disconnect();
    scheme?.removeEventListener('change', schedule);
    host.remove();
  });
  refresh();
}
