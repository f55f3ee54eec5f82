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

/** How many answers a translator keeps; past it, it starts again (a page of 10,000 named rows). */
export const TRANSLATION_CACHE_SIZE = 1000;

/**
 * Adapts `browser.i18n.getMessage` (whose key type WXT narrows to the known keys) to a Translate that
 * asks the browser once per key and substitutions: the popup over a recording asked it 254 times in
 * its first second for 70 different strings (each repaint asks again; before its first frame, 80
 * times for 68), and the browser's answer cannot change while the page lives (its messages and
 * language are fixed until the extension or the browser restarts).
 */
export function translatorFrom(getMessage: (key: never, substitutions?: string[]) => string): Translate {
  const answers = new Map<string, string>();
  return (key, substitutions) => {
    // The whole ask as JSON: substitutions may hold anything, and no two different asks share it.
    const cacheKey = JSON.stringify([key, ...(substitutions ?? [])]);
    const known = answers.get(cacheKey);
    if (known !== undefined) return known;
    const answer = getMessage(key as never, substitutions ? [...substitutions] : undefined);
    if (answers.size >= TRANSLATION_CACHE_SIZE) answers.clear();
    answers.set(cacheKey, answer);
    return answer;
  };
}
