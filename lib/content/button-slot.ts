import { pageIdentityOf } from './page-identity';
import { PLAYER_SELECTOR } from './player-time';

/**
 * Where the in-page button goes on PostHog's real player (`player/player-meta/PlayerMeta.tsx` →
 * `PlayerMeta`, `PlayerMetaLinks.tsx` → `PinToPlaylistButton`): right after PostHog's own
 * "Add to collection" button (`playlist-popover/PlaylistPopover.tsx` → `PlaylistPopoverButton`, a
 * LemonButton whose tooltip becomes its `aria-label`; "Remove from collection" when the open
 * collection pins the recording). No such button (cinema mode, a notebook, a renamed label): no slot,
 * so Hogmark's button never lands somewhere PostHog did not put an add button.
 */
export const META_SELECTOR = `${PLAYER_SELECTOR} .PlayerMeta`;
const POSTHOG_ADD_BUTTON =
  'button[aria-label="Add to collection"], button[aria-label="Remove from collection"]';

/**
 * Whether the URL says which recording plays: the recording's own page, or a list page (replay home,
 * a collection) with `?sessionRecordingId=`. A collection page that autoplays its first recording
 * names none (`sessionRecordingsPlaylistLogic` shows `recordings[0]` without touching the URL), and
 * nothing in the page carries the session id, so there the button would be a guess.
 */
export function urlNamesRecording(href: string): boolean {
  return pageIdentityOf(href)?.kind === 'recording';
}

/** The element to insert after: PostHog's add button, with the wrappers that hold only it. */
export function findButtonSlot(doc: Pick<Document, 'querySelector'>): Element | null {
  const button = doc.querySelector(META_SELECTOR)?.querySelector(POSTHOG_ADD_BUTTON);
  if (!button) return null;
  let slot: Element = button;
  // `IconWithCount` wraps the button in a `span.relative.inline-flex`; the count badge, when shown,
  // is a sibling inside that wrapper, so the wrapper is the unit to stand beside.
  while (
    slot.parentElement &&
    !slot.parentElement.matches('.PlayerMeta') &&
    (slot.parentElement.childElementCount === 1 || slot.parentElement.matches('span.relative.inline-flex'))
  ) {
    slot = slot.parentElement;
  }
  return slot;
}
