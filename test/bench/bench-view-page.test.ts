import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { parseHTML } from 'linkedom';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BYTES_VIEW_PAGE,
  neverRun,
  STACK_VIEW_PAGE,
  writeStackViewPages,
} from '../../scripts/bench-stack-view';
import {
  capturePopupView,
  type PopupView,
  VIEW_PAGE,
  VIEW_PAGE_STORED,
  type ViewNode,
  viewPageScript,
  writeViewPages,
} from '../../scripts/bench-view-page';
import { COMPILE_HINT } from '../../scripts/compile-hint';

/**
 * The bench's view pages (scripts/bench-view-page.ts): a floor page's reads, then the popup's own
 * view, built element by element with none of Hogmark's code.
 */
const view: PopupView = {
  html: [
    ['lang', 'en'],
    ['class', 'in-window'],
  ],
  app: [
    [
      'main',
      [
        ['class', 'popup'],
        ['aria-busy', 'false'],
      ],
      [
        ['header', [['class', 'context-header']], ['Recording ', ['b', [], ['ana@acme.com']]]],
        ['input', [['type', 'search']], []],
        ['svg', [['viewBox', '0 0 16 16']], [['path', [['d', 'M0 0h16v16z']], []]]],
        ['ul', [['role', 'listbox']], [['li', [['role', 'option']], ['Checkout bugs']]]],
      ],
    ],
  ],
  focus: [0, 1],
};

/** Runs a view page's script on a page of its own; `reads` settle when the returned function is called. */
function runPage(script: string, globals: Record<string, unknown> = {}) {
  const { document, HTMLElement } = parseHTML('<html lang="en"><body><div id="app"></div></body></html>');
  const focused: Element[] = [];
  HTMLElement.prototype.focus = function (this: Element) {
    focused.push(this);
  };
  let answer: () => void = () => {};
  const asked: string[] = [];
  const pending = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const ask = (what: string) => {
    asked.push(what);
    return pending;
  };
  const chrome = {
    tabs: { get: (id: number) => ask(`tabs.get ${id}`) },
    runtime: { sendMessage: (message: { type: string }) => ask(`message ${message.type}`) },
    storage: { local: { get: (keys: unknown) => ask(`storage.local ${keys}`) } },
  };
  const location = { search: '?tabId=7' };
  const frames: (() => void)[] = [];
  const requestAnimationFrame = (run: () => void) => frames.push(run);
  runInNewContext(script, {
    document,
    chrome,
    location,
    URLSearchParams,
    Promise,
    requestAnimationFrame,
    setTimeout,
    ...globals,
  });
  return { document, asked, answer, focused, frames };
}

/** A drawn node as the view describes it. */
function treeOf(node: Node): ViewNode {
  if (node.nodeType === 3) return node.textContent ?? '';
  const element = node as Element;
  return [
    element.localName,
    [...element.attributes]
      .map((attribute): [string, string] => [attribute.name, attribute.value])
      .sort(([a], [b]) => a.localeCompare(b)),
    [...element.childNodes].map(treeOf),
  ];
}

/** The view with each element's attributes in name order (linkedom does not keep their order). */
const byName = (node: ViewNode): ViewNode =>
  typeof node === 'string'
    ? node
    : [node[0], [...node[1]].sort(([a], [b]) => a.localeCompare(b)), node[2].map(byName)];

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'hogmark-view-page-test-'));
  dirs.push(dir);
  return dir;
}

/** A built popup: its page, with inlined styles, loading one chunk (which, if it ever ran, would say so). */
async function builtPopup(chunk: string): Promise<string> {
  const dir = await tempDir();
  await writeFile(
    join(dir, 'popup.html'),
    '<html><head><script type="module" src="/chunks/popup.js"></script><style>:root{--bg:#fff}</style></head><body><div id="app"></div></body></html>',
  );
  await mkdir(join(dir, 'chunks'));
  await writeFile(join(dir, 'chunks/popup.js'), chunk);
  return dir;
}

