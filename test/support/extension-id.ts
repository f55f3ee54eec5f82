/** The extension's id in unit tests: 32 letters from a to p, as Chromium's ids are. */
export const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';

/** The base URL of its pages, as `runtime.getURL('/')` gives it. */
export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}/`;
