import { isReservedWord } from '../posthog/context-ids';
import type { TitledKind } from './page-title';

/**
 * What a PostHog URL shows, as far as the content script needs to know: which kind of titled page
 * and which item. A trimmed copy of `parsePageContext` (lib/posthog/context.ts), because that module brings
 * zod into the content script (its reserved words are the same list, context-ids.ts); the background
 * still decides the real context from the tab URL, so a disagreement here can only drop a hint, never
 * misfile one.
 */
export interface PageIdentity {
  kind: TitledKind | 'recording';
  id: string;
}

function openRecordingId(params: string): string | undefined {
  for (const pair of params.split('&')) {
    const [key, value = ''] = pair.split('=');
    if (key === 'sessionRecordingId' && value !== '') return value;
  }
  return undefined;
}

export function pageIdentityOf(href: string): PageIdentity | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  // A recording opened over any page wins over the page under it (reference §12, precedence).
  const open = openRecordingId(url.hash.slice(1)) ?? openRecordingId(url.search.slice(1));
  if (open !== undefined) return { kind: 'recording', id: open };

  const segments = url.pathname.replace(/\/+$/, '').split('/').slice(1);
  const [area, first, second] = segments[0] === 'project' ? segments.slice(2) : segments;
  if (area === 'dashboard' && first !== undefined && /^[1-9]\d*$/.test(first)) {
    return { kind: 'dashboard', id: first };
  }
  if ((area !== 'replay' && area !== 'recordings') || first === undefined) return null;
  if (first === 'playlists') {
    return second !== undefined && !isReservedWord(second) ? { kind: 'playlist', id: second } : null;
  }
  return isReservedWord(first) || second !== undefined ? null : { kind: 'recording', id: first };
}

export function sameIdentity(a: PageIdentity | null, b: PageIdentity | null): boolean {
  return a?.kind === b?.kind && a?.id === b?.id;
}
