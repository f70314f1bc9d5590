import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../../support/files-under';

const FUNCTIONS = join(import.meta.dirname, '../../../functions');

/** The module specifiers a TypeScript source imports or re-exports (static and dynamic), comments left out. */
export function importsIn(source: string): string[] {
  const file = ts.createSourceFile('source.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) found.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** `specifier` as imported from `file`: a path under functions/ ("lib/http") for the project's modules, else the package. */
function targetOf(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  return relative(FUNCTIONS, resolve(dirname(file), specifier))
    .split('\\')
    .join('/');
}

const layerOf = (target: string) => target.split('/')[0]!;

/** Every import of the modules under functions/<layer>, as "file -> target". */
function importsOfLayer(layer: string): { file: string; target: string }[] {
  return filesUnder(join(FUNCTIONS, layer)).flatMap((path) =>
    importsIn(readFileSync(path, 'utf8')).map((specifier) => ({
      file: relative(FUNCTIONS, path),
      target: targetOf(path, specifier),
    })),
  );
}

/** The imports of `layer` that reach one of `forbidden` layers. */
function crossings(layer: string, forbidden: readonly string[]): string[] {
  return importsOfLayer(layer)
    .filter(({ target }) => forbidden.includes(layerOf(target)))
    .map(({ file, target }) => `${file} -> ${target}`);
}

/**
 * What domain code may use: other domain modules, the shared schemas and rules, zod, and these helpers, which compute
 * and touch nothing (hashing and a JSON nesting scan). Anything else (the clock's owners, the database, the network,
 * the environment, logging) is impure.
 */
const PURE_FOR_DOMAIN: readonly string[] = ['zod', 'node:crypto', 'lib/crypto', 'lib/json-depth'];

describe('back-end layers (functions/)', () => {
  it('has these layers and no other (the provider plugins call use cases, so they live in usecases/providers)', () => {
    const layers = readdirSync(FUNCTIONS, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(layers.map((entry) => entry.name).sort()).toEqual([
      'adapters',
      'domain',
      'handlers',
      'lib',
      'repositories',
      'shared',
      'usecases',
    ]);
  });

  it('lib/ imports no repositories, use cases, handlers or adapters (they are wired in at the composition root)', () => {
    expect(crossings('lib', ['repositories', 'usecases', 'handlers', 'adapters'])).toEqual([]);
  });

  it('the adapters of outside services import no use cases or handlers (use cases call them, never the reverse)', () => {
    expect(crossings('adapters', ['usecases', 'handlers'])).toEqual([]);
  });

  it('repositories import no use cases or handlers', () => {
    expect(crossings('repositories', ['usecases', 'handlers'])).toEqual([]);
  });

  it('use cases import no handlers', () => {
    expect(crossings('usecases', ['handlers'])).toEqual([]);
  });

  it('domain imports nothing impure: only domain, shared and the pure helpers it names', () => {
    const impure = importsOfLayer('domain')
      .filter(({ target }) => !['domain', 'shared'].includes(layerOf(target)) && !PURE_FOR_DOMAIN.includes(target))
      .map(({ file, target }) => `${file} -> ${target}`);
    expect(impure).toEqual([]);
  });

  it('is a real check: it reads imports, re-exports and dynamic imports, not comments', () => {
    const source = [
      "import { a } from '../repositories/a';",
      "export { b } from './b';",
      "const c = await import('../usecases/c');",
      "// import { d } from '../handlers/d';",
    ].join('\n');
    expect(importsIn(source)).toEqual(['../repositories/a', './b', '../usecases/c']);
    expect(targetOf(join(FUNCTIONS, 'lib/http.ts'), '../repositories/account-tombstones')).toBe(
      'repositories/account-tombstones',
    );
    expect(importsOfLayer('handlers').some(({ target }) => layerOf(target) === 'usecases')).toBe(true);
  });
});
