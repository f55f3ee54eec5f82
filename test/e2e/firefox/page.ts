import type { Bidi } from './bidi';

/**
 * What to find in a page: elements matching `css`, whose trimmed text is `text` (or contains
 * `hasText`), inside the first match of `within`. Like a user looking for a labelled button.
 */
export interface Target {
  css: string;
  text?: string;
  hasText?: string;
  within?: Target;
}

/** Runs in the page: the first element for a target, or null (an open shadow root counts as inside). */
function locate(target: Target): Element | null {
  const outer = target.within ? locate(target.within) : null;
  if (target.within && !outer) return null;
  const scope: ParentNode = outer ? (outer.shadowRoot ?? outer) : document;
  return (
    [...scope.querySelectorAll(target.css)].find((element) => {
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (target.text !== undefined && text !== target.text) return false;
      return target.hasText === undefined || text.includes(target.hasText);
    }) ?? null
  );
}

const POLL_MS = 100;
const WAIT_MS = 10_000;

/** One tab (browsing context) of the Firefox under test, driven over WebDriver BiDi. */
export class FirefoxPage {
  constructor(
    private readonly bidi: Bidi,
    readonly context: string,
  ) {}

  /**
   * Calls `fn(...args)` in the page and returns its (awaited) result. Arguments and result travel
   * as JSON, so `fn` must be self-contained.
   */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<R> {
    return this.call<R>(
      `async (json) => JSON.stringify((await (${fn.toString()})(...JSON.parse(json))) ?? null)`,
      args,
    );
  }

