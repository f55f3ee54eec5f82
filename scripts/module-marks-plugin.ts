/**
 * A Vite plugin for the test build's background only (wxt.config.ts): each module's code begins by
 * pushing `[its path, performance.now()]` onto `globalThis.__hogmarkModuleMarks`. The bundler puts the
 * module bodies one after the other in dependency order, so in the one built file each record says
 * when a module's body began, and the next record when it ended; scripts/bench-modules.ts reads them
 * after a stopped worker started again and sums the time per module group. Production builds never
 * get it.
 */
import { relative } from 'node:path';

/** The global the records are pushed onto (read by scripts/bench-modules.ts). */
export const MODULE_MARKS_GLOBAL = '__hogmarkModuleMarks';

/** A module's name as the records give it: `node_modules/<package>/…`, or its path in the repository. */
export function moduleName(id: string, root: string): string {
  const path = id.replace(/\?.*$/, '');
  const inPackage = path.lastIndexOf('node_modules/');
  if (inPackage >= 0) return path.slice(inPackage);
  if (path.startsWith('\0') || path.startsWith('virtual:'))
    return `virtual:${path.replace(/^\0?(virtual:)?/, '')}`;
  return relative(root, path);
}

/** Script modules only (not styles, HTML, assets); the virtual ones (WXT's entry) included. */
const isScript = (id: string) =>
  /\.[cm]?[jt]sx?$/.test(id.replace(/\?.*$/, '')) || id.startsWith('\0') || id.startsWith('virtual:');

/** A module's leading `'use strict'` (a CommonJS module's) must stay first, or it no longer applies. */
const DIRECTIVES = /^(?:\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/|(['"])use strict\1;?))*/;

export function moduleMarks(root: string) {
  return {
    name: 'hogmark:module-marks',
    transform(code: string, id: string) {
      if (!isScript(id)) return null;
      const record = `(globalThis.${MODULE_MARKS_GLOBAL}??=[]).push([${JSON.stringify(moduleName(id, root))},performance.now()]);`;
      const prologue = DIRECTIVES.exec(code)?.[0] ?? '';
      // The code does not move within its lines but the first, so the map can stay as it is.
      return { code: prologue + record + code.slice(prologue.length), map: null };
    },
  };
}
