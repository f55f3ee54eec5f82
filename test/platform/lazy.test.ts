import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { isUnbuilt, isUnbuiltEntry, lazily, lazyEntries, namespaceOnUse } from '../../lib/platform/lazy';

describe('lazily', () => {
  it('builds on the first read of any property, once, and is then the built object', () => {
    const build = vi.fn(() => z.object({ n: z.int() }));
    const schema = lazily(build);
    expect(build).not.toHaveBeenCalled();
    expect(isUnbuilt(schema)).toBe(true);
    expect(schema.safeParse({ n: 1 })).toEqual({ success: true, data: { n: 1 } });
    expect(schema.safeParse({ n: 'one' }).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
    expect(isUnbuilt(schema)).toBe(false);
    // No Proxy is left in the way: the placeholder has the built schema's prototype and internals.
    const real = z.object({ n: z.int() });
    expect(Object.getPrototypeOf(schema)).toBe(Object.getPrototypeOf(real));
    expect(Object.keys(schema)).toEqual(expect.arrayContaining(Object.keys(real)));
  });

  it('is built by a schema built from it, which parses through it as through the schema itself', () => {
    const inner = lazily(() => z.string().check(z.maxLength(3)));
    const outer = lazily(() => z.object({ name: inner, tags: z.array(inner) }));
    expect(isUnbuilt(inner)).toBe(true);
    expect(outer.safeParse({ name: 'abc', tags: ['x'] }).success).toBe(true);
    expect(outer.safeParse({ name: 'abcd', tags: [] }).success).toBe(false);
    expect(isUnbuilt(inner)).toBe(false);
    expect(
      z
        .extend(
          lazily(() => z.object({ a: z.int() })),
          { b: inner },
        )
        .parse({ a: 1, b: 'b' }),
    ).toEqual({
      a: 1,
      b: 'b',
    });
  });

  it('answers `in` and keeps what is written to it', () => {
    const value = lazily(() => ({ count: 1 }) as { count: number; extra?: string });
    expect('count' in value).toBe(true);
    value.extra = 'x';
    expect(value).toMatchObject({ count: 1, extra: 'x' });
  });

  it('tries again after a build that threw, and refuses an object that reads itself as it is built', () => {
    let fail = true;
    const flaky = lazily(() => {
      if (fail) throw new Error('not yet');
      return { ok: true };
    });
    expect(() => flaky.ok).toThrow('not yet');
    fail = false;
    expect(flaky.ok).toBe(true);
    const loop: { self: unknown } = lazily(() => ({ self: loop.self }));
    expect(() => loop.self).toThrow('read itself');
  });
});

describe('lazyEntries', () => {
  it('builds each entry when it is first read, once, and knows its keys without building any', () => {
    const a = vi.fn(() => ({ from: 'a' }));
    const b = vi.fn(() => ({ from: 'b' }));
    const entries = lazyEntries({ a, b });
    expect(Object.keys(entries)).toEqual(['a', 'b']);
    expect(Object.hasOwn(entries, 'b')).toBe(true);
    expect(a).not.toHaveBeenCalled();
    expect(entries.a.from).toBe('a');
    expect(entries.a).toBe(entries.a);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
    expect(isUnbuiltEntry(entries, 'a')).toBe(false);
    expect(isUnbuiltEntry(entries, 'b')).toBe(true);
    expect(Object.entries(entries)).toEqual([
      ['a', { from: 'a' }],
      ['b', { from: 'b' }],
    ]);
  });
});

describe('namespaceOnUse', () => {
  it('reads the namespace only when a member is read, then calls its methods on it', async () => {
    const calls: unknown[] = [];
    const namespace = {
      prefix: 'tab',
      async setTitle(this: { prefix: string }, details: { title: string }) {
        calls.push(`${this.prefix}:${details.title}`);
      },
    };
    let reads = 0;
    const onUse = namespaceOnUse(() => {
      reads += 1;
      return namespace;
    });
    expect(reads).toBe(0);
    await onUse.setTitle({ title: 'Hogmark' });
    expect(calls).toEqual(['tab:Hogmark']);
    expect(onUse.prefix).toBe('tab');
    expect(reads).toBe(2);
  });

  it('follows the namespace as it is at each read (a member the browser lacks reads as undefined)', () => {
    let current: { version?: number } = { version: 1 };
    const onUse = namespaceOnUse(() => current);
    expect(onUse.version).toBe(1);
    current = {};
    expect(onUse.version).toBeUndefined();
  });
});
