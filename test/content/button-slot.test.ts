import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { findButtonSlot, urlNamesRecording } from '../../lib/content/button-slot';

/** PostHog's meta bar as `PlayerMeta` → `PlayerMetaLinks` → `PinToPlaylistButton` render it. */
function metaBar(addButton: string): Document {
  const { document } = parseHTML(`<html><body><div id="root">
    <div class="SessionRecordingPlayer"><div class="SessionRecordingPlayer__main"><div class="relative">
      <span class="DraggableToNotebook"><div class="PlayerMeta relative">
        <div class="flex flex-row items-center justify-between gap-x-1 whitespace-nowrap overflow-hidden px-1 py-0.5 text-xs">
          <div class="flex-1 min-w-[5rem]"></div>
          <div class="flex" id="links">
            <div class="flex items-center gap-0.5"><button class="LemonButton" aria-label="More"></button></div>
            <button class="LemonButton" data-attr="session-recording-share-button">Share</button>
            ${addButton}
          </div>
        </div>
      </div></span>
    </div></div></div>
  </div></body></html>`);
  return document;
}
const add = (label: string) =>
  `<span class="relative inline-flex" id="wrapper"><button type="button" class="LemonButton LemonButton--xsmall" aria-label="${label}"><span class="LemonButton__chrome">${label}</span></button></span>`;

describe('findButtonSlot', () => {
  it.each(['Add to collection', 'Remove from collection'])(
    "stands beside PostHog's own %j button, outside its IconWithCount wrapper",
    (label) => {
      const slot = findButtonSlot(metaBar(add(label)));
      expect(slot?.id).toBe('wrapper');
      expect(slot?.parentElement?.id).toBe('links');
    },
  );

  it('finds no slot where PostHog shows no add button (cinema mode, notebooks)', () => {
    expect(findButtonSlot(metaBar(''))).toBeNull();
    expect(findButtonSlot(parseHTML('<html><body><div id="root"></div></body></html>').document)).toBeNull();
  });

  it("ignores an add button outside the player's meta bar", () => {
    const { document } = parseHTML(`<html><body>${add('Add to collection')}</body></html>`);
    expect(findButtonSlot(document)).toBeNull();
  });
});

describe('urlNamesRecording', () => {
  const base = 'https://us.posthog.com/project/1';
  it.each([
    [`${base}/replay/0191dd9d-ec00-726b-b2a7-4de452e6b438`, true],
    [`${base}/replay/home?sessionRecordingId=0191dd9d`, true],
    [`${base}/replay/playlists/Abc123?sessionRecordingId=0191dd9d`, true],
    [`${base}/replay/playlists/Abc123`, false],
    [`${base}/replay/home`, false],
    [`${base}/dashboard/7`, false],
  ])('%s → %s', (href, expected) => {
    expect(urlNamesRecording(href)).toBe(expected);
  });
});
