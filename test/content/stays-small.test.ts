import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The content script runs in every PostHog tab, so it carries no zod, no API client and no UI: its
 * modules may only import each other at run time (types may come from anywhere).
 */
const ROOT = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(fileURLToPath(new URL(path, ROOT)), 'utf8');

function runtimeImports(source: string): string[] {
  const imports = source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms);
  return [...imports].map((match) => match[1] ?? '');
}

const CONTENT_MODULES = readdirSync(fileURLToPath(new URL('lib/content/', ROOT))).filter((f) =>
  f.endsWith('.ts'),
);

describe('the content script stays small', () => {
  it.each(CONTENT_MODULES)('lib/content/%s imports only its siblings at run time', (file) => {
    for (const specifier of runtimeImports(read(`lib/content/${file}`))) {
      expect(specifier).toMatch(/^\.\/[a-z-]+$/);
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
    expect(runtimeImports(read('entrypoints/content.ts')).every((s) => allowed.includes(s))).toBe(true);
  });

  it('finds the imports it checks', () => {
    expect(runtimeImports(read('lib/content/hint-tracker.ts'))).toEqual(['./page-identity', './page-title']);
  });
});
