import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '@/lib/auth/return-path';

const ORIGIN = 'https://trailbuddy.example';

/** What the app does with a return path: navigate to it relative to the site. */
function landsOnSite(path: string): boolean {
  return new URL(path, ORIGIN).origin === ORIGIN;
}

/** Pieces that have fooled redirect checks: dot segments, doubled and encoded slashes, backslashes, schemes, whitespace. */
const TRICKY_PIECES = [
  '/',
  '//',
  '\\',
  '/\\',
  '\\/',
  '.',
  '..',
  '/./',
  '/../',
  '/.//',
  '/..//',
  '%2f',
  '%2F',
  '%5c',
  '%2e',
  '%2e%2e',
  '.%2e',
  '\t',
  '\n',
  '\r',
  ' ',
  '\u0000',
  '\u00a0',
  '@',
  ':',
  '?',
  '#',
  'javascript:',
  'https:',
  'evil.example',
  'login',
  'profile',
];

const trickyInput = fc
  .array(fc.oneof(fc.constantFrom(...TRICKY_PIECES), fc.string({ maxLength: 3 })), { maxLength: 8 })
  .map((pieces) => pieces.join(''));

describe('safeReturnPath', () => {
  it.each([
    '/.//evil.example',
    '/..//evil.example',
    '/./\\evil.example',
    '/%2e//evil.example',
    '/%2e%2e//evil.example/phish',
    '/a/..//evil.example',
  ])('refuses %j, whose normal form names another host', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it.each([
    ['/plan-activity?x=1#y', '/plan-activity?x=1#y'],
    ['/trip-plans/./abc', '/trip-plans/abc'],
    ['/a/../profile', '/profile'],
  ])('keeps a path on this site: %j → %j', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it('refuses the login page however it is spelled', () => {
    for (const raw of ['/login', '/./login', '/x/../login', '/login?next=/profile'])
      expect(safeReturnPath(raw)).toBeNull();
  });

  it('returns only a single-slash path on this site, already in its normal form', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          trickyInput,
          trickyInput.map((tail) => `/${tail}`),
        ),
        (raw) => {
          const safe = safeReturnPath(raw);
          if (safe === null) return;
          expect(safe.startsWith('/')).toBe(true);
          expect(safe.startsWith('//')).toBe(false);
          // eslint-disable-next-line no-control-regex
          expect(safe).not.toMatch(/[\\\u0000-\u001f\u007f]/);
          expect(landsOnSite(safe)).toBe(true);
          expect(new URL(safe, ORIGIN).pathname).not.toBe('/login');
          expect(safeReturnPath(safe)).toBe(safe);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
