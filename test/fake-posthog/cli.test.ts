import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

describe('the CLI', () => {
  it('prints its URL and keys, serves, and stops cleanly on SIGTERM', async () => {
    // tsx's own binary (what `npm run fake-posthog` runs), so SIGTERM reaches it and not an npx wrapper.
    const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
    const args = ['test/fake-posthog/cli.ts', '--port', '0', '--flavor', 'contract', '--seed', 'empty'];
    const child = spawn(tsx, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    const reader = createInterface({ input: child.stdout });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`CLI printed only: ${lines.join(' | ')}`)), 15_000);
      reader.on('line', (line) => {
        lines.push(line);
        if (lines.length === 5) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => reject(new Error(`CLI exited early with ${code}`)));
    });
    const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(lines[0] ?? '')?.[1];
    expect(url).toBeDefined();
    const keys = lines.slice(1).map((line) => /^key (phx_[A-Za-z0-9]{43}) scopes (\S+)$/.exec(line));
    expect(keys.every(Boolean)).toBe(true);
    expect(keys[0]?.[2]).toBe('*');
    expect(keys[1]?.[2]).toContain('dashboard:read,');
    const response = await fetch(`${url}/api/projects/1/dashboards/`, {
      headers: { authorization: `Bearer ${keys[0]?.[1]}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
