import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ASK_READS, STORED_READS } from './bench-session';

/**
 * The *view pages*: the popup's own first view, drawn by a page with none of Hogmark's code. Each is
 * a floor page (the asking page warm, the stored-state page after a stop: bench-session.ts) that,
 * once its reads have answered, builds the very elements the popup showed when it was ready (its
 * tree taken from a real popup at the start of the run) under the popup's own styles. So the floor's
 * ratio to it is what drawing that view costs any page, and its ratio to the popup what Hogmark's
 * code (loading and running its script, its stores, Preact's render) costs on top.
 */
export const VIEW_PAGE = 'bench-view.html';
export const VIEW_PAGE_STORED = 'bench-view-stored.html';

/** An element as [tag, attributes, children], a text node as its text. */
export type ViewNode = string | [string, [string, string][], ViewNode[]];

export interface PopupView {
  /** The attributes of the popup's `<html>` (its language, the picker window's class). */
  html: [string, string][];
  /** What the popup drew in its `#app`. */
  app: ViewNode[];
  /** The element that had the focus (the collections' search), as child indices from `#app`. */
  focus: number[] | null;
}

/**
 * The popup's drawn view, read from a ready popup. Given as source, not a function: the scripts run
 * through tsx, whose name helper the page does not have.
 */
export async function capturePopupView(popup: Pick<Page, 'evaluate'>): Promise<PopupView> {
  return (await popup.evaluate(`(() => {
    let focus = null;
    const within = (parent, path) => {
      const children = [];
      for (const node of parent.childNodes) {
        if (node.nodeType === Node.TEXT_NODE) children.push(node.textContent);
        if (node.nodeType !== Node.ELEMENT_NODE) continue;
        const at = [...path, children.length];
        if (node === document.activeElement) focus = at;
        const attributes = [...node.attributes].map((attribute) => [attribute.name, attribute.value]);
        children.push([node.localName, attributes, within(node, at)]);
      }
      return children;
    };
    const app = document.getElementById('app');
    return {
      html: [...document.documentElement.attributes].map((attribute) => [attribute.name, attribute.value]),
      app: app ? within(app, []) : [],
      focus,
    };
  })()`)) as PopupView;
}

/**
 * The script that draws `view` once `reads` (source of an array of promises) have settled. It builds
 * each element with the DOM's own calls (SVG in its namespace), as a page that knew the view would,
 * and, after the frame that shows them, focuses what the popup had focused, as the popup's own effect
 * does (focusing before that frame would make the page lay itself out once more than the popup).
 */
export function viewPageScript(view: PopupView, reads: string): string {
  return [
    `const view = ${JSON.stringify(view)};`,
    "const SVG = 'http://www.w3.org/2000/svg';",
    'const make = (node, inSvg) => {',
    "  if (typeof node === 'string') return document.createTextNode(node);",
    '  const [tag, attributes, children] = node;',
    "  const svg = inSvg || tag === 'svg';",
    '  const element = svg ? document.createElementNS(SVG, tag) : document.createElement(tag);',
    '  for (const [name, value] of attributes) element.setAttribute(name, value);',
    '  for (const child of children) element.append(make(child, svg));',
    '  return element;',
    '};',
    ...drawAfterReads(reads, '  for (const node of view.app) app.append(make(node, false));'),
  ].join('\n');
}

/**
 * The lines every view page ends with, around its one line that draws `view` into `app`: wait for
 * `reads`, put the popup's `<html>` attributes, draw, then focus what the popup had focused.
 */
export function drawAfterReads(reads: string, draw: string): string[] {
  return [
    "const tabId = Number(new URLSearchParams(location.search).get('tabId'));",
    `Promise.allSettled(${reads}).then(() => {`,
    '  for (const [name, value] of view.html) document.documentElement.setAttribute(name, value);',
    "  const app = document.getElementById('app');",
    draw,
    '  let focused = app;',
    '  for (const index of view.focus ?? []) focused = focused.childNodes[index];',
    // As the popup's effect does (Preact runs effects after the next frame): not before it is drawn.
    '  if (view.focus) requestAnimationFrame(() => setTimeout(() => focused.focus(), 0));',
    '});',
    '',
  ];
}

/**
 * Writes both view pages into the built test extension, each waiting for its floor page's very reads
 * (bench-session.ts): the popup's own `<style>` (its styles are
 * inlined in popup.html) and a script that draws `view`. An unpacked extension reads its files on
 * each load, so they may be written while the browser runs.
 */
export async function writeViewPages(extensionDir: string, view: PopupView): Promise<void> {
  const popupHtml = await readFile(join(extensionDir, 'popup.html'), 'utf8');
  const styles = popupHtml.match(/<style>[\s\S]*?<\/style>/g) ?? [];
  if (styles.length === 0)
    throw new Error('popup.html has no inlined <style>: the view pages need its styles.');
  const page = (script: string) =>
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>View</title>' +
    `<script type="module" src="/${script}"></script>${styles.join('')}</head>` +
    '<body><div id="app"></div></body></html>\n';
  await writeFile(join(extensionDir, VIEW_PAGE), page('bench-view.js'));
  await writeFile(join(extensionDir, 'bench-view.js'), viewPageScript(view, ASK_READS));
  await writeFile(join(extensionDir, VIEW_PAGE_STORED), page('bench-view-stored.js'));
  await writeFile(join(extensionDir, 'bench-view-stored.js'), viewPageScript(view, STORED_READS));
}
