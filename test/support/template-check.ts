import { fillTemplate, SLOTS } from '../../lib/platform/i18n';
import { enMessages } from './i18n';

/** Substitutions a message may meet: a `$` form, a slot itself, markup, nothing at all. */
export const AWKWARD_SUBSTITUTIONS: readonly string[] = [
  '$1',
  '$$',
  SLOTS[1] as string,
  '<b>',
  '',
  'é ü',
  '9',
  '$2x',
  'z',
];

/** What a page asks `i18n.getMessage` for each message: with the slots, with the awkward values, with one, with an empty list. */
export interface BrowserAnswers {
  key: string;
  template: string;
  awkward: string;
  one: string;
  none: string;
}

export interface AskEvery {
  keys: string[];
  slots: string[];
  awkward: string[];
}

/** What askEveryMessage is sent: every English message's key, the slots and the awkward values. */
export const askEvery = (): AskEvery => ({
  keys: Object.keys(enMessages),
  slots: [...SLOTS],
  awkward: [...AWKWARD_SUBSTITUTIONS],
});

/**
 * Runs in an extension page (`api` is `chrome` or `browser`): the browser's own answers for each key.
 * Self-contained: it travels to the page as source.
 */
export function askEveryMessage({ keys, slots, awkward }: AskEvery): BrowserAnswers[] {
  const scope = globalThis as unknown as {
    browser?: { i18n: { getMessage(key: string, subs?: string[]): string } };
    chrome?: { i18n: { getMessage(key: string, subs?: string[]): string } };
  };
  const i18n = (scope.browser ?? scope.chrome)?.i18n;
  if (!i18n) throw new Error('No i18n here.');
  return keys.map((key) => ({
    key,
    template: i18n.getMessage(key, slots),
    awkward: i18n.getMessage(key, awkward),
    one: i18n.getMessage(key, ['only']),
    none: i18n.getMessage(key, []),
  }));
}

/** Each way the translator's filled template differs from the browser's answer to the same ask. */
export function templateMismatches(answers: readonly BrowserAnswers[]): string[] {
  const wrong: string[] = [];
  for (const { key, template, awkward, one, none } of answers) {
    if (fillTemplate(template, AWKWARD_SUBSTITUTIONS) !== awkward) wrong.push(`${key} (nine substitutions)`);
    if (fillTemplate(template, ['only']) !== one) wrong.push(`${key} (one substitution)`);
    if (fillTemplate(template, []) !== none) wrong.push(`${key} (an empty list)`);
  }
  return wrong;
}

/**
 * A popup's text without the player's position (" · At 00:12", "Note at 00:12", "link at 00:12"):
 * one popup may know it and another not yet, whatever their strings.
 */
export const withoutPosition = (text: string): string => text.replace(/ ?(· )?at \d\d:\d\d/gi, '');
