/**
 * Every user-facing string goes through `t`. Extension entrypoints install `browser.i18n.getMessage`
 * as the translator in their `main()`; tests install one that reads `_locales/en/messages.json`.
 * Keeping `browser` out of this module lets pure code (errors, stores) run under plain Node.
 */
/**
 * Always given a list, empty for none: asked with no list at all, Firefox leaves a message's `$1` as
 * it is where Chromium puts nothing, and templates (below) fill as both do for a list.
 */
export type Translate = (key: string, substitutions: readonly string[]) => string;

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
  pluralRules ??= new Intl.PluralRules(translate('pluralLocale', []) || 'en');
  const substitutions = [String(count), ...more.map(String)];
  return translate(`${key}_${pluralRules.select(count)}`, substitutions) || t(`${key}_other`, count, ...more);
}

/**
 * Stand-ins for `$1`…`$9`, from Unicode's private use area, which no message holds (a test checks):
 * the browser is asked for a message once with these as its substitutions, and the template it
 * answers is filled here for every later ask, as the browser fills it (each substitution put in as
 * it is, a missing one as nothing, as both browsers do for a list; the browser tests compare the
 * two for every message).
 */
export const SLOTS: readonly string[] = Array.from({ length: 9 }, (_, index) =>
  String.fromCharCode(0xe001 + index),
);
const SLOT = /[\ue001-\ue009]/g;

/** A message's template filled with its substitutions: the browser's answer for the same ask. */
export function fillTemplate(template: string, substitutions: readonly string[]): string {
  return template.replace(SLOT, (slot) => substitutions[slot.charCodeAt(0) - 0xe001] ?? '');
}

export interface TemplateTranslator {
  translate: Translate;
  /** Templates kept from an earlier page (kept-strings.ts): their keys are not asked of the browser. */
  adopt(templates: Readonly<Record<string, string>>): void;
  /** Every template known: kept ones and those the browser gave. */
  known(): Record<string, string>;
}

/**
 * Adapts `browser.i18n.getMessage` (whose key type WXT narrows to the known keys) to a Translate that
 * asks the browser once per key, whatever the substitutions: the popup over a recording asked it 254
 * times in its first second for 70 different strings (each repaint asks again), and the browser's
 * answer cannot change while the page lives (its messages and language are fixed until the extension
 * or the browser restarts). `onLearn` hears of each template the browser gave.
 */
export function templateTranslator(
  getMessage: (key: never, substitutions?: string[]) => string,
  onLearn?: () => void,
): TemplateTranslator {
  const templates = new Map<string, string>();
  return {
    translate: (key, substitutions) => {
      let template = templates.get(key);
      if (template === undefined) {
        template = getMessage(key as never, [...SLOTS]);
        templates.set(key, template);
        onLearn?.();
      }
      return fillTemplate(template, substitutions);
    },
    adopt(kept) {
      for (const [key, template] of Object.entries(kept))
        if (!templates.has(key)) templates.set(key, template);
    },
    known: () => Object.fromEntries(templates),
  };
}

/** The translator of a page that keeps nothing for later (every page but the popup). */
export const translatorFrom = (getMessage: (key: never, substitutions?: string[]) => string): Translate =>
  templateTranslator(getMessage).translate;
