import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/platform/errors';
import { failureSummary, logFailure } from '../../lib/platform/log';

const KEY = `phx_${'k'.repeat(43)}`;

describe('logFailure', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes the kind and status only, never what the error was told', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    logFailure('playlists', new AppError('server', { status: 502, detail: `echo ${KEY}` }));
    logFailure('copy link', new TypeError(`Failed to fetch https://x.example/?key=${KEY}`));
    logFailure('tab context', `a string with ${KEY}`);
    const odd = new Error(KEY);
    odd.name = `Named ${KEY}`;
    logFailure('view watchers', odd);
    expect(warn.mock.calls).toEqual([
      ['[hogmark] playlists: server 502'],
      ['[hogmark] copy link: TypeError'],
      ['[hogmark] tab context: string'],
      ['[hogmark] view watchers: Error'],
    ]);
    expect(JSON.stringify(warn.mock.calls)).not.toContain(KEY.slice(4, 20));
  });

  it('summarises without the error text', () => {
    expect(failureSummary(new AppError('timeout'))).toBe('timeout');
  });
});
