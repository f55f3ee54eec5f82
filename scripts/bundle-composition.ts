/**
 * `npx tsx scripts/bundle-composition.ts`: builds the production extension with source maps into
 * .output/composition and prints, for the popup, background and content script, which sources
 * their bytes come from (minified bytes attributed through the source map, largest first).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { ROOT } from '../test/e2e/build';
import { measureBundle } from './bench-bundle';

const out = resolve(ROOT, '.output/composition');
execFileSync('npx', ['wxt', 'build'], {
  cwd: ROOT,
  stdio: 'pipe',
  env: { ...process.env, HOGMARK_SOURCEMAP: '1', HOGMARK_OUT_DIR: '.output/composition' },
});
const dir = join(out, 'chrome-mv3');
const { files } = measureBundle(dir);

function attribute(file: string): Map<string, number> {
  const code = readFileSync(join(dir, file), 'utf8');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(join(dir, `${file}.map`), 'utf8')));
  const bytes = new Map<string, number>();
  const lines = code.split('\n');
  const mappings: Array<{ line: number; column: number; source: string }> = [];
  map.eachMapping((m) =>
    mappings.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source ?? '?' }),
  );
  mappings.sort((a, b) => a.line - b.line || a.column - b.column);
  for (let i = 0; i < mappings.length; i++) {
    const here = mappings[i] as (typeof mappings)[number];
    const next = mappings[i + 1];
    const end = next && next.line === here.line ? next.column : (lines[here.line - 1] ?? '').length;
    const source = here.source.replace(/^.*node_modules\//, 'npm:').replace(/^(\.\.\/)+/, '');
    bytes.set(source, (bytes.get(source) ?? 0) + Math.max(0, end - here.column));
  }
  return bytes;
}

for (const context of ['popup', 'background', 'content'] as const) {
  const total = new Map<string, number>();
  for (const file of files[context]) {
    for (const [source, size] of attribute(file)) total.set(source, (total.get(source) ?? 0) + size);
  }
  const byPackage = new Map<string, number>();
  for (const [source, size] of total) {
    const key = source.startsWith('npm:')
      ? source
          .split('/')
          .slice(0, source.startsWith('npm:@') ? 2 : 1)
          .join('/')
      : source;
    byPackage.set(key, (byPackage.get(key) ?? 0) + size);
  }
  const sum = [...total.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${context}: ${(sum / 1024).toFixed(1)} KB minified`);
  for (const [source, size] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${source}`);
  }
}
