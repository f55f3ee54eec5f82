import type { CDPSession, Page } from 'playwright-core';

/**
 * Hogmark's in-page button, seen the way a test must see it now that nothing on PostHog's page names
 * it and its shadow root is closed: the host is a bare `div` (no attributes, no light children) in
 * PostHog's meta bar; what is inside is read and clicked through the DevTools protocol, whose DOM
 * pierces closed roots, and clicked with a real (trusted) mouse click at the button's box.
 */
export const IN_PAGE_HOST =
  '.SessionRecordingPlayer .PlayerMeta div:empty:not([class]):not([id]):not([style])';

/**
 * The visible button labelled `label` in a view of the in-page button (either browser's view): the
 * lookup both drivers make before clicking; throws, naming the buttons there are, when it is not there.
 */
export function buttonLabelled<B extends { label: string }>(
  view: { buttons: B[] },
  label: string | RegExp,
): B {
  const button = view.buttons.find((candidate) =>
    typeof label === 'string' ? candidate.label === label : label.test(candidate.label),
  );
  if (!button)
    throw new Error(`no in-page button "${label}" (there are: ${view.buttons.map((b) => b.label)})`);
  return button;
}

interface CdpNode {
  backendNodeId: number;
  nodeType: number;
  nodeName: string;
  nodeValue: string;
  attributes?: string[];
  children?: CdpNode[];
  shadowRoots?: Array<CdpNode & { shadowRootType?: string }>;
}

export interface InPageView {
  /** Whether its root is closed (never readable by the page). */
  closed: boolean;
  /** Visible buttons by their text and tooltip, with the node to click. */
  buttons: Array<{ label: string; title: string; backendNodeId: number }>;
  /** Every text inside, buttons and the status line alike. */
  text: string;
  /** The status line's tooltip (the whole sentence behind a short answer). */
  statusTitle: string;
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();
function cdpOf(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

function walk(node: CdpNode, visit: (node: CdpNode) => void): void {
  visit(node);
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) walk(child, visit);
}

function textOf(node: CdpNode): string {
  let text = '';
  walk(node, (inner) => {
    if (inner.nodeType === 3) text += inner.nodeValue;
  });
  return text;
}

const attribute = (node: CdpNode, name: string) => {
  const index = (node.attributes ?? []).indexOf(name);
  return index >= 0 && index % 2 === 0 ? node.attributes?.[index + 1] : undefined;
};

/** The in-page button as the user sees it, or null when it is not on the page. */
export async function readInPage(page: Page): Promise<InPageView | null> {
  const cdp = await cdpOf(page);
  const { result } = (await cdp.send('Runtime.evaluate', {
    expression: `document.querySelector(${JSON.stringify(IN_PAGE_HOST)})`,
  })) as { result: { objectId?: string } };
  if (!result.objectId) return null;
  const { node: host } = (await cdp.send('DOM.describeNode', {
    objectId: result.objectId,
    depth: -1,
    pierce: true,
  })) as { node: CdpNode };
  await cdp.send('Runtime.releaseObject', { objectId: result.objectId }).catch(() => undefined);
  const shadow = host.shadowRoots?.[0];
  if (!shadow) return null;
  const buttons: InPageView['buttons'] = [];
  let statusTitle = '';
  walk(shadow, (node) => {
    if (node.nodeName === 'BUTTON' && attribute(node, 'hidden') === undefined) {
      buttons.push({
        label: textOf(node),
        title: attribute(node, 'title') ?? '',
        backendNodeId: node.backendNodeId,
      });
    }
    if (attribute(node, 'role') === 'status') statusTitle = attribute(node, 'title') ?? '';
  });
  const styleless = {
    ...shadow,
    children: (shadow.children ?? []).filter((node) => node.nodeName !== 'STYLE'),
  };
  return { closed: shadow.shadowRootType === 'closed', buttons, text: textOf(styleless), statusTitle };
}

/** Waits until the in-page button shows (or, with `gone`, is no longer there). */
export async function waitForInPage(
  page: Page,
  options: { gone?: boolean; timeout?: number } = {},
): Promise<InPageView> {
  const deadline = Date.now() + (options.timeout ?? 15_000);
  for (;;) {
    const view = await readInPage(page);
    if (options.gone && view === null) return { closed: true, buttons: [], text: '', statusTitle: '' };
    if (!options.gone && view !== null && view.buttons.length > 0) return view;
    if (Date.now() > deadline) throw new Error(`the in-page button did not ${options.gone ? 'go' : 'show'}`);
    await page.waitForTimeout(100);
  }
}

/** Waits until the in-page button's text contains `text`. */
export async function waitForInPageText(page: Page, text: string | RegExp, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const view = await readInPage(page);
    const seen = view?.text ?? '';
    if (typeof text === 'string' ? seen.includes(text) : text.test(seen)) return seen;
    if (Date.now() > deadline) throw new Error(`the in-page button never said ${text} (it says "${seen}")`);
    await page.waitForTimeout(100);
  }
}

/** The user's own click on the in-page button labelled `label`: a real mouse click at its box. */
export async function clickInPage(page: Page, label: string | RegExp): Promise<void> {
  // PostHog's meta bar is redrawn as the recording's facts arrive, which moves (or replaces) the
  // button: click only once the same button has stood in the same place over two looks.
  const deadline = Date.now() + 15_000;
  let last = '';
  for (;;) {
    const button = buttonLabelled(await waitForInPage(page), label);
    const cdp = await cdpOf(page);
    // The button read a moment ago may already be replaced: then its node has no box; look again.
    const boxed = (await cdp
      .send('DOM.getBoxModel', { backendNodeId: button.backendNodeId })
      .catch((error: unknown) => {
        if (Date.now() > deadline) throw error;
        return null;
      })) as { model: { content: number[] } } | null;
    if (boxed === null) {
      last = '';
      await page.waitForTimeout(150);
      continue;
    }
    const { model } = boxed;
    const [x1 = 0, y1 = 0, , , x3 = 0, y3 = 0] = model.content;
    const place = `${button.backendNodeId} ${model.content.join(',')}`;
    if (place === last || Date.now() > deadline) {
      await page.mouse.click((x1 + x3) / 2, (y1 + y3) / 2);
      return;
    }
    last = place;
    await page.waitForTimeout(150);
  }
}

/**
 * Waits until Hogmark's content script runs in the page, which the page itself can no longer see:
 * the DevTools protocol lists the isolated world the extension's script runs in.
 */
export async function waitForContentScript(page: Page, extensionId: string, timeout = 15_000): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const origins: string[] = [];
    cdp.on(
      'Runtime.executionContextCreated',
      (event: { context: { origin: string; auxData?: { type?: string } } }) => {
        if (event.context.auxData?.type === 'isolated') origins.push(event.context.origin);
      },
    );
    await cdp.send('Runtime.enable');
    const deadline = Date.now() + timeout;
    while (!origins.includes(`chrome-extension://${extensionId}`)) {
      if (Date.now() > deadline) throw new Error("Hogmark's content script never ran in the page");
      await page.waitForTimeout(100);
    }
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
