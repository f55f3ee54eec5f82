import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder, where package.json is. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every .ts and .tsx file below `dir` (relative to the root), as paths relative to the root. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(REPO_ROOT, dir))) {
    const path = join(REPO_ROOT, dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(relative(REPO_ROOT, path)));
    else if (/\.(ts|tsx)$/.test(name)) out.push(relative(REPO_ROOT, path));
  }
  return out;
}

/** The text of a file, by its path relative to the root. */
export const readSource = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');

/** The modules among `files` that `file` imports by a relative path (`./x`, `../y/z`, a folder's index). */
export function localImports(file: string, files: readonly string[]): string[] {
  return [...readSource(file).matchAll(/from '(\.[^']+)'/g)]
    .map((match) => join(dirname(file), match[1] as string))
    .flatMap((base) =>
      [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].filter((path) => files.includes(path)),
    );
}