describe('the view pages', () => {
  it('draw nothing until the floor page’s own reads have answered, then the popup’s view', async () => {
    const page = runPage(
      viewPageScript(view, "[chrome.tabs.get(tabId), chrome.runtime.sendMessage({ type: 'bench/ask' })]"),
    );
    expect(page.asked).toEqual(['tabs.get 7', 'message bench/ask']);
    await settle();
    expect(page.document.getElementById('app')?.childNodes.length).toBe(0);
    page.answer();
    await settle();
    // Read back as the bench reads a popup: the same elements, attributes and text, in order.
    const app = page.document.getElementById('app') as unknown as Element;
    expect([...app.childNodes].map(treeOf)).toEqual(view.app.map(byName));
    // Focused after the frame that shows the view, as the popup's effect does.
    expect(page.focused).toEqual([]);
    for (const frame of page.frames.splice(0)) frame();
    await settle();
    expect(page.focused.map((element) => element.localName)).toEqual(['input']);
    expect(page.document.documentElement.getAttribute('class')).toBe('in-window');
    expect(page.document.querySelector('main.popup[aria-busy="false"] .context-header')).not.toBeNull();
    expect(page.document.querySelector('[role="option"]')).not.toBeNull();
    expect(page.document.querySelector('svg')?.namespaceURI).toBe('http://www.w3.org/2000/svg');
  });

  it('are written with the popup’s own styles, the warm one asking as the asking page, the other reading as the stored-state page', async () => {
    const dir = await builtPopup('');
    await writeViewPages(dir, view);
    for (const [html, script] of [
      [VIEW_PAGE, 'bench-view.js'],
      [VIEW_PAGE_STORED, 'bench-view-stored.js'],
    ] as const) {
      const page = await readFile(join(dir, html), 'utf8');
      expect(page).toContain('<style>:root{--bg:#fff}</style>');
      expect(page).toContain(`<script type="module" src="/${script}"></script>`);
      expect(page).not.toContain('chunks/popup.js');
    }
    const warm = runPage(await readFile(join(dir, 'bench-view.js'), 'utf8'));
    expect(warm.asked).toEqual(['tabs.get 7', 'message bench/ask']);
    const stored = runPage(await readFile(join(dir, 'bench-view-stored.js'), 'utf8'));
    expect(stored.asked).toEqual(['tabs.get 7', 'storage.local null']);
  });

  it('are drawn from what a ready popup shows: its elements, text and focus, no comments', async () => {
    const { document, Node } = parseHTML(
      '<html lang="en" class="in-window"><body><div id="app"><main class="popup" aria-busy="false">' +
        '<!-- a comment --><header class="context-header">Recording <b>ana@acme.com</b></header>' +
        '<input type="search"><svg viewBox="0 0 16 16"><path d="M0 0h16v16z"></path></svg>' +
        '<ul role="listbox"><li role="option">Checkout bugs</li></ul></main></div></body></html>',
    );
    Object.defineProperty(document, 'activeElement', { value: document.querySelector('input') });
    const popup = {
      evaluate: async (source: unknown) => runInNewContext(String(source), { document, Node }),
    };
    const captured = await capturePopupView(popup as Parameters<typeof capturePopupView>[0]);
    expect({ ...captured, html: [...captured.html].sort(), app: captured.app.map(byName) }).toEqual({
      html: [...view.html].sort(),
      app: view.app.map(byName),
      focus: view.focus,
    });
  });

  it('refuse a popup page with no inlined styles', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'popup.html'), '<html><head></head><body></body></html>');
    await expect(writeViewPages(dir, view)).rejects.toThrow(/no inlined <style>/);
  });
});

describe('the stack and bytes view pages', () => {
  const popupChunk =
    'var e=globalThis.chrome;popupRan();const t=()=>import(`./later.js`);export{e as a,t as b};\n';

  it('render the popup’s view with Preact after the asking page’s reads; the bytes page runs none of the popup’s code', async () => {
    const dir = await builtPopup(popupChunk);
    await writeViewPages(dir, view);
    await writeStackViewPages(dir, view);
    for (const [html, script] of [
      [STACK_VIEW_PAGE, 'bench-stack-view.js'],
      [BYTES_VIEW_PAGE, 'bench-bytes-view.js'],
    ] as const) {
      const page = await readFile(join(dir, html), 'utf8');
      expect(page).toContain('<style>:root{--bg:#fff}</style>');
      expect(page).toContain(`<script type="module" src="/${script}"></script>`);
      const ran: string[] = [];
      const drawn = runPage(await readFile(join(dir, script), 'utf8'), { popupRan: () => ran.push(script) });
      expect(drawn.asked).toEqual(['tabs.get 7', 'message bench/ask']);
      await settle();
      expect(drawn.document.getElementById('app')?.childNodes.length).toBe(0);
      drawn.answer();
      await settle();
      const app = drawn.document.getElementById('app') as unknown as Element;
      expect([...app.childNodes].map(treeOf)).toEqual(view.app.map(byName));
      for (const frame of drawn.frames.splice(0)) frame();
      await settle();
      expect(drawn.focused.map((element) => element.localName)).toEqual(['input']);
      expect(drawn.document.querySelector('svg')?.namespaceURI).toBe('http://www.w3.org/2000/svg');
      expect(ran).toEqual([]);
    }
    // The bytes page carries the popup's whole chunk, its export list dropped.
    const bytes = await readFile(join(dir, 'bench-bytes-view.js'), 'utf8');
    expect(bytes).toContain('popupRan();const t=()=>import(`./later.js`);');
    expect(bytes).not.toContain('export{');
    expect(bytes.startsWith(COMPILE_HINT)).toBe(false);
  });

  it('put the popup’s compile hint at the head of the bytes page’s file, where it works', async () => {
    const dir = await builtPopup(`${COMPILE_HINT}\n${popupChunk}`);
    await writeViewPages(dir, view);
    await writeStackViewPages(dir, view);
    const bytes = await readFile(join(dir, 'bench-bytes-view.js'), 'utf8');
    expect(bytes.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    expect(bytes).toContain('popupRan();const t=()=>import(`./later.js`);');
    expect(await readFile(join(dir, 'bench-stack-view.js'), 'utf8')).not.toContain(COMPILE_HINT);
  });

  it('refuse a popup chunk that imports or exports more than a trailing list, or a popup of several scripts', async () => {
    expect(() => neverRun('import{a as b}from"./shared.js";b();')).toThrow(/cannot be wrapped/);
    expect(() => neverRun('export const a=1;b();')).toThrow(/cannot be wrapped/);
    expect(() => neverRun('a();import"./shared.js";')).toThrow(/cannot be wrapped/);
    expect(neverRun('a();const b=import.meta.url;export{a as c};')).toBe(
      'function neverRun() {\na();const b=import.meta.url;\n}\n',
    );
    const dir = await builtPopup('import"./shared.js";export{};');
    await writeViewPages(dir, view);
    await writeFile(join(dir, 'chunks/shared.js'), 'globalThis.shared=1;');
    await expect(writeStackViewPages(dir, view)).rejects.toThrow(/loads 2 scripts/);
  });
});
