import { appOriginOf, selfHostedOriginSet } from './origins';

/**
 * How a person is looked for in PostHog (reference §3): `email` (the property, exact; when that finds
 * no one, the background asks `search` for it and keeps that email in any case), `search` (the
 * email contains it, or a distinct id or the person's UUID equals it), `distinct-id` and `uuid` (from a
 * link to a person's page). No schema library here: the popup reads these too.
 */
export const PERSON_ASK_KINDS = ['email', 'search', 'distinct-id', 'uuid'] as const;
export interface PersonAsk {
  by: (typeof PERSON_ASK_KINDS)[number];
  value: string;
}

/** Text asked for: a selection, the popup's field or a person link; never more than this. */
export const ASK_MAX_LENGTH = 200;

const EMAIL = /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:.]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A line break or another control character: a paragraph was selected, not an address or an id.
const CONTROL = /\p{Cc}/u;

/**
 * Text read for an ask at most: an id or an address with the quotes, brackets and spaces around it is
 * far shorter. Anything longer is refused before any pattern reads it (a page may select a book).
 */
export const ASK_TEXT_MAX_LENGTH = 1000;
// Left out around an ask: what opens a quote or a bracket before it, and what closes one or ends a sentence after.
const OPENERS = '<("\'“‘[';
const CLOSERS = '>)"\'”’].,;:!?';

/**
 * What a selection (the menu's `selectionText`) or the popup's field asks for: an email address is
 * looked up exactly, anything else by PostHog's search (a distinct id or a person's UUID exactly, or
 * part of an email). Quotes, brackets and a sentence's last stop around it are left out; a `mailto:`
 * too. Null when it is empty, longer than an id or an address is, or spans lines. No pattern reads
 * more than ASK_MAX_LENGTH characters of it.
 */
export function askFromText(raw: string): PersonAsk | null {
  if (raw.length > ASK_TEXT_MAX_LENGTH) return null;
  let text = raw.trim();
  if (text.slice(0, 7).toLowerCase() === 'mailto:') text = text.slice(7);
  // One scan from each end (a pattern such as /[.!?]+$/ backtracks: quadratic in a run of stops).
  let start = 0;
  let end = text.length;
  while (start < end && OPENERS.includes(text[start] as string)) start++;
  while (end > start && CLOSERS.includes(text[end - 1] as string)) end--;
  const value = text.slice(start, end).trim();
  if (value === '' || value.length > ASK_MAX_LENGTH || CONTROL.test(value)) return null;
  return EMAIL.test(value) ? { by: 'email', value } : { by: 'search', value };
}

export interface PersonLinkAsk {
  origin: string;
  projectId: number | null;
  ask: PersonAsk;
}

/** A person link read at most: PostHog's are far shorter (an id of ASK_MAX_LENGTH, percent-encoded). */
export const PERSON_LINK_MAX_LENGTH = 4096;

/**
 * A link to a person's page in PostHog (`urls.personByDistinctId`: `/person/<distinct id>`,
 * `urls.personByUUID`: `/persons/<uuid>`, with or without `/project/<id>`), on a PostHog origin Hogmark
 * knows; null for anything else.
 */
export function askFromPersonLink(href: string, appOrigins: readonly string[]): PersonLinkAsk | null {
  if (href.length > PERSON_LINK_MAX_LENGTH || !URL.canParse(href)) return null;
  const url = new URL(href);
  const origin = appOriginOf(url, selfHostedOriginSet(appOrigins));
  if (origin === null) return null;
  const match = /^(?:\/project\/(\d+))?\/(person|persons)\/([^/]+)\/?$/.exec(url.pathname);
  if (!match?.[2] || !match[3]) return null;
  let id: string;
  try {
    id = decodeURIComponent(match[3]);
  } catch {
    return null;
  }
  if (id === '' || id.length > ASK_MAX_LENGTH || CONTROL.test(id)) return null;
  const projectId = match[1] ? Number(match[1]) : null;
  if (match[2] === 'persons') {
    return UUID.test(id) ? { origin, projectId, ask: { by: 'uuid', value: id } } : null;
  }
  return { origin, projectId, ask: { by: 'distinct-id', value: id } };
}

/**
 * The person page's address carries only the id its ask is kept under (`persons.html?ask=<id>`):
 * never what was asked, which would land in the browser's history and synced history.
 */
export function personPagePath(askId: string): `/persons.html?ask=${string}` {
  return `/persons.html?ask=${encodeURIComponent(askId)}`;
}

/** `crypto.randomUUID()`'s form: a kept ask's id. */
export function isPersonAskId(value: string): boolean {
  return UUID.test(value);
}

/** The person page's `?ask=`; null when its address has none (then the page offers the field only). */
export function askIdFromSearch(search: string): string | null {
  return new URLSearchParams(search).get('ask');
}
