import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KINDS } from '../../lib/platform/error-policy';
import { enMessages } from '../support/i18n';
import { localImports, REPO_ROOT, readSource, sourceFiles } from '../support/source-files';

const shipped = [...sourceFiles('lib'), ...sourceFiles('components'), ...sourceFiles('entrypoints')];

describe('the codebase itself', () => {
  it('never writes HTML as a string into the DOM', () => {
    const offenders = shipped.filter((file) =>
      /innerHTML|outerHTML\s*=|insertAdjacentHTML|dangerouslySetInnerHTML/.test(readSource(file)),
    );
    expect(offenders).toEqual([]);
  });

  it('never evaluates strings as code', () => {
    const offenders = shipped.filter((file) => /\beval\(|new Function\(/.test(readSource(file)));
    expect(offenders).toEqual([]);
  });

  it('touches `browser` only in entrypoints (lib and components get it injected)', () => {
    const offenders = [...sourceFiles('lib'), ...sourceFiles('components')].filter((file) =>
      /from '(wxt\/browser|(@wxt-dev\/)?webextension-polyfill[^']*)'|\bchrome\./.test(readSource(file)),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps components free of API and transport code', () => {
    const offenders = sourceFiles('components').filter((file) =>
      /from 'ky'|lib\/api\//.test(readSource(file)),
    );
    expect(offenders).toEqual([]);
  });

  it('has no import loops in lib/ (each module can be read, and tested, on its own)', () => {
    const files = sourceFiles('lib');
    // Depth-first, each module finished once: an import of a module still on the path closes a loop.
    const state = new Map<string, 'open' | 'done'>();
    const loops: string[] = [];
    const visit = (file: string, path: string[]) => {
      state.set(file, 'open');
      for (const next of localImports(file, files)) {
        if (state.get(next) === 'open') loops.push([...path.slice(path.indexOf(next)), next].join(' → '));
        else if (!state.has(next)) visit(next, [...path, next]);
      }
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file, [file]);
    expect(loops).toEqual([]);
  });

  it('keeps no loose files in lib/: each module lives in the group of what it knows', () => {
    const loose = readdirSync(join(REPO_ROOT, 'lib')).filter((name) => /\.(ts|tsx)$/.test(name));
    expect(loose).toEqual([]);
  });

  it('never imports upward between the lib/ groups', () => {
    // A group may import from the groups listed before it, never from one after it; the three
    // contexts' own code never import from each other; the worker's wake script hands its events to
    // the background.
    const layers: Record<string, number> = {
      platform: 0,
      posthog: 1,
      api: 2,
      messaging: 3,
      background: 4,
      content: 4,
      stores: 4,
      wake: 5,
    };
    const groupOf = (path: string) => path.split('/')[1] as string;
    const upward: string[] = [];
    for (const file of sourceFiles('lib')) {
      const from = groupOf(file);
      for (const match of readSource(file).matchAll(/from '(\.[^']+)'/g)) {
        const target = join(dirname(file), match[1] as string);
        const to = groupOf(target);
        if (!target.startsWith('lib/') || to === from) continue;
        const allowed = (layers[to] ?? Number.POSITIVE_INFINITY) < (layers[from] ?? -1);
        if (!allowed) upward.push(`${file} → ${target}`);
      }
    }
    expect(Object.keys(layers).sort()).toEqual(
      readdirSync(join(REPO_ROOT, 'lib'))
        .filter((name) => statSync(join(REPO_ROOT, 'lib', name)).isDirectory())
        .sort(),
    );
    expect(upward).toEqual([]);
  });

  it('uses every English message (a key nothing names is dead text to translate)', () => {
    const sources = [...shipped, 'wxt.config.ts'].map(readSource).join('\n');
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
      for (const match of readSource(file).matchAll(/\bt\(\s*'([A-Za-z0-9_]+)'/g)) {
        const key = match[1] as string;
        if (!enMessages[key]) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('logs nothing that could carry the key: every console call goes through lib/platform/log.ts', () => {
    // Any console method, called or passed along (`console.error`, `console['warn']`, `{ console }`).
    const offenders = shipped.filter(
      (file) => !file.endsWith('lib/platform/log.ts') && /\bconsole\b/.test(readSource(file)),
    );
    expect(offenders).toEqual([]);
    // lib/platform/log.ts itself writes one template of a place name and a summary, never the error.
    const calls = readSource(shipped.find((file) => file.endsWith('lib/platform/log.ts')) as string).match(
      /console\.\w+\([^;]*\);/g,
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the expected source text, not a template.
    expect(calls).toEqual(['console.warn(`[hogmark] ${where}: ${failureSummary(error)}`);']);
  });
});
