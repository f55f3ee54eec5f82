import { describe, expect, it } from 'vitest';
import { type ElementLike, parseClock, readPlayerSecond } from '../../lib/content/player-time';

describe('parseClock', () => {
  it.each([
    ['00:12', 12],
    ['00:12 / 05:00', 12],
    ['5:07', 307],
    ['1:02:03', 3723],
    ['at 12:34 of 20:00', 754],
    ['125:00', 7500],
  ])('%j → %i', (text, seconds) => {
    expect(parseClock(text)).toBe(seconds);
  });

  it.each([[''], ['12'], ['1:2'], ['00:60'], ['1:75:00'], ['2024-01-01 10:11:12:13'], ['v1.2:3']])(
    'finds no clock in %j',
    (text) => {
      expect(parseClock(text)).toBeUndefined();
    },
  );
});

/** A tiny element tree: enough for the selectors the reader uses. */
function element(attributes: Record<string, string>, text = '', children: Record<string, ElementLike> = {}) {
  const node: ElementLike = {
    getAttribute: (name) => attributes[name] ?? null,
    querySelector: (selector) => children[selector] ?? null,
    textContent: text,
  };
  return node;
}
const page = (player: ElementLike | null) => ({
  querySelector: (selector: string) =>
    selector === '[data-attr="session-recording-player"]' ? player : null,
});

describe('readPlayerSecond', () => {
  it("reads the player's data-current-time, whole seconds", () => {
    expect(readPlayerSecond(page(element({ 'data-current-time': '12.8' })))).toBe(12);
  });

  it("falls back to the player's slider, then to the clock it shows", () => {
    const slider = element({ role: 'slider', 'aria-valuenow': '33' });
    expect(readPlayerSecond(page(element({}, '', { '[role="slider"]': slider })))).toBe(33);
    expect(readPlayerSecond(page(element({}, 'Play 01:05 / 10:00')))).toBe(65);
  });

  it('reads nothing without a visible player or a readable position', () => {
    expect(readPlayerSecond(page(null))).toBeUndefined();
    expect(readPlayerSecond(page(element({ hidden: '', 'data-current-time': '12' })))).toBeUndefined();
    expect(readPlayerSecond(page(element({ 'data-current-time': 'soon' }, 'Loading')))).toBeUndefined();
    expect(readPlayerSecond(page(element({ 'data-current-time': '-4' })))).toBeUndefined();
    expect(readPlayerSecond(page(element({ 'data-current-time': String(86_400 * 8) })))).toBeUndefined();
  });
});
