import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Firefox runs in a process group of its own (spawned `detached`), so its content and utility
 * processes end with it. Every group still running is ended when the test process exits, however
 * it exits; and each is listed in `pidDir`, where the suite's teardown ends whatever a killed
 * worker could not.
 */

const running = new Set<number>();
let exitHookSet = false;

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group has already ended.
  }
}

export interface TrackedGroup {
  /** Waits up to 5 s for Firefox to exit by itself (after a quit), then kills its whole group. */
  end(): Promise<void>;
}

export function trackProcessGroup(child: ChildProcess, pidDir?: string): TrackedGroup {
  const pid = child.pid;
  if (pid === undefined) return { end: async () => undefined };
  running.add(pid);
  if (!exitHookSet) {
    exitHookSet = true;
    process.once('exit', () => {
      for (const group of running) killGroup(group);
    });
  }
  const pidFile = pidDir ? join(pidDir, String(pid)) : undefined;
  if (pidFile) {
    writeFileSync(pidFile, '');
  }
  return {
    async end() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        const killer = setTimeout(() => killGroup(pid), 5_000);
        await exited;
        clearTimeout(killer);
      }
      // The main process may be gone while a content process of its group lingers.
      killGroup(pid);
      running.delete(pid);
      if (pidFile) rmSync(pidFile, { force: true });
    },
  };
}

/** Ends every group listed in `pidDir` (the suite's teardown), then removes the list. */
export function endListedGroups(pidDir: string): number {
  let ended = 0;
  if (!existsSync(pidDir)) return 0;
  for (const name of readdirSync(pidDir, { withFileTypes: true })) {
    const pid = Number(name.name);
    if (name.isFile() && Number.isInteger(pid) && pid > 1) {
      killGroup(pid);
      ended++;
    }
  }
  rmSync(pidDir, { recursive: true, force: true });
  return ended;
}
