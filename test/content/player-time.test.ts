import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import {
  isRelativeFormat,
  parseClock,
  parseRelativeTimestamp,
  readPlayerTime,
  TIMESTAMP_FORMAT_KEY,
  TIMESTAMP_SELECTOR,
} from '../../lib/content/player-time';

describe('parseClock (colonDelimitedDuration: MM:SS, HH:MM:SS past an hour)', () => {
  it.each([
    ['00:12', 12],
    ['05:00', 300],
    ['59:59', 3599],
    ['60:00', 3600],
    ['00:00:12', 12],
    ['01:02:03', 3723],
  ])('%j → %i', (text, seconds) => {
    expect(parseClock(text)).toBe(seconds);
  });

  it.each([[''], ['12'], ['1:2'], ['00:60'], ['01:75:00'], ['5:07'], ['12:34 UTC'], ['v1.2:3']])(
    'is no clock: %j',
    (text) => {
      expect(parseClock(text)).toBeUndefined();
    },
  );
});

describe('parseRelativeTimestamp', () => {
  it.each([
    ['00:12/05:00', 12],
    ['00:12 / 05:00', 12],
    ['00:12', 12],
    ['00:00/05:12', 0],
    ['00:59:01/01:02:03', 3541],
  ])('%j → %i', (text, seconds) => {
    expect(parseRelativeTimestamp(text)).toBe(seconds);
  });

  it.each([
    ['05/Nov, 14:03:12 UTC'],
    ['14:03:12 UTC'],
    ['05/11/2025 14:03:12 GMT+1'],
    ['06:00/05:00'],
    ['00:12/00:00'],
    ['00:12/05:00/07:00'],
    ['Loading'],
  ])('is no position: %j', (text) => {
    expect(parseRelativeTimestamp(text)).toBeUndefined();
  });
});

describe('isRelativeFormat (playerSettingsLogic.timestampFormat as kea-localstorage keeps it)', () => {
  it.each([
    [null, true],
    ['relative', true],
    ['"relative"', true],
    ['undefined', true],
    ['"utc"', false],
    ['"device"', false],
    [undefined, null],
  ] as const)('%j → %j', (stored, relative) => {
    expect(isRelativeFormat(stored)).toBe(relative);
  });
});

/** PostHog's player as `SessionRecordingPlayer`, `PlayerController` and `Timestamp` render it. */
function playerPage(label: string, options: { metaLoading?: boolean } = {}): Document {
  // `PlayerMeta` while `playerMetaLogic`'s `loading`: a LemonSkeleton where the window select and URL go.
  const meta = options.metaLoading
    ? '<div class="flex flex-row items-center"><div class="LemonSkeleton w-1/3 h-4 my-1"></div></div>'
    : '';
  const { document } = parseHTML(`<!doctype html><html><body theme="light"><div id="root">
    <div class="SessionRecordingPlayer SessionRecordingPlayer--wide"><div class="SessionRecordingPlayer__main">
      <div class="relative"><div class="PlayerMeta relative">${meta}</div></div>
      <div class="SessionRecordingPlayer__body"></div>
      <div class="flex flex-col select-none absolute opacity-0 pointer-events-none">
        <div data-attr="rrweb-controller"><div class="PlayerSeekbar"><div class="PlayerSeekbar__slider"></div></div></div>
        <div class="w-full px-2 py-1 relative flex items-center justify-between">
          <button type="button" data-attr="recording-timestamp" class="LemonButton LemonButton--tertiary">
            <span class="LemonButton__chrome"><span class="LemonButton__content">${label}</span></span>
          </button>
        </div>
      </div>
    </div></div>
  </div></body></html>`);
  return document;
}
const RELATIVE_WIDE =
  '<span class="text-muted text-xs"><div class="flex gap-0.5"><span>01:15</span><span>/</span><span>05:12</span></div></span>';
const RELATIVE_NARROW = '<span class="text-muted text-xs">01:15</span>';
const UTC =
  '<div class="overflow-hidden text-ellipsis shrink-0 text-muted text-xs">05/Nov, 14:03:12 UTC</div>';
const UTC_NARROW = '<div class="overflow-hidden text-ellipsis shrink-0 text-muted text-xs">14:03:12</div>';

describe('readPlayerTime', () => {
  it('reads the Relative timestamp, wide and narrow, also while the controls are hidden', () => {
    expect(readPlayerTime(playerPage(RELATIVE_WIDE), 'relative')).toEqual({ second: 75 });
    expect(readPlayerTime(playerPage(RELATIVE_NARROW), '"relative"')).toEqual({ second: 75 });
    expect(readPlayerTime(playerPage(RELATIVE_WIDE), undefined)).toEqual({ second: 75 });
  });

  it('never reads a wall clock as a position', () => {
    expect(readPlayerTime(playerPage(UTC), '"utc"')).toEqual({ unknown: true });
    expect(readPlayerTime(playerPage(UTC), undefined)).toEqual({ unknown: true });
    // A narrow Device label can look like HH:MM:SS: the stored setting says it is not a position.
    expect(readPlayerTime(playerPage(UTC_NARROW), '"device"')).toEqual({ unknown: true });
  });

  it("tells PostHog's loading state, a player without its timestamp, and no player apart", () => {
    const loading =
      '<span class="text-muted text-xs"><div class="flex gap-0.5"><span>00:00</span><span>/</span><span>00:00</span></div></span>';
    expect(readPlayerTime(playerPage(loading), 'relative')).toEqual({ loading: true });
    // PostHog renamed the timestamp's data-attr: the player is there, the time Hogmark reads is not.
    const renamed = playerPage(RELATIVE_WIDE);
    renamed.querySelector(TIMESTAMP_SELECTOR)?.setAttribute('data-attr', 'recording-time');
    expect(readPlayerTime(renamed, 'relative')).toEqual({ noTimestamp: true });
    expect(
      readPlayerTime(parseHTML('<html><body><div id="root"></div></body></html>').document),
    ).toBeUndefined();
  });

  it('reads a narrow "00:00" as loading while the meta bar shows its skeleton, and as second 0 once loaded', () => {
    const narrowZero = '<span class="text-muted text-xs">00:00</span>';
    expect(readPlayerTime(playerPage(narrowZero, { metaLoading: true }), 'relative')).toEqual({
      loading: true,
    });
    expect(
      readPlayerTime(playerPage('<span class="text-muted text-xs">00:00:00</span>', { metaLoading: true })),
    ).toEqual({ loading: true });
    expect(readPlayerTime(playerPage(narrowZero), 'relative')).toEqual({ second: 0 });
    // A second other than 0 is the player's, skeleton or not (PostHog starts playing once data is in).
    expect(readPlayerTime(playerPage(RELATIVE_NARROW, { metaLoading: true }), 'relative')).toEqual({
      second: 75,
    });
  });

  it('names the key PostHog persists the format under', () => {
    expect(TIMESTAMP_FORMAT_KEY).toBe('scenes.session-recordings.player.playerSettingsLogic.timestampFormat');
  });
});
