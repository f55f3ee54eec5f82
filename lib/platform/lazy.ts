/**
 * Objects built on first use, not at import. Building zod schemas was most of what the background's
 * modules did when the service worker started (docs/BENCHMARK.md, "Where the worker's start goes"),
 * and the worker starts again after every 30 s idle, for one event that needs a few of them.
 */

/** Placeholders not yet built (for tests: what an import built, and what it left for later). */
const unbuilt = new WeakSet<object>();

/** How many placeholders `lazily` made, and how many of them were built (for tests). */
export const lazyCounts = { made: 0, built: 0 };

/**
 * `lazily(() => z.object({ … }))`: the schema, typed as it, built the first time anything reads a
 * property of it (a parse, or another schema built from it). Until then it is a placeholder whose
 * prototype is a Proxy; the first lookup builds the object and turns the placeholder into it (its
 * own properties, then its prototype), so that lookup and every later one read plain properties and
 * no Proxy stays in the way of a parse. Methods see the placeholder as `this`, with the built
 * object's own properties: for zod, the same internals. What a placeholder does not answer before it
 * is built: its own keys (Object.keys is empty until then).
 */
export function lazily<T extends object>(build: () => T): T {
  let state: 'waiting' | 'building' | 'built' = 'waiting';
  const placeholder: object = Object.create(
    new Proxy(
      {},
      {
        get: (_target, key) => Reflect.get(materialize(), key),
        has: (_target, key) => key in materialize(),
        set: (_target, key, value) => Reflect.set(materialize(), key, value),
      },
    ),
  );
  unbuilt.add(placeholder);
  lazyCounts.made += 1;
  function materialize(): object {
    if (state === 'built') return placeholder;
    if (state === 'building') throw new Error('A lazily built object read itself while being built.');
    state = 'building';
    try {
      const value = build();
      Object.defineProperties(placeholder, Object.getOwnPropertyDescriptors(value));
      Object.setPrototypeOf(placeholder, Object.getPrototypeOf(value));
    } catch (error) {
      state = 'waiting';
      throw error;
    }
    state = 'built';
    unbuilt.delete(placeholder);
    lazyCounts.built += 1;
    return placeholder;
  }
  return placeholder as T;
}

/** Whether `value` is a placeholder of `lazily` not built yet. */
export const isUnbuilt = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && unbuilt.has(value);

/**
 * A record whose every entry is built from its factory the first time it is read, then kept (the
 * message protocol: one message's schemas are built when that message first comes). Keys and `in`
 * need no entry built; Object.entries and Object.values build them all. Typed as the record of what
 * the factories return.
 */
export function lazyEntries<const Factories extends Record<string, () => unknown>>(
  factories: Factories,
): { readonly [K in keyof Factories]: ReturnType<Factories[K]> } {
  const entries = {};
  for (const [key, build] of Object.entries(factories)) {
    Object.defineProperty(entries, key, {
      configurable: true,
      enumerable: true,
      get() {
        const value = build();
        Object.defineProperty(entries, key, { value, enumerable: true });
        return value;
      },
    });
  }
  return entries as { readonly [K in keyof Factories]: ReturnType<Factories[K]> };
}

/** Whether the entry `key` of a `lazyEntries` record is still waiting to be built. */
export const isUnbuiltEntry = (entries: object, key: string): boolean =>
  typeof Object.getOwnPropertyDescriptor(entries, key)?.get === 'function';

/**
 * One of the browser's API namespaces (`browser.action`, `browser.windows`…), read only when one of
 * its members is. The browser makes a namespace's bindings the first time it is read, a fraction of
 * a millisecond to over one each, and a worker woken for a shortcut or a tab's change needs few of
 * them: a room that keeps the namespace from its start keeps it this way. Methods are called on the
 * namespace itself.
 */
export function namespaceOnUse<T extends object>(read: () => T): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const namespace = read();
      const member: unknown = Reflect.get(namespace, key);
      return typeof member === 'function' ? member.bind(namespace) : member;
    },
  });
}
