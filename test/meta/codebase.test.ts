import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_KINDS } from '../../lib/platform/error-kinds';
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
      /from '(wxt\/browser|(@wxt-dev\/)?webextension-polyfill[^']*)'|\bchrome\./.test(read(file)),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps components free of API and transport code', () => {
    const offenders = sourceFiles('components').filter((file) => /from 'ky'|lib\/api\//.test(read(file)));
    expect(offenders).toEqual([]);
  });

  it('has no import loops in lib/ (each module can be read, and tested, on its own)', () => {
    const files = sourceFiles('lib');
    const importsOf = (file: string): string[] =>
      [...read(file).matchAll(/from '(\.[^']+)'/g)]
        .map((match) => join(dirname(file), match[1] as string))
        .flatMap((base) =>
          [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].filter((path) => files.includes(path)),
        )
        .slice(0, 100);
    const loops: string[] = [];
    const visit = (file: string, path: string[]) => {
      for (const next of importsOf(file)) {
        const at = path.indexOf(next);
        if (at >= 0) loops.push([...path.slice(at), next].join(' → '));
        else if (path.length < 40) visit(next, [...path, next]);
      }
    };
    for (const file of files) visit(file, [file]);
    expect([...new Set(loops)]).toEqual([]);
  });

  it('keeps no loose files in lib/: each module lives in the group of what it knows', () => {
    const loose = readdirSync(join(ROOT, 'lib')).filter((name) => /\.(ts|tsx)$/.test(name));
    expect(loose).toEqual([]);
  });

  it('never imports upward between the lib/ groups', () => {
    // A group may import from the groups listed before it, never from one after it; the last
    // three (the contexts' own code) never import from each other.
    const layers: Record<string, number> = {
      platform: 0,
      posthog: 1,
      api: 2,
      messaging: 3,
      background: 4,
      content: 4,
      stores: 4,
    };
    const groupOf = (path: string) => path.split('/')[1] as string;
    const upward: string[] = [];
    for (const file of sourceFiles('lib')) {
      const from = groupOf(file);
      for (const match of read(file).matchAll(/from '(\.[^']+)'/g)) {
        const target = join(dirname(file), match[1] as string);
        const to = groupOf(target);
        if (!target.startsWith('lib/') || to === from) continue;
        const allowed = (layers[to] ?? Number.POSITIVE_INFINITY) < (layers[from] ?? -1);
        if (!allowed) upward.push(`${file} → ${target}`);
      }
    }
    expect(Object.keys(layers).sort()).toEqual(
      readdirSync(join(ROOT, 'lib'))
        .filter((name) => statSync(join(ROOT, 'lib', name)).isDirectory())
        .sort(),
    );
    expect(upward).toEqual([]);
  });

  it('uses every English message (a key nothing names is dead text to translate)', () => {
    const sources = [...shipped, 'wxt.config.ts'].map(read).join('\n');
    const named = (key: string) =>
      sources.includes(`'${key}'`) || sources.includes(`"${key}"`) || sources.includes(`__MSG_${key}__`);
    const unused = Object.keys(enMessages).filter((key) => {
      if (named(key)) return false;
      // Built from a template: `error_<kind>` for a kind that exists (lib/platform/errors.ts, typed from
      // ErrorKind) and counted messages `<base>_<plural form>` (tCount('<base>', …)).
      const kind = /^error_([a-z_]+)$/.exec(key)?.[1]?.replaceAll('_', '-');
      if (kind && (ERROR_KINDS as readonly string[]).includes(kind)) return false;
      const counted = /^(.+)_(zero|one|two|few|many|other)$/.exec(key);
      return !(counted && named(counted[1] as string));
    });
    expect(unused).toEqual([]);
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

  it('logs nothing that could carry the key: every console call goes through lib/platform/log.ts', () => {
    // Any console method, called or passed along (`console.error`, `console['warn']`, `{ console }`).
    const offenders = shipped.filter(
      (file) => !file.endsWith('lib/platform/log.ts') && /\bconsole\b/.test(read(file)),
    );
    expect(offenders).toEqual([]);
    // lib/platform/log.ts itself writes one template of a place name and a summary, never the error.
    const calls = read(shipped.find((file) => file.endsWith('lib/platform/log.ts')) as string).match(
      /console\.\w+\([^;]*\);/g,
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the expected source text, not a template.
    expect(calls).toEqual(['console.warn(`[hogmark] ${where}: ${failureSummary(error)}`);']);
  });
});
