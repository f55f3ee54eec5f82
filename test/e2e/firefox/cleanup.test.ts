import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../build';
import { launchFirefoxExtension } from './harness';
import { launchFirefox } from './launch';
import { endListedGroups } from './process-group';

const run = promisify(execFile);

/** True while any process of the group led by `pid` is alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Process ids of every Firefox started on a profile under `marker` (its path is on the command line). */
async function firefoxesOn(marker: string): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const line = await run('cat', [`/proc/${name}/cmdline`]).then(
      ({ stdout }) => stdout,
      () => '',
    );
    if (line.includes(marker)) pids.push(Number(name));
  }
  return pids;
}

describe('Firefox: the harness ends every Firefox it started, whatever happens', () => {
  const firefoxPath = inject('firefoxPath');
  let pidDir = '';
  afterEach(async () => {
    if (pidDir) endListedGroups(pidDir);
  });

  it('a launch that fails once Firefox is up (the add-on cannot be installed) leaves none running', async () => {
    pidDir = await mkdtemp(join(tmpdir(), 'hogmark-cleanup-'));
    const missing = join(pidDir, 'no-extension-here');
    await expect(launchFirefoxExtension({ firefoxPath, extensionDir: missing, pidDir })).rejects.toThrow(
      /webExtension\.install/,
    );
    // The group's entry is gone only once its processes are: nothing is left for the teardown.
    expect(await readdir(pidDir)).toEqual([]);
  });

  it("the suite's teardown ends a Firefox a test file left running, with all its processes", async () => {
    pidDir = await mkdtemp(join(tmpdir(), 'hogmark-cleanup-'));
    const left = await launchFirefox({ firefoxPath, pidDir });
    const pid = left.pid as number;
    expect(groupAlive(pid)).toBe(true);
    expect(await readdir(pidDir)).toEqual([String(pid)]);
    expect(endListedGroups(pidDir)).toBe(1);
    await expect.poll(() => groupAlive(pid)).toBe(false);
    left.bidi.close();
    left.marionette.close();
  });

  it('a test process that exits without closing Firefox takes it along', async () => {
    const marker = await mkdtemp(join(tmpdir(), 'hogmark-exit-'));
    try {
      // A process of its own, as a test worker: it launches Firefox, then exits without a close.
      const script = join(marker, 'worker.mts');
      await writeFile(
        script,
        `
        import { launchFirefox } from ${JSON.stringify(join(ROOT, 'test/e2e/firefox/launch.ts'))};
        const firefox = await launchFirefox({ firefoxPath: ${JSON.stringify(firefoxPath)} });
        console.log(firefox.pid);
        process.exit(3);
      `,
      );
      const child = await run('npx', ['tsx', script], {
        cwd: ROOT,
        env: { ...process.env, TMPDIR: marker },
      }).then(
        () => ({ code: 0, stdout: '' }),
        (error: { code?: number; stdout?: string }) => error,
      );
      expect(child.code).toBe(3);
      const pid = Number(String(child.stdout).trim());
      expect(pid).toBeGreaterThan(1);
      await expect.poll(() => groupAlive(pid)).toBe(false);
      await expect.poll(() => firefoxesOn(marker)).toEqual([]);
    } finally {
      await rm(marker, { recursive: true, force: true });
    }
  });
});
