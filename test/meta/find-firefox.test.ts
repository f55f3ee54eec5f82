import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFirefox } from '../e2e/firefox/launch';

describe('findFirefox (the Firefox suite needs one)', () => {
  it('takes FIREFOX_PATH when it points at a file', () => {
    expect(findFirefox({ FIREFOX_PATH: process.execPath, PATH: '' }, [])).toBe(process.execPath);
  });

  it('says clearly when FIREFOX_PATH points at nothing', () => {
    expect(() => findFirefox({ FIREFOX_PATH: '/nowhere/firefox', PATH: '' }, [])).toThrow(
      'FIREFOX_PATH is set to /nowhere/firefox, but no file is there.',
    );
  });

  it('finds firefox-esr on the PATH', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hogmark-path-'));
    try {
      await writeFile(join(dir, 'firefox-esr'), '');
      expect(findFirefox({ PATH: `/nowhere:${dir}` }, [])).toBe(join(dir, 'firefox-esr'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says how to install one when there is none', () => {
    expect(() => findFirefox({ PATH: '/nowhere' }, [])).toThrow(
      'No Firefox found. Install one (Debian: `apt-get install firefox-esr`) or set FIREFOX_PATH to its binary.',
    );
  });
});
