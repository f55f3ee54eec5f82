/**
 * What a recorded site wrote, as PostHog answers it (a person's name or email, where a recording
 * started), bounded where Hogmark reads it: anyone who can load the tracked site sets these, and every
 * schema that stores or carries them has a limit. Read once here, never refused later.
 */

/** The longest name or email of a person Hogmark keeps; a longer one is cut. */
export const MAX_PERSON_TEXT = 400;
/** The longest start address Hogmark keeps (SSO and UTM addresses run long); a longer one is left out. */
export const MAX_START_URL = 2048;

/** A person's name or email, cut at MAX_PERSON_TEXT (never between the two halves of an emoji). */
export function personText(text: string): string {
  if (text.length <= MAX_PERSON_TEXT) return text;
  const last = text.charCodeAt(MAX_PERSON_TEXT - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? MAX_PERSON_TEXT - 1 : MAX_PERSON_TEXT;
  return text.slice(0, end);
}

/** Where a recording started; null when PostHog did not say or it is too long (cut short it would be another address). */
export function startUrlOrNull(url: string | null | undefined): string | null {
  const trimmed = url?.trim();
  return trimmed && trimmed.length <= MAX_START_URL ? trimmed : null;
}
