import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, readSource } from '../support/source-files';

/**
 * The content script runs in every PostHog tab, so it carries no zod, no API client and no UI: its
 * modules may only import each other at run time (types may come from anywhere), and the few
 * lib/posthog modules that themselves import nothing at run time, so the content script and the
 * background read PostHog's ids and titles with the same code.
 */

function runtimeImports(source: string): string[] {
  const imports = source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms);
  return [...imports].map((match) => match[1] ?? '');
}

const CONTENT_MODULES = readdirSync(join(REPO_ROOT, 'lib/content')).filter((f) => f.endsWith('.ts'));

describe('the content script stays small', () => {
  it.each(CONTENT_MODULES)('lib/content/%s imports only its siblings at run time', (file) => {
    for (const specifier of runtimeImports(readSource(`lib/content/${file}`))) {
      const shared = /^\.\.\/posthog\/([a-z-]+)$/.exec(specifier)?.[1];
      if (shared) expect(runtimeImports(readSource(`lib/posthog/${shared}.ts`)), specifier).toEqual([]);
      else expect(specifier).toMatch(/^\.\/[a-z-]+$/);
    }
  });

  it('the entrypoint imports only wxt, the match lists and lib/content', () => {
    const allowed = [
      'wxt/browser',
      'wxt/utils/define-content-script',
      '../lib/posthog/app-origins',
      '../lib/content/page-watcher',
      '../lib/content/player-time',
      '../lib/content/in-page-button',
      '../lib/content/session-relay',
      '../lib/content/page-origin',
    ];
    expect(runtimeImports(readSource('entrypoints/content.ts')).every((s) => allowed.includes(s))).toBe(true);
  });

  it('finds the imports it checks', () => {
    expect(runtimeImports(readSource('lib/content/hint-tracker.ts'))).toEqual([
      './page-identity',
      './page-title',
    ]);
  });
});
