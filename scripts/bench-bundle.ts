import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../test/e2e/build';

export interface BundleSizes {
  popup: number;
  background: number;
  content: number;
  /** The files counted for each figure, relative to the build folder. */
  files: { popup: string[]; background: string[]; content: string[] };
}

/** Builds the production Chromium extension (`wxt build`) into the out folder and returns its path. */
export function buildProduction(): string {
  execFileSync('npx', ['wxt', 'build'], { cwd: ROOT, stdio: 'pipe' });
  return resolve(ROOT, process.env.HOGMARK_OUT_DIR ?? '.output', 'chrome-mv3');
}

const gzipBytes = (dir: string, files: readonly string[]) =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dir, file))).length, 0);

/** Every script popup.html loads: its module script and the chunks it preloads. */
export function popupScripts(html: string): string[] {
  const files = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModule = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isModule || isPreload) && url) files.add(url.replace(/^\//, ''));
  }
  return [...files];
}

/** Gzip sizes (zlib's default level) of what each context loads in the production build. */
export function measureBundle(dir: string): BundleSizes {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    background?: { service_worker?: string };
    content_scripts?: { js?: string[] }[];
  };
  const files = {
    popup: popupScripts(readFileSync(join(dir, 'popup.html'), 'utf8')),
    background: [manifest.background?.service_worker ?? 'background.js'],
    content: manifest.content_scripts?.flatMap((script) => script.js ?? []) ?? [],
  };
  if (files.popup.length === 0) throw new Error('popup.html loads no module script: has the build changed?');
  return {
    popup: gzipBytes(dir, files.popup),
    background: gzipBytes(dir, files.background),
    content: gzipBytes(dir, files.content),
    files,
  };
}
