/**
 * webextension-polyfill built as an ES module whose default export is what the polyfill makes
 * (wxt.config.ts applies it to the background). It ships as a UMD script, and a bundler imports such
 * a script through its CommonJS interop, which copies every property of the export onto a new object
 * when the module is evaluated. Where the browser has its own `browser` (Chromium's, Firefox's), the
 * polyfill exports that, and each property read there makes one API's bindings: all of them, on every
 * start of the worker, before it can answer what woke it. As a module, the export is handed over as
 * it is and each API is made when Hogmark first reads it.
 */
const POLYFILL_FILE = /[\\/]webextension-polyfill[\\/]dist[\\/]browser-polyfill\.js$/;

/** The polyfill's script as a module: it sees `module` and `exports` as under CommonJS. */
export function polyfillAsModule(code: string): string {
  return `var module = { exports: {} }, exports = module.exports;\n${code}\nexport default module.exports;\n`;
}

export const polyfillModulePlugin = {
  name: 'hogmark:polyfill-as-module',
  transform(code: string, id: string): { code: string; map: null } | null {
    return POLYFILL_FILE.test(id) ? { code: polyfillAsModule(code), map: null } : null;
  },
};
