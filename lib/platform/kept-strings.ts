/**
 * The popup's strings, kept in `storage.session` for its next open. A popup opened in a new process
 * (after the worker stopped, as it does after 30 s idle) waited on its first `i18n.getMessage` while
 * the browser sent the renderer every message: 5.7–10.2 ms of its main thread (docs/BENCHMARK.md).
 * Its templates (i18n.ts) come instead with the one read of `storage.session` its first view makes
 * anyway, and the browser is asked only for a message the popup had not shown before.
 *
 * They are the browser's own answers, kept as they were given. `storage.session` is emptied when the
 * extension is reloaded, updated or turned off and when the browser restarts, and only the
 * extension's own pages and background can read or write it (content scripts cannot: storage.ts);
 * the language and the extension's version are kept beside them all the same, and templates kept
 * for another language or version are not used.
 */

import type { TemplateTranslator } from './i18n';

export const KEPT_STRINGS = { key: 'popupStrings', version: 1 } as const;

/** How long after a template the browser gave the popup writes them all (one write for a first view's). */
export const KEEP_AFTER_MS = 100;

/** Where the kept strings are for: the browser's language and the extension's version. */
export interface StringsFor {
  language: string;
  build: string;
}

interface KeptStrings extends StringsFor {
  version: typeof KEPT_STRINGS.version;
  templates: Record<string, string>;
}

/** The templates kept for this language and version, or null (none, another's, or not their shape). */
export function readKeptStrings(raw: unknown, wanted: StringsFor): Record<string, string> | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const kept = raw as Partial<KeptStrings>;
  if (
    kept.version !== KEPT_STRINGS.version ||
    kept.language !== wanted.language ||
    kept.build !== wanted.build
  ) {
    return null;
  }
  const { templates } = kept;
  if (typeof templates !== 'object' || templates === null || Array.isArray(templates)) return null;
  const read: Record<string, string> = {};
  for (const [key, template] of Object.entries(templates))
    if (typeof template === 'string') read[key] = template;
  return read;
}

/**
 * Keeps a translator's templates: once a moment after the browser last gave one (KEEP_AFTER_MS), all
 * it knows are written, so a first view asks nothing of the browser the next time. A failed write
 * costs only that: the next popup asks the browser again.
 */
export function keepStrings(deps: {
  translator: () => TemplateTranslator;
  write: (items: Record<string, KeptStrings>) => Promise<unknown>;
  for: StringsFor;
  setTimer?: (run: () => void, ms: number) => unknown;
}): { learned: () => void } {
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  let waiting = false;
  // Set only when the browser gave a template: nothing new, nothing written.
  const write = () => {
    waiting = false;
    const templates = deps.translator().known();
    const value: KeptStrings = { version: KEPT_STRINGS.version, ...deps.for, templates };
    void deps.write({ [KEPT_STRINGS.key]: value }).catch(() => undefined);
  };
  return {
    learned() {
      if (waiting) return;
      waiting = true;
      setTimer(write, KEEP_AFTER_MS);
    },
  };
}
