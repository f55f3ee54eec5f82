import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readSource, sourceFiles } from '../support/source-files';

/**
 * Where a module builds a zod schema as it is imported: a call of `z.…` (or of a function that
 * builds one, `paginated`) outside any function. Such a call runs every time the service worker
 * starts; `lazily(() => …)` or a protocol entry's factory builds it on first use instead.
 */
function schemasBuiltAtImport(file: string): string[] {
  const source = ts.createSourceFile(file, readSource(file), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const builds =
        (ts.isPropertyAccessExpression(callee) &&
          ts.isIdentifier(callee.expression) &&
          callee.expression.text === 'z') ||
        (ts.isIdentifier(callee) && callee.text === 'paginated');
      if (builds) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${file}:${line + 1}`);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('zod schemas', () => {
  it('are built on first use, never as a module is imported (the worker starts for each event)', () => {
    const files = [...sourceFiles('lib'), ...sourceFiles('entrypoints'), ...sourceFiles('components')];
    expect(files.flatMap(schemasBuiltAtImport)).toEqual([]);
  });
});
