/**
 * Every user-facing string goes through `t`. Extension entrypoints install `browser.i18n.getMessage`
 * as the translator in their `main()`; tests install one that reads `_locales/en/messages.json`.
 * Keeping `browser` out of this module lets pure code (errors, stores) run under plain Node.
 */
export type Translate = (key: string, substitutions?: readonly string[]) => string;

/**
 * Every message key, read from the English messages at type-check time: a key that is not there is
 * a type error (test/meta/codebase.test.ts finds the keys nothing uses).
 */
export type MessageKey = Extract<keyof typeof import('../../public/_locales/en/messages.json'), string>;

/** The keys counted messages are built from: `dashboardsCount` for `dashboardsCount_one`/`_other`. */
export type CountedKey = { [K in MessageKey]: K extends `${infer Base}_other` ? Base : never }[MessageKey];

let translate: Translate = (key) => key;

export function setTranslator(fn: Translate): void {
  translate = fn;
  pluralRules = null;
}

export function t(key: MessageKey, ...substitutions: Array<string | number>): string {
  const subs = substitutions.map(String);
  return translate(key, subs) || key;
}

let pluralRules: Intl.PluralRules | null = null;

/**
 * A message that counts something, in the plural form the count takes in the messages' language
 * (`key_one`, `key_other`, … as `Intl.PluralRules` names them; `_other` when a form is missing).
 * The count is `$1`; `more` fill `$2`… The language is the messages' own (`pluralLocale`), since a
 * sentence must agree with the words it is written in, not with the browser's language.
 */
export function tCount(key: CountedKey, count: number, ...more: Array<string | number>): string {
  pluralRules ??= new Intl.PluralRules(translate('pluralLocale') || 'en');
  const substitutions = [String(count), ...more.map(String)];
  return translate(`${key}_${pluralRules.select(count)}`, substitutions) || t(`${key}_other`, count, ...more);
}

/** Adapts `browser.i18n.getMessage` (whose key type WXT narrows to the known keys) to a Translate. */
export function translatorFrom(getMessage: (key: never, substitutions?: string[]) => string): Translate {
  return (key, substitutions) => getMessage(key as never, substitutions ? [...substitutions] : undefined);
}
