import { parseHTML } from 'linkedom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lastUsedNameFor, mountInPageButton, WAIT_NOTICE_MS } from '../../lib/content/in-page-button';
import { WAIT_NOTICE_MS as POPUP_WAIT_NOTICE_MS } from '../../lib/stores/collection-changes';
import { deferred } from '../support/deferred';

const RECORDING = 'https://us.posthog.com/project/1/replay/0191dd9d-ec00-726b-b2a7-4de452e6b438';

/** PostHog's meta bar with its own Add to collection button (see button-slot.ts for the sources). */
function page() {
  const { document, window } = parseHTML(`<!doctype html><html><body>
    <div class="SessionRecordingPlayer"><div class="PlayerMeta"><div class="flex">
      <span class="relative inline-flex"><button aria-label="Add to collection">+</button></span>
    </div></div></div></body></html>`);
  return { document: document as unknown as Document, window };
}

function mount(
  isTrusted?: (event: Event) => boolean,
  add = vi.fn(
    async (): Promise<unknown> => ({ ok: true, data: { message: 'Added to Onboarding.', undoable: true } }),
  ),
  /** The last-used collection's name the mirror holds for the page's project (changed by `rename`). */
  destination: { name: string | null } = { name: 'Checkout bugs' },
) {
  let settingsChanged = () => {};
  const { document } = page();
  const controller = new AbortController();
  const cancel = vi.fn(async () => ({ ok: true, data: { cancelled: true } }));
  let host: Element | null = null;
  let root: ShadowRoot | null = null;
  // The test keeps the closed root the way only the content script itself can.
  const create = document.createElement.bind(document);
  const spy = vi.spyOn(document, 'createElement').mockImplementation(((tag: string) => {
    const element = create(tag);
    if (tag === 'div' && host === null) {
      const attach = element.attachShadow.bind(element);
      element.attachShadow = (init: ShadowRootInit) => {
        host = element;
        root = attach(init);
        return root;
      };
    }
    return element;
  }) as typeof document.createElement);
  mountInPageButton({
    document,
    href: () => RECORDING,
    message: (key, ...substitutions) => [key, ...substitutions].join(' '),
    destination: async () => destination.name,
    add,
    undo: async () => ({ ok: true, data: { message: '', undoable: false } }),
    cancel,
    enabled: async () => true,
    onSettingsChange: (listener) => {
      settingsChanged = listener;
    },
    signal: controller.signal,
    ...(isTrusted ? { isTrusted } : {}),
  });
  spy.mockRestore();
  return {
    document,
    add,
    /** The background's mirror names another last-used collection (or none). */
    rename(name: string | null) {
      destination.name = name;
      settingsChanged();
    },
    addButton: () => {
      const button = (root as unknown as ShadowRoot).querySelector('button.add') as HTMLButtonElement;
      return { label: button.textContent, title: button.title };
    },
    status: () => (root as unknown as ShadowRoot).querySelector('[role="status"]') as HTMLElement,
    host: () => host as unknown as HTMLElement,
    cancel,
    button: () => (root as unknown as ShadowRoot).querySelector('button.add') as HTMLButtonElement,
    /** The visible buttons by their label, and the status line, as the user reads them. */
    view: () => {
      const shadow = root as unknown as ShadowRoot;
      const buttons = [...shadow.querySelectorAll('button')].filter((button) => !button.hidden);
      return {
        buttons: buttons.map((button) => button.textContent),
        status: shadow.querySelector('[role="status"]')?.textContent ?? '',
      };
    },
    buttonLabelled: (label: string) =>
      [...(root as unknown as ShadowRoot).querySelectorAll('button')].find(
        (button) => button.textContent === label,
      ) as HTMLButtonElement,
    stop: () => controller.abort(),
  };
}

/** A click event of the page's own kind (a script's: never trusted). */
function pageClick(document: Document): Event {
  const { Event: PageEvent } = document.defaultView as unknown as { Event: typeof Event };
  return new PageEvent('click', { bubbles: true });
}

beforeAll(() => {
  vi.stubGlobal('MutationObserver', parseHTML('<html></html>').window.MutationObserver);
  return () => vi.unstubAllGlobals();
});

