import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROVIDER_TYPES } from '../../../functions/shared/schemas/activity';
import { filesUnder } from '../../support/files-under';

const ROOT = join(import.meta.dirname, '../../..');
const PROVIDER_IDS: ReadonlySet<string> = new Set(PROVIDER_TYPES);

/**
 * The modules allowed to name more than one provider, and why. Everything else that serves several providers
 * reaches them through the registry (functions/usecases/providers/registry.ts) by id.
 */
const MAY_LIST_PROVIDERS: Readonly<Record<string, string>> = {
  'functions/usecases/providers/registry.ts': 'the registry: the one list',
  'functions/usecases/providers/importers.ts':
    "the registry's heavy half for the import worker, keyed by the registry's type",
  'functions/shared/schemas/activity.ts': 'PROVIDER_TYPES, the wire enum of provider ids the registry is keyed by',
  'functions/domain/matching-facts.ts':
    'the sources whose terms allow matching: a terms decision beside the matching rules, an allow-list a new provider stays out of until its terms are read; the partner Lambdas that read it must not load the registry',
  'functions/shared/activity-level.ts':
    "what each source measures, for the level rule the server and the browser's demo both compute (the browser cannot load the registry); keyed by PROVIDER_TYPES, so a new provider is a compile error here until its line is written",
};

/** The provider ids a TypeScript source names in code: string literals, and keys of object and type literals. */
export function providerIdsNamedIn(source: string, fileName = 'source.ts'): Set<string> {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found = new Set<string>();
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && PROVIDER_IDS.has(node.text))
      found.add(node.text);
    if (
      (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node) || ts.isPropertySignature(node)) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      PROVIDER_IDS.has(node.name.text)
    )
      found.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('one provider registry (the only list of providers)', () => {
  it('no module but the registry and its named exceptions names more than one provider', () => {
    const listing = filesUnder(join(ROOT, 'functions'))
      .map((path) => ({ path: relative(ROOT, path), ids: providerIdsNamedIn(readFileSync(path, 'utf8'), path) }))
      .filter(({ path, ids }) => ids.size > 1 && !(path in MAY_LIST_PROVIDERS))
      .map(({ path, ids }) => `${path} names ${[...ids].sort().join(', ')}`);
    expect(listing).toEqual([]);
  });

  it('names real files as its exceptions, each of which does list providers', () => {
    for (const path of Object.keys(MAY_LIST_PROVIDERS))
      expect(providerIdsNamedIn(readFileSync(join(ROOT, path), 'utf8')).size, path).toBeGreaterThan(1);
  });

  it('is a real check: it sees a list in keys, literals and types, and not in comments or other words', () => {
    expect([...providerIdsNamedIn('export const IMPORTERS = { strava: a, google_health: b };')].sort()).toEqual([
      'google_health',
      'strava',
    ]);
    expect([...providerIdsNamedIn("const ids = ['strava', 'apple_health'];")].sort()).toEqual([
      'apple_health',
      'strava',
    ]);
    expect([...providerIdsNamedIn('interface D { strava: S; google_health: G }')].sort()).toEqual([
      'google_health',
      'strava',
    ]);
    expect([...providerIdsNamedIn("const strava = 1; // 'google_health'\nconst s = 'stravaX';")]).toEqual([]);
  });
});
