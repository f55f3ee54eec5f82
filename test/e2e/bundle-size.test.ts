import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, inject, it } from 'vitest';
import { buildProduction, measureBundle } from '../../scripts/bench-bundle';
import { withoutMain } from '../../scripts/bench-minimal';
import { COMPILE_HINT } from '../../scripts/compile-hint';
import { KB, SIZE_BUDGETS } from '../../scripts/size-budgets';

// The production build (`wxt build`), as users get it: the test build carries test-only matches.
describe('bundle sizes (gzip) of the production build', () => {
  const dir = buildProduction();
  const sizes = measureBundle(dir);

  it('keeps the toolbar button’s title localized (the popup page’s title does not replace it)', () => {
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
      action?: { default_title?: string };
    };
    expect(manifest.action?.default_title).toBe('__MSG_extName__');
  });

  it('declares the oldest Chromium it runs on (URL.canParse is from Chrome 120), as the README says', () => {
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
      minimum_chrome_version?: string;
    };
    expect(manifest.minimum_chrome_version).toBe('120');
    expect(readFileSync('README.md', 'utf8')).toContain('Chromium browsers 120+');
  });
  it('keeps zod out of the popup: its schemas are checked in the background (a value import from one adds 8 KB)', () => {
    for (const file of sizes.files.popup)
      expect(readFileSync(join(dir, file), 'utf8'), file).not.toContain('_zod');
  });
  it('asks Chromium to compile the popup’s script whole, into its code cache (and no chunk it loads later)', () => {
    // The popup loads its one script; "Recorded here" is a chunk it loads on demand.
    expect(sizes.files.popup).toEqual([expect.stringMatching(/^chunks\/popup-[\w-]+\.js$/)]);
    const [entry = ''] = sizes.files.popup;
    expect(readFileSync(join(dir, entry), 'utf8').startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    const others = readdirSync(join(dir, 'chunks')).filter((file) => `chunks/${file}` !== entry);
    expect(others.some((file) => file.startsWith('site-recordings-'))).toBe(true);
    for (const file of others)
      expect(readFileSync(join(dir, 'chunks', file), 'utf8'), file).not.toContain(COMPILE_HINT);
  });
  it('builds the test build’s popup (the browser tests’ and the bench’s) with the JSX users run', () => {
    // The development transform gives every element its source position: `{fileName, lineNumber, …}`.
    const testDir = inject('extensionDir');
    const scripts = measureBundle(testDir).files.popup;
    expect(scripts.length).toBeGreaterThan(0);
    for (const [build, files] of [
      [testDir, scripts],
      [dir, sizes.files.popup],
    ] as const)
      for (const file of files)
        expect(readFileSync(join(build, file), 'utf8'), file).not.toMatch(/lineNumber:/);
  });
  it('hands the polyfill’s `browser` over as it is: no CommonJS interop copies its APIs at every start', () => {
    // The interop's copy lists the export's properties; nothing else in the background does.
    const background = readFileSync(join(dir, 'background-core.js'), 'utf8');
    expect(background).toContain('webextension-polyfill');
    expect(background).not.toContain('getOwnPropertyNames');
  });
  it('leaves the bench’s code floor a script that evaluates and then does nothing (its main() not called)', () => {
    // scripts/bench-minimal.ts: the floor loads this very script (the worker's wake script, all a
    // woken worker evaluates before its first listener runs), then only relays an add.
    const background = readFileSync(join(dir, 'background.js'), 'utf8');
    const read = new Set<string>();
    const wired: string[] = [];
    const api = (path: string): unknown =>
      new Proxy(
        {},
        {
          get: (_target, key) => {
            const at = `${path}.${String(key)}`;
            read.add(at);
            if (key === 'id') return 'code-floor';
            if (key === 'addListener') return () => wired.push(path);
            return api(at);
          },
        },
      );
    const web = {
      URL,
      Request,
      Response,
      Headers,
      ReadableStream,
      AbortController,
      TextEncoder,
      TextDecoder,
    };
    const context: Record<string, unknown> = { ...web, console, performance, chrome: api('chrome') };
    context.globalThis = context;
    context.self = context;
    runInNewContext(withoutMain(background), context);
    expect(wired).toEqual([]);
    // No polyfill: evaluating it reads no API at all.
    expect([...read]).toEqual([]);
  });
  const shown = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

  it.each(Object.keys(SIZE_BUDGETS) as Array<keyof typeof SIZE_BUDGETS>)(
    '%s stays within its budget',
    (context) => {
      const files = sizes.files[context].join(', ');
      expect(sizes[context], `${context} (${files}) is ${shown(sizes[context])}`).toBeLessThanOrEqual(
        SIZE_BUDGETS[context],
      );
    },
  );
});
