import { browser } from 'wxt/browser';

/** What the (fake) browser's local storage holds under `key`, read straight from the area. */
export const stored = async (key: string) => (await browser.storage.local.get(key))[key];
