import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as keyModule from '../../../functions/repositories/keys';
import { TABLE_IDS, TABLES } from '../../../functions/shared/tables';
import { filesUnder } from '../../support/files-under';

const ROOT = join(import.meta.dirname, '../../..');
/** Where the access-pattern table lives: every key pattern the builders make is one of its rows. */
const DATA_MODEL_DOC = 'docs/data-model.md';
const FUNCTIONS = join(ROOT, 'functions');
const KEYS_HOME = 'functions/repositories/keys/';

/** A string that starts like a key: upper-case letters or underscores, then '#' ('USER#', `GACT#${id}`). */
const KEY_LITERAL = /^[A-Z_]{2,}#/;

/** Key-like string and template literals in a TypeScript source (comments are not code, so they are not read). */
function keyLiteralsIn(source: string, fileName = 'source.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) &&
      KEY_LITERAL.test(node.text)
    ) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      found.push(`${fileName}:${line + 1} ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Stands for every argument, so a builder's output shows its pattern: `USER#<>`. */
const HOLE = '\u0000';
const argument = {
  toString: () => HOLE,
  toISOString: () => HOLE,
  toLowerCase: () => HOLE,
  toUpperCase: () => HOLE,
  [Symbol.toPrimitive]: () => HOLE,
};
const patternOf = (value: unknown) => (value === argument ? '<>' : String(value).replaceAll(HOLE, '<>'));

/** Every item key (`pk | sk`) and gsi1 key (`gsi1: gsi1pk | gsi1sk`) the builders make. */
function patternsOfBuilders(): string[] {
  const patterns = new Set<string>();
  for (const [name, builders] of Object.entries(keyModule)) {
    if (name === 'keys' || typeof builders !== 'object') continue;
    for (const build of Object.values(builders as Record<string, unknown>)) {
      if (typeof build !== 'function') continue;
      const key: unknown = build(...Array.from({ length: build.length }, () => argument));
      if (typeof key !== 'object' || key === null) continue;
      const { pk, sk, gsi1pk, gsi1sk } = key as Record<string, unknown>;
      if (pk !== undefined && sk !== undefined) patterns.add(`${patternOf(pk)} | ${patternOf(sk)}`);
      if (gsi1pk !== undefined && gsi1sk !== undefined)
        patterns.add(`gsi1: ${patternOf(gsi1pk)} | ${patternOf(gsi1sk)}`);
    }
  }
  return [...patterns].sort();
}

interface AccessPatternRow {
  entity: string;
  table: string;
  pk: string[];
  sk: string[];
  index: string;
}

function accessPatternRows(): AccessPatternRow[] {
  const dataModel = readFileSync(join(ROOT, DATA_MODEL_DOC), 'utf8');
  const section = dataModel.slice(dataModel.indexOf('## Access patterns'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('\n|')));
  const code = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
  return table
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map(([, entity, table, pk, sk, index]) => ({
      entity: entity!,
      table: table!,
      pk: code(pk!),
      sk: code(sk!),
      index: index!,
    }));
}

const normalise = (pattern: string) => pattern.replace(/<[^>]*>/g, '<>');

/** The same patterns as the builders', read from the access-pattern table of docs/data-model.md. */
function patternsOfTable(rows: readonly AccessPatternRow[]): string[] {
  const patterns = new Set<string>();
  for (const row of rows) {
    for (const pk of row.pk) for (const sk of row.sk) patterns.add(`${normalise(pk)} | ${normalise(sk)}`);
    for (const [, gsi1pk, gsi1sk] of row.index.matchAll(/`([^`]+)` \/ `([^`]+)`/g))
      patterns.add(`gsi1: ${normalise(gsi1pk!)} | ${normalise(gsi1sk!)}`);
  }
  return [...patterns].sort();
}

describe('DynamoDB keys have one home', () => {
  it('no code under functions/ outside repositories/keys writes a key literal', () => {
    const offenders = filesUnder(FUNCTIONS)
      .map((path) => relative(ROOT, path))
      .filter((path) => !path.startsWith(KEYS_HOME))
      .flatMap((path) => keyLiteralsIn(readFileSync(join(ROOT, path), 'utf8'), path));
    expect(offenders).toEqual([]);
  });

  it('the scan catches a planted key literal in strings and templates, and ignores comments', () => {
    const planted = [
      '/** pk `GACT#<id>` in a comment is documentation */',
      "const prefix = 'MSG#';",
      'const key = { pk: `USER#${userId}`, sk: `REL#${otherId}` };',
      'const nested = `${a}-${`NOTIF#${id}`}`;',
      'const fine = `${provider}#${id}`;',
      'const tail = `${a}REPORT_WINDOW#${b}`;',
    ].join('\n');
    expect(keyLiteralsIn(planted, 'planted.ts')).toEqual([
      'planted.ts:2 MSG#',
      'planted.ts:3 USER#',
      'planted.ts:3 REL#',
      'planted.ts:4 NOTIF#',
      'planted.ts:6 REPORT_WINDOW#',
    ]);
  });

  it('the access-pattern table (docs/data-model.md) lists exactly the keys the builders make', () => {
    expect(patternsOfTable(accessPatternRows())).toEqual(patternsOfBuilders());
  });

  it('the table comparison notices a missing row and a pattern the builders do not make', () => {
    const rows = accessPatternRows();
    const withoutRides = rows.filter((row) => !row.sk.includes('RIDE_STATS'));
    expect(patternsOfTable(withoutRides)).not.toEqual(patternsOfBuilders());
    const renamed = rows.map((row) => (row.sk.includes('RIDE_STATS') ? { ...row, sk: ['RIDES_STATS'] } : row));
    expect(patternsOfTable(renamed)).toContain('USER#<> | RIDES_STATS');
    expect(patternsOfBuilders()).toContain('USER#<> | RIDE_STATS');
    expect(patternsOfBuilders()).not.toContain('USER#<> | RIDES_STATS');
  });

  it('the access-pattern table names real tables and the real index', () => {
    const rows = accessPatternRows();
    expect(rows.length).toBeGreaterThan(30);
    const indexNames = new Set(TABLES.flatMap((table) => table.indexes.map((index) => index.name)));
    for (const row of rows) {
      expect(row.table === 'every table' || (TABLE_IDS as readonly string[]).includes(row.table), row.entity).toBe(
        true,
      );
      expect(row.pk.length, row.entity).toBe(1);
      expect(row.sk.length, row.entity).toBeGreaterThan(0);
      for (const [, name] of row.index.matchAll(/^(\w+)/g)) if (name) expect(indexNames, row.entity).toContain(name);
    }
  });
});
