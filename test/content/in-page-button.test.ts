import { parseHTML } from 'linkedom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mountInPageButton } from '../../lib/content/in-page-button';

const RECORDING = 'https://us.posthog.com/project/1/replay/0191dd9d-ec00-726b-b2a7-4de452e6b438';

/** PostHog's meta bar with its own Add to collection button (see button-slot.ts for the sources). */
function page() {
  const { document, window } = parseHTML(`<!doctype html><html><body>
    <div class="SessionRecordingPlayer"><div class="PlayerMeta"><div class="flex">
      <span class="relative inline-flex"><button aria-label="Add to collection">+</button></span>
    </div></div></div></body></html>`);
  return { document: document as unknown as Document, window };
}

function mount(isTrusted?: (event: Event) => boolean) {
  const { document } = page();
  const controller = new AbortController();
  const add = vi.fn(async () => ({ ok: true, data: { message: 'Added to Onboarding.', undoable: true } }));
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
    message: (key) => key,
    add,
    undo: async () => ({ ok: true, data: { message: '', undoable: false } }),
    enabled: async () => true,
    onSettingsChange: () => undefined,
    signal: controller.signal,
    ...(isTrusted ? { isTrusted } : {}),
  });
  spy.mockRestore();
  return {
    document,
    add,
    host: () => host as unknown as HTMLElement,
    button: () => (root as unknown as ShadowRoot).querySelector('button.add') as HTMLButtonElement,
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
