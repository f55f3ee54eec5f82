import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../test/e2e/build';

export interface BundleSizes {
  popup: number;
  /** The whole background: the worker's wake script and the rest it loads on the first event. */
  background: number;
  /** The worker's wake script alone: what a woken worker evaluates before its first listener runs. */
  wake: number;
  content: number;
  /** The files counted for each figure, relative to the build folder. */
  files: { popup: string[]; background: string[]; wake: string[]; content: string[] };
}

/**
 * Builds the production Chromium extension (`wxt build`) into the out folder and returns its path.
 * NODE_ENV is set as `npm run build` leaves it: under vitest it is `test`, and Vite then compiles JSX
 * for development (every element carries its file name and line), 1.2 KB more popup than users get.
 */
export function buildProduction(): string {
  execFileSync('npx', ['wxt', 'build'], {
    cwd: ROOT,
    stdio: 'pipe',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return resolve(ROOT, process.env.HOGMARK_OUT_DIR ?? '.output', 'chrome-mv3');
}

const gzipBytes = (dir: string, files: readonly string[]) =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dir, file))).length, 0);

/** The scripts an HTML page names: its module scripts and the chunks it preloads. */
export function pageScripts(html: string): string[] {
  const files = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModule = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isModule || isPreload) && url) files.add(url.replace(/^\//, ''));
  }
  return [...files];
}

/**
 * Those scripts and every chunk they import statically (what loads before the page runs), whether
 * or not the page preloads it; dynamic `import()`s load later and are not counted.
 */
export function staticImportClosure(dir: string, entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(dir, file), 'utf8');
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) {
      const target = match[1] ?? '';
      visit(target.startsWith('/') ? target.slice(1) : relative(dir, resolve(dir, dirname(file), target)));
    }
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}

/** Gzip sizes (zlib's default level) of what each context loads in the production build. */
export function measureBundle(dir: string): BundleSizes {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    background?: { service_worker?: string };
    content_scripts?: { js?: string[] }[];
  };
  const worker = manifest.background?.service_worker ?? 'background.js';
  const files = {
    popup: staticImportClosure(dir, pageScripts(readFileSync(join(dir, 'popup.html'), 'utf8'))),
    background: [worker, 'background-core.js'],
    wake: [worker],
    content: manifest.content_scripts?.flatMap((script) => script.js ?? []) ?? [],
  };
  if (files.popup.length === 0) throw new Error('popup.html loads no module script: has the build changed?');
  return {
    popup: gzipBytes(dir, files.popup),
    background: gzipBytes(dir, files.background),
    wake: gzipBytes(dir, files.wake),
    content: gzipBytes(dir, files.content),
    files,
  };
}