  /** Polls `fn` in the page until it returns something truthy (the page may be loading meanwhile). */
  async waitFor<A extends unknown[], R>(
    fn: (...args: A) => R | Promise<R>,
    ...args: A
  ): Promise<NonNullable<R>> {
    const deadline = Date.now() + WAIT_MS;
    let last: unknown;
    while (Date.now() < deadline) {
      try {
        const value = await this.evaluate(fn, ...args);
        if (value) return value as NonNullable<R>;
      } catch (error) {
        last = error;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new Error(
      `Timed out waiting for ${fn.toString().slice(0, 160)}${last ? ` (${String(last)})` : ''}`,
    );
  }

  /**
   * Calls `fn(find, ...args)` in the page, where `find` is `locate`. Its source is written into the
   * call itself: a `new Function` in the page would be an eval, which an extension page's CSP
   * refuses to BiDi's calls on some Firefoxes (ESR 140).
   */
  private evaluateFinding<A extends unknown[], R>(
    fn: (find: (target: Target) => Element | null, ...args: A) => R,
    ...args: A
  ): Promise<R> {
    return this.call<R>(
      `async (json) => JSON.stringify((await (${fn.toString()})(${locate.toString()}, ...JSON.parse(json))) ?? null)`,
      args,
    );
  }

  private async call<R>(functionDeclaration: string, args: unknown[]): Promise<R> {
    const answer = await this.bidi.send<EvaluateAnswer>('script.callFunction', {
      functionDeclaration,
      arguments: [{ type: 'string', value: JSON.stringify(args) }],
      target: { context: this.context },
      awaitPromise: true,
    });
    if (answer.type === 'exception') {
      throw new Error(`In the page: ${answer.exceptionDetails?.text ?? 'exception'}`);
    }
    return JSON.parse(String(answer.result?.value)) as R;
  }

  /** The trimmed text of the first element for `target`, or null when there is none. */
  text(target: Target): Promise<string | null> {
    return this.evaluateFinding(
      (find, wanted: Target) => find(wanted)?.textContent?.replace(/\s+/g, ' ').trim() ?? null,
      target,
    );
  }

  /** Waits until an element for `target` exists, and returns its text. */
  async waitForTarget(target: Target): Promise<string> {
    const deadline = Date.now() + WAIT_MS;
    while (Date.now() < deadline) {
      const text = await this.text(target).catch(() => null);
      if (text !== null) return text;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    // What the page showed instead, so a failure says what a user would have seen.
    const seen = await this.evaluate(
      (css: string) =>
        [...document.querySelectorAll(css)]
          .slice(0, 5)
          .map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80)),
      target.css,
    ).catch(() => []);
    throw new Error(
      `Timed out waiting for ${JSON.stringify(target)}; ${target.css} showed ${JSON.stringify(seen)}`,
    );
  }

  /** Types a value into a field the way the `input` event reports it (Preact listens to that). */
  async fill(target: Target, value: string): Promise<void> {
    await this.waitForTarget(target);
    await this.evaluateFinding(
      (find, wanted: Target, text: string) => {
        const field = find(wanted) as HTMLInputElement;
        field.focus();
        field.value = text;
        field.dispatchEvent(new Event('input', { bubbles: true }));
      },
      target,
      value,
    );
  }

  /** Chooses an option of a `<select>` as a user would: its value changes and `change` fires. */
  async select(target: Target, value: string): Promise<void> {
    await this.waitForTarget(target);
    await this.evaluateFinding(
      (find, wanted: Target, chosen: string) => {
        const field = find(wanted) as HTMLSelectElement;
        if (![...field.options].some((option) => option.value === chosen)) {
          throw new Error(`No option ${chosen} in ${field.outerHTML.slice(0, 120)}`);
        }
        field.focus();
        field.value = chosen;
        field.dispatchEvent(new Event('input', { bubbles: true }));
        field.dispatchEvent(new Event('change', { bubbles: true }));
      },
      target,
      value,
    );
  }

  /** A real mouse click (a user gesture, which permission requests and the clipboard need). */
  async click(target: Target): Promise<void> {
    await this.waitForTarget(target);
    const answer = await this.bidi.send<EvaluateAnswer>('script.callFunction', {
      functionDeclaration: `(wanted) => {
        const element = (${locate.toString()})(JSON.parse(wanted));
        if (!element) return null;
        element.scrollIntoView({ block: 'center' });
        return element;
      }`,
      arguments: [{ type: 'string', value: JSON.stringify(target) }],
      target: { context: this.context },
      awaitPromise: false,
    });
    const sharedId = answer.result?.sharedId;
    if (!sharedId) throw new Error(`No element to click for ${JSON.stringify(target)}`);
    await this.pointerClick({ x: 0, y: 0, origin: { type: 'element', element: { sharedId } } });
  }

  /** A real mouse click at a point of the viewport (for what the page cannot reach, a closed root). */
  async clickAt(x: number, y: number): Promise<void> {
    await this.pointerClick({ x: Math.round(x), y: Math.round(y), origin: 'viewport' });
  }

  /** One real left click (WebDriver BiDi input actions) where `move` puts the pointer. */
  private async pointerClick(move: { x: number; y: number; origin: unknown }): Promise<void> {
    await this.bidi.send('browsingContext.activate', { context: this.context });
    await this.bidi.send('input.performActions', {
      context: this.context,
      actions: [
        {
          type: 'pointer',
          id: 'mouse',
          parameters: { pointerType: 'mouse' },
          actions: [
            { type: 'pointerMove', ...move },
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 },
          ],
        },
      ],
    });
    await this.bidi.send('input.releaseActions', { context: this.context });
  }

  /** Presses one key (WebDriver key value, e.g. `\uE007` for Enter) in the focused element. */
  async press(key: string): Promise<void> {
    await this.bidi.send('input.performActions', {
      context: this.context,
      actions: [
        {
          type: 'key',
          id: 'keyboard',
          actions: [
            { type: 'keyDown', value: key },
            { type: 'keyUp', value: key },
          ],
        },
      ],
    });
  }

  url(): Promise<string> {
    return this.evaluate(() => location.href);
  }

  async goto(url: string): Promise<void> {
    await this.bidi.send('browsingContext.navigate', { context: this.context, url, wait: 'complete' });
  }

  async reload(): Promise<void> {
    await this.bidi.send('browsingContext.reload', { context: this.context, wait: 'complete' });
  }

  async close(): Promise<void> {
    await this.bidi.send('browsingContext.close', { context: this.context }).catch(() => undefined);
  }
}

export const ENTER = '\uE007';

type EvaluateAnswer = {
  type: 'success' | 'exception';
  result?: { type: string; value?: unknown; sharedId?: string };
  exceptionDetails?: { text?: string };
};
