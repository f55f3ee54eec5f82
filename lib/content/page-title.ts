/** Pages whose name PostHog puts in the tab title; the only ones a title hint is sent for. */
export type TitledKind = 'recording' | 'dashboard' | 'playlist';

/** The hint schema caps titles at 200 characters; a longer name is cut, not refused. */
const MAX_NAME_LENGTH = 200;

// The scene word PostHog puts before "PostHog" ("Checkout flow • Recording • PostHog").
const SCENE_WORDS: ReadonlyMap<string, TitledKind> = new Map([
  ['recording', 'recording'],
  ['dashboard', 'dashboard'],
  ['playlist', 'playlist'],
]);

export interface PageTitle {
  name: string;
  kind: TitledKind;
}

/**
 * `"<name> • <Scene> • PostHog"` → the name and the kind of page it names; null for every other
 * shape ("PostHog" while a scene loads, list pages, shared pages), so no guess is ever sent.
 */
export function parsePageTitle(title: string): PageTitle | null {
  const parts = title.replace(/\s+/g, ' ').trim().split(/ ?• ?/);
  if (parts.length < 3 || parts.at(-1)?.toLowerCase() !== 'posthog') return null;
  const kind = SCENE_WORDS.get(parts.at(-2)?.toLowerCase() ?? '');
  // A name may itself contain the separator, so everything before the scene word is the name.
  const name = parts.slice(0, -2).join(' • ').trim();
  if (!kind || name === '') return null;
  return { name: name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH - 1)}…` : name, kind };
}
