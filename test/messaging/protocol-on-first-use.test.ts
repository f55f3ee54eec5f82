import { describe, expect, it } from 'vitest';
import { createBackground } from '../../lib/background';
import { SettingsSchema } from '../../lib/background/storage/stored-items';
import { MESSAGE_TYPES, PopupOpenSchema, parseRequest, protocol } from '../../lib/messaging/messages';
import { ReviewDocSchema } from '../../lib/messaging/review-doc-messages';
import { isUnbuilt, isUnbuiltEntry, lazyCounts } from '../../lib/platform/lazy';

// One test, in order: what the imports above built is what a started service worker builds before
// its first event (this file's modules are its own: nothing else ran here first).
describe('the protocol’s schemas', () => {
  it('are not built at import, and a message builds its own schemas when it first comes', () => {
    expect(typeof createBackground).toBe('function');
    expect(lazyCounts.made).toBeGreaterThan(100);
    expect(lazyCounts.built).toBe(0);
    expect(MESSAGE_TYPES.filter((type) => !isUnbuiltEntry(protocol, type))).toEqual([]);
    expect([PopupOpenSchema, ReviewDocSchema, SettingsSchema].map(isUnbuilt)).toEqual([true, true, true]);

    expect(parseRequest({ type: 'popup/open', input: { tabId: 3 } })).toEqual({
      type: 'popup/open',
      input: { tabId: 3 },
    });
    expect(MESSAGE_TYPES.filter((type) => !isUnbuiltEntry(protocol, type))).toEqual(['popup/open']);
    // Its answer's schema is built when an answer is first checked.
    expect(isUnbuilt(PopupOpenSchema)).toBe(true);
    expect(protocol['popup/open'].output.safeParse({}).success).toBe(false);
    expect(isUnbuilt(PopupOpenSchema)).toBe(false);
    // What another message answers stays unbuilt.
    expect([ReviewDocSchema, SettingsSchema].map(isUnbuilt)).toEqual([true, true]);

    // Built late, checked the same: a wrong shape is still refused.
    expect(() => parseRequest({ type: 'popup/open', input: { tabId: -1 } })).toThrow(
      expect.objectContaining({ kind: 'bad-message' }),
    );
    expect(() => parseRequest({ type: 'status/get', input: { extra: 1 } })).not.toThrow();
    expect(isUnbuiltEntry(protocol, 'status/get')).toBe(false);
  });
});
