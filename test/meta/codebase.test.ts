import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { enMessages } from '../support/i18n';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(ROOT, dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(relative(ROOT, path)));
    else if (/\.(ts|tsx)$/.test(name)) out.push(relative(ROOT, path));
  }
  return out;
}

const shipped = [...sourceFiles('lib'), ...sourceFiles('components'), ...sourceFiles('entrypoints')];
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe('the codebase itself', () => {
  it('never writes HTML as a string into the DOM', () => {
    const offenders = shipped.filter((file) =>
      /innerHTML|outerHTML\s*=|insertAdjacentHTML|dangerouslySetInnerHTML/.test(read(file)),
    );
    expect(offenders).toEqual([]);
  });

  it('never evaluates strings as code', () => {
    const offenders = shipped.filter((file) => /\beval\(|new Function\(/.test(read(file)));
    expect(offenders).toEqual([]);
  });

  it('touches `browser` only in entrypoints (lib and components get it injected)', () => {
    const offenders = [...sourceFiles('lib'), ...sourceFiles('components')].filter((file) =>
      /from 'wxt\/browser'|from 'webextension-polyfill'|\bchrome\./.test(read(file)),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps components free of API and transport code', () => {
    const offenders = sourceFiles('components').filter((file) => /from 'ky'|lib\/api\//.test(read(file)));
    expect(offenders).toEqual([]);
  });

  it('has an English message for every key passed to t()', () => {
    const missing: string[] = [];
    for (const file of shipped) {
      for (const match of read(file).matchAll(/\bt\(\s*'([A-Za-z0-9_]+)'/g)) {
        const key = match[1] as string;
        if (!enMessages[key]) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('logs nothing that could carry the key', () => {
    const offenders = shipped.filter((file) => /console\.(log|info|debug)\(/.test(read(file)));
    expect(offenders).toEqual([]);
  });
});