describe('the in-page button', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('stands after PostHog’s button with nothing on the page naming Hogmark, in a closed root', async () => {
    const view = mount();
    stop = view.stop;
    await vi.waitFor(() => expect(view.host().isConnected).toBe(true));
    const before = view.host().previousElementSibling;
    expect(before?.querySelector('button[aria-label="Add to collection"]')).not.toBeNull();
    expect(view.host().shadowRoot).toBeNull();
    expect(view.document.documentElement.outerHTML).not.toMatch(/hogmark/i);
    expect(view.host().attributes.length).toBe(0);
  });

  it('ignores a click that did not come from the user (a page script), and sends nothing', async () => {
    const view = mount();
    stop = view.stop;
    await vi.waitFor(() => expect(view.host().isConnected).toBe(true));
    view.button().dispatchEvent(pageClick(view.document));
    view.button().click?.();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(view.add).not.toHaveBeenCalled();
  });

  it('acts on the user’s own click', async () => {
    const view = mount(() => true);
    stop = view.stop;
    await vi.waitFor(() => expect(view.host().isConnected).toBe(true));
    view.button().dispatchEvent(pageClick(view.document));
    await vi.waitFor(() => expect(view.add).toHaveBeenCalledTimes(1));
  });
});

describe('where the in-page button adds', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('names the last-used collection, cut to about 20 characters, whole in its title', async () => {
    const view = mount(undefined, undefined, { name: 'Checkout bugs from the EU launch week' });
    stop = view.stop;
    await vi.waitFor(() => expect(view.host().isConnected).toBe(true));
    expect(view.addButton()).toEqual({
      label: 'inPageAddTo Checkout bugs from…',
      title: 'inPageAddTitle Checkout bugs from the EU launch week',
    });
  });

  it('with no last-used collection, offers to choose one', async () => {
    const view = mount(undefined, undefined, { name: null });
    stop = view.stop;
    await vi.waitFor(() => expect(view.host().isConnected).toBe(true));
    expect(view.addButton()).toEqual({ label: 'inPageAddChoose', title: 'inPageAddTitleChoose' });
  });

  it('answers with the collection’s name and Undo, the whole sentence in its title, then names the new destination', async () => {
    const add = vi.fn(
      async (): Promise<unknown> => ({
        ok: true,
        data: { message: '✓ Onboarding', detail: 'Added ana’s recording to Onboarding.', undoable: true },
      }),
    );
    const view = mount(() => true, add, { name: null });
    stop = view.stop;
    await vi.waitFor(() => expect(view.host().isConnected).toBe(true));
    view.button().dispatchEvent(pageClick(view.document));
    await vi.waitFor(() =>
      expect(view.view()).toEqual({ buttons: ['inPageAddChoose', 'inPageUndo'], status: '✓ Onboarding' }),
    );
    expect(view.status().title).toBe('Added ana’s recording to Onboarding.');
    // The background's mirror now names the collection the add went to.
    view.rename('Onboarding');
    await vi.waitFor(() => expect(view.addButton().label).toBe('inPageAddTo Onboarding'));
  });
});

describe("the last-used collection's name for a page, from the background's mirror", () => {
  const mirror = { projectId: 1, lastUsed: { '1': 'Checkout bugs', '2': 'Staging picks' } };
  it.each([
    ['https://us.posthog.com/project/2/replay/abc', mirror, 'Staging picks'],
    ['https://us.posthog.com/project/1/replay/abc', mirror, 'Checkout bugs'],
    // No project in the address: the connected one.
    ['https://us.posthog.com/replay/abc', mirror, 'Checkout bugs'],
    ['https://us.posthog.com/project/3/replay/abc', mirror, null],
    ['https://us.posthog.com/project/1/replay/abc', { projectId: 1 }, null],
    ['https://us.posthog.com/project/1/replay/abc', { lastUsed: { '1': 42 } }, null],
    ['https://us.posthog.com/project/1/replay/abc', undefined, null],
    ['https://us.posthog.com/project/1/replay/abc', { lastUsed: { '1': 'x'.repeat(5000) } }, 'x'.repeat(200)],
  ])('%s, mirror case %#', (href, stored, expected) => {
    expect(lastUsedNameFor(stored, href)).toBe(expected);
  });
});

