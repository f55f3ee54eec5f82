import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../test/e2e/build';
import { pageScripts, staticImportClosure } from './bench-bundle';
import { ASK_READS } from './bench-session';
import { drawAfterReads, type PopupView, VIEW_PAGE } from './bench-view-page';
import { COMPILE_HINT } from './compile-hint';

/**
 * Two more pages beside the view page (bench-view-page.ts), warm, to say where the warm popup's time
 * over it goes, with none of Hogmark's code running:
 *
 * - the *stack view page*: the asking page's reads, then the popup's own first view rendered by
 *   Preact, the UI library the project is built on, from the tree a ready popup showed;
 * - the *bytes view page*: the same page carrying, besides, the popup's whole script in a function
 *   that is never called: the popup's bytes loaded and parsed, and compiled as the popup's are (its
 *   compile hint, scripts/compile-hint.ts, at the head of this page's file too), none of them run.
 *
 * So the view page ÷ the asking page is drawing the view by hand, the stack view page ÷ the view page
 * what Preact's render adds, the bytes view page ÷ the stack view page what loading the popup's
 * script adds, and the popup ÷ the bytes view page what running Hogmark's code adds. No budget.
 */
export const STACK_VIEW_PAGE = 'bench-stack-view.html';
export const BYTES_VIEW_PAGE = 'bench-bytes-view.html';

/** Attributes the DOM reflects as boolean properties: present means true, as in the popup. */
const BOOLEAN_ATTRIBUTES = [
  'autofocus',
  'checked',
  'disabled',
  'hidden',
  'multiple',
  'readonly',
  'required',
  'selected',
];

/**
 * The stack view page's entry (bundled with Preact by `writeStackViewPages`): once `reads` (source of
 * an array of promises) have settled, renders `view` with Preact and, after the frame that shows it,
 * focuses what the popup had focused, as the view page does.
 */
export function stackViewEntry(view: PopupView, reads: string): string {
  return [
    "import { h, render } from 'preact';",
    `const view = ${JSON.stringify(view)};`,
    `const BOOLEAN = new Set(${JSON.stringify(BOOLEAN_ATTRIBUTES)});`,
    'const props = (attributes) =>',
    "  Object.fromEntries(attributes.map(([name, value]) => [name, BOOLEAN.has(name) && value === '' ? true : value]));",
    "const make = (node) => (typeof node === 'string' ? node : h(node[0], props(node[1]), ...node[2].map(make)));",
    ...drawAfterReads(reads, '  render(view.app.map(make), app);'),
  ].join('\n');
}

/**
 * A module chunk's code made into a function that is never called, so a page loads and parses its
 * bytes and runs none of them. Only a chunk that imports nothing statically (the popup is built as
 * one) can be: its trailing export list is dropped; anything else is refused.
 */
export function neverRun(code: string): string {
  const body = code.replace(/\bexport\s*\{[^}]*\};?\s*$/, '');
  if (/(^|[;}\s])(import\s*[\w{*"']|export\s)/.test(body)) {
    throw new Error('The popup’s chunk imports or exports more than a trailing list: it cannot be wrapped.');
  }
  return `function neverRun() {\n${body}\n}\n`;
}

/**
 * Writes both pages into the built test extension, with the view page's own HTML (the popup's
 * styles), after `writeViewPages`. Preact is bundled from the project's own dependency, minified.
 */
export async function writeStackViewPages(extensionDir: string, view: PopupView): Promise<void> {
  const html = await readFile(join(extensionDir, VIEW_PAGE), 'utf8');
  if (!html.includes('/bench-view.js')) throw new Error(`${VIEW_PAGE} does not load bench-view.js.`);
  const bundled = await build({
    stdin: { contents: stackViewEntry(view, ASK_READS), resolveDir: ROOT, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'chrome120',
    write: false,
  });
  const stack = bundled.outputFiles[0]?.text ?? '';
  const popupFiles = staticImportClosure(
    extensionDir,
    pageScripts(await readFile(join(extensionDir, 'popup.html'), 'utf8')),
  );
  if (popupFiles.length !== 1) throw new Error(`The popup loads ${popupFiles.length} scripts, not one.`);
  const popupCode = await readFile(join(extensionDir, popupFiles[0] as string), 'utf8');
  await writeFile(join(extensionDir, 'bench-stack-view.js'), stack);
  // The hint works only at the head of a file: the popup's, wrapped in a function, would lose it.
  const hint = popupCode.startsWith(`${COMPILE_HINT}\n`) ? `${COMPILE_HINT}\n` : '';
  await writeFile(join(extensionDir, 'bench-bytes-view.js'), `${hint}${stack}\n${neverRun(popupCode)}`);
  await writeFile(
    join(extensionDir, STACK_VIEW_PAGE),
    html.replace('/bench-view.js', '/bench-stack-view.js'),
  );
  await writeFile(
    join(extensionDir, BYTES_VIEW_PAGE),
    html.replace('/bench-view.js', '/bench-bytes-view.js'),
  );
}
