/** How many characters of a collection's name a button shows (its tooltip shows the whole name). */
export const BUTTON_NAME_CHARS = 20;
/** How many a browser menu item shows. */
export const MENU_NAME_CHARS = 40;

/**
 * A collection's name cut to `max` characters with an ellipsis, for a label that names it. The name
 * is PostHog's user's text: it is only ever set as text, never as markup.
 */
export function shortCollectionName(name: string, max = BUTTON_NAME_CHARS): string {
  const whole = name.trim().replace(/\s+/g, ' ');
  const chars = Array.from(whole);
  return chars.length <= max
    ? whole
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}