describe('the in-page button while PostHog does not answer', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  /** An add whose answer the test gives when it likes. */
  function slowAdd() {
    let answer = deferred<unknown>();
    const add = vi.fn(() => {
      answer = deferred<unknown>();
      return answer.promise;
    });
    return { add, answer: (value: unknown) => answer.resolve(value) };
  }

  async function mountWaiting(isTrusted: (event: Event) => boolean = () => true) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const slow = slowAdd();
    const view = mount(isTrusted, slow.add);
    stop = view.stop;
    await vi.waitFor(() => expect(view.host().isConnected).toBe(true));
    view.button().dispatchEvent(pageClick(view.document));
    expect(slow.add).toHaveBeenCalledTimes(1);
    return { ...view, answer: slow.answer };
  }

  it('waits as long as the popup does before offering Cancel', () => {
    expect(WAIT_NOTICE_MS).toBe(POPUP_WAIT_NOTICE_MS);
  });

  it('says it is still waiting and offers Cancel once the threshold passes, not before', async () => {
    const view = await mountWaiting();
    await vi.advanceTimersByTimeAsync(WAIT_NOTICE_MS - 100);
    expect(view.view()).toEqual({ buttons: ['inPageAdding'], status: '' });
    await vi.advanceTimersByTimeAsync(100);
    expect(view.view()).toEqual({ buttons: ['inPageAdding', 'stopWaiting'], status: 'stillWaiting' });
    expect(view.button().disabled).toBe(true);
  });

  it('Cancel asks the background to stop, then shows what the add’s own answer says', async () => {
    const view = await mountWaiting();
    await vi.advanceTimersByTimeAsync(WAIT_NOTICE_MS);
    view.buttonLabelled('stopWaiting').dispatchEvent(pageClick(view.document));
    expect(view.cancel).toHaveBeenCalledTimes(1);
    // The background reads back what PostHog did: until the answer comes, it is still waiting.
    expect(view.view()).toEqual({ buttons: ['inPageAdding'], status: 'stillWaiting' });
    view.answer({
      ok: true,
      data: { message: 'Added to Onboarding. Open Hogmark to undo.', undoable: true },
    });
    await vi.waitFor(() =>
      expect(view.view()).toEqual({
        buttons: ['inPageAddTo Checkout bugs', 'inPageUndo'],
        status: 'Added to Onboarding. Open Hogmark to undo.',
      }),
    );
  });

  it('after a Cancel PostHog had not acted on, says so and offers the add again', async () => {
    const view = await mountWaiting();
    await vi.advanceTimersByTimeAsync(WAIT_NOTICE_MS);
    view.buttonLabelled('stopWaiting').dispatchEvent(pageClick(view.document));
    view.answer({ ok: true, data: { added: false, message: 'Stopped waiting.', undoable: false } });
    await vi.waitFor(() =>
      expect(view.view()).toEqual({ buttons: ['inPageAddTo Checkout bugs'], status: 'Stopped waiting.' }),
    );
    expect(view.button().disabled).toBe(false);
  });

  it('never shows Cancel for an answer that came in time', async () => {
    const view = await mountWaiting();
    await vi.advanceTimersByTimeAsync(WAIT_NOTICE_MS - 100);
    view.answer({ ok: true, data: { message: 'Added to Onboarding.', undoable: true } });
    await vi.advanceTimersByTimeAsync(WAIT_NOTICE_MS);
    expect(view.view()).toEqual({
      buttons: ['inPageAddTo Checkout bugs', 'inPageUndo'],
      status: 'Added to Onboarding.',
    });
    expect(view.cancel).not.toHaveBeenCalled();
  });

  it('ignores a Cancel click that did not come from the user', async () => {
    let trusted = true;
    const view = await mountWaiting(() => trusted);
    await vi.advanceTimersByTimeAsync(WAIT_NOTICE_MS);
    trusted = false;
    view.buttonLabelled('stopWaiting').dispatchEvent(pageClick(view.document));
    expect(view.cancel).not.toHaveBeenCalled();
    expect(view.view().buttons).toContain('stopWaiting');
  });
});
