import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { AppError } from '../../../functions/lib/errors';
import { ERROR_CODES, type ErrorCode } from '../../../functions/shared/error-codes';
import { filesUnder } from '../../support/files-under';

const root = join(__dirname, '../../../functions');
const errorsModule = join(root, 'lib/errors.ts');

const files = filesUnder(root).map((file) => ({ file: relative(root, file), source: readFileSync(file, 'utf8') }));

/** The typed errors of functions/lib/errors.ts and every class in functions/ that extends one of them. */
function errorClasses(): Set<string> {
  const names = new Set(['AppError']);
  let grew = true;
  while (grew) {
    grew = false;
    for (const { source } of files) {
      for (const [, name, base] of source.matchAll(/class (\w+) extends (\w+)/g)) {
        if (names.has(base as string) && !names.has(name as string)) {
          names.add(name as string);
          grew = true;
        }
      }
    }
  }
  return names;
}

const CODE_LITERAL = /'([a-z][a-z0-9]*(?:_[a-z0-9]+)*)'/g;

/** The snake_case literals handed to a typed error's constructor, and every `code: '…'` in an error body. */
function codesIn(source: string, classes: Set<string>): string[] {
  const codes: string[] = [];
  for (const [, name, args] of source.matchAll(/new (\w+)\(([^;]*?)\)(?:;|\n|$)/g)) {
    if (classes.has(name as string))
      codes.push(...[...(args as string).matchAll(CODE_LITERAL)].map((m) => m[1] as string));
  }
  for (const [, code] of source.matchAll(/\bcode: '([a-z][a-z0-9_]*)'/g)) codes.push(code as string);
  return codes;
}

describe('one error-code catalogue (functions/shared/error-codes.ts)', () => {
  const classes = errorClasses();
  const known = new Set<string>(ERROR_CODES);

  it('lists each code once, in snake_case', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
  });

  it('types every error code the server can throw', () => {
    expectTypeOf<AppError['code']>().toEqualTypeOf<ErrorCode>();
    expect(classes).toContain('ConflictError');
    expect(classes).toContain('MessageQuotaExceededError');
  });

  it('holds every code written in functions/', () => {
    const unknown = files.flatMap(({ file, source }) =>
      codesIn(source, classes)
        .filter((code) => !known.has(code))
        .map((code) => `${file}: ${code}`),
    );
    expect(unknown).toEqual([]);
  });

  it('the scan finds a code missing from the catalogue (planted, not committed)', () => {
    const planted = "throw new ConflictError('That ride is gone.', 'ride_vanished');\nreturn { code: 'not_listed' };";
    expect(codesIn(planted, classes).filter((code) => !known.has(code))).toEqual(['ride_vanished', 'not_listed']);
  });
});

describe('one way to fail', () => {
  it('only functions/lib/errors.ts pairs an error with an HTTP status', () => {
    const offenders = files
      .filter(({ file }) => join(root, file) !== errorsModule)
      .filter(({ source }) => /super\(\s*[1-5]\d\d\b|new AppError\(/.test(source))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('use cases read no HTTP status off an error', () => {
    const offenders = files
      .filter(({ file }) => file.startsWith('usecases/'))
      .filter(({ source }) => /\.status\s*(>=|<=|===|>|<)\s*[1-5]\d\d\b/.test(source))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});
