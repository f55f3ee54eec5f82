import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './build';

interface LintMessage {
  code: string;
  file?: string;
  message: string;
}

/**
 * Mozilla's own linter (what addons.mozilla.org runs on upload) on the production Firefox build:
 * no errors, and no warning but the one known below.
 */
describe('web-ext lint of the Firefox build', () => {
  const dir = resolve(ROOT, process.env.HOGMARK_OUT_DIR ?? '.output', 'firefox-mv3');
  execFileSync('npx', ['wxt', 'build', '-b', 'firefox', '--mv3'], { cwd: ROOT, stdio: 'pipe' });
  const report = JSON.parse(
    execFileSync(
      'npx',
      ['web-ext', 'lint', '--source-dir', dir, '--output', 'json', '--no-config-discovery'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    ),
  ) as { errors: LintMessage[]; warnings: LintMessage[] };

  it('finds no errors', () => {
    expect(report.errors.map((entry) => `${entry.code} ${entry.file}: ${entry.message}`)).toEqual([]);
  });

  it('warns only of Preact’s innerHTML path, which Hogmark never takes', () => {
    // Preact's renderer sets `innerHTML` only for `dangerouslySetInnerHTML`, which no component uses
    // (test/meta/codebase.test.ts refuses it); the linter cannot tell, so it flags the copies of
    // Preact in the popup and in the chunk the other pages share.
    const unexpected = report.warnings.filter(
      (entry) => !(entry.code === 'UNSAFE_VAR_ASSIGNMENT' && /innerHTML/.test(entry.message)),
    );
    expect(unexpected.map((entry) => `${entry.code} ${entry.file}: ${entry.message}`)).toEqual([]);
  });
});
