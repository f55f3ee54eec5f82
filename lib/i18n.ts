/**
 * Every user-facing string goes through `t`. Extension entrypoints install `browser.i18n.getMessage`
 * as the translator in their `main()`; tests install one that reads `_locales/en/messages.json`.
 * Keeping `browser` out of this module lets pure code (errors, stores) run under plain Node.
 */
export type Translate = (key: string, substitutions?: readonly string[]) => string;

let translate: Translate = (key) => key;

export function setTranslator(fn: Translate): void {
  translate = fn;
}

export function t(key: string, ...substitutions: Array<string | number>): string {
  const subs = substitutions.map(String);
  return translate(key, subs) || key;
}

/** Adapts `browser.i18n.getMessage` (whose key type WXT narrows to the known keys) to a Translate. */
export function translatorFrom(getMessage: (key: never, substitutions?: string[]) => string): Translate {
  return (key, substitutions) => getMessage(key as never, substitutions ? [...substitutions] : undefined);
}
