/** The part of a DOM element the reader uses (structural, so tests can pass plain objects). */
export interface ElementLike {
  getAttribute(name: string): string | null;
  querySelector(selectors: string): ElementLike | null;
  readonly textContent: string | null;
}

/** The hint schema's upper bound: a week. */
const MAX_SECOND = 86_400 * 7;

function wholeSecond(value: number): number | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  const second = Math.floor(value);
  return second <= MAX_SECOND ? second : undefined;
}

/** `mm:ss` or `h:mm:ss` (the first one in the text, as in "00:12 / 05:00") → seconds. */
export function parseClock(text: string): number | undefined {
  const match = /(?:^|[^\d:])(?:(\d{1,3}):)?(\d{1,3}):([0-5]\d)(?![\d:])/.exec(` ${text}`);
  if (!match) return undefined;
  const [, hours = '0', minutes = '0', seconds = '0'] = match;
  if (match[1] !== undefined && Number(minutes) > 59) return undefined;
  return wholeSecond(Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds));
}

function numberAttribute(element: ElementLike, name: string): number | undefined {
  const raw = element.getAttribute(name);
  return raw === null || raw.trim() === '' ? undefined : wholeSecond(Number(raw));
}

export const PLAYER_SELECTOR = '[data-attr="session-recording-player"]';

/**
 * The player's position, best effort: the player's own `data-current-time`, else its slider's
 * `aria-valuenow`, else the first clock it shows. Undefined when there is no visible player.
 */
export function readPlayerSecond(root: Pick<ElementLike, 'querySelector'>): number | undefined {
  const player = root.querySelector(PLAYER_SELECTOR);
  if (!player || player.getAttribute('hidden') !== null) return undefined;
  const fromData = numberAttribute(player, 'data-current-time');
  if (fromData !== undefined) return fromData;
  const slider = player.querySelector('[role="slider"]');
  const fromSlider = slider ? numberAttribute(slider, 'aria-valuenow') : undefined;
  return fromSlider ?? parseClock(player.textContent ?? '');
}
