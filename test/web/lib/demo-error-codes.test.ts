import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@shared/error-codes';

const PREFIX = '../../../web/src/';
const SOURCES = import.meta.glob<string>('../../../web/src/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const DEMO_FILES = Object.entries(SOURCES)
  .map(([key, source]) => ({ file: key.slice(PREFIX.length), source }))
  .filter(({ file }) => /(^|\/)demo(\/|-)/.test(file));

/** Demo mode answers the server's codes (functions/shared/error-codes.ts), so screens can rely on them. */
describe('demo error codes', () => {
  it('every ApiError the demo client throws carries a code from the server catalogue', () => {
    const known = new Set<string>(ERROR_CODES);
    expect(DEMO_FILES.length).toBeGreaterThan(3);
    const unknown = DEMO_FILES.flatMap(({ file, source }) =>
      [...source.matchAll(/new ApiError\(\s*\d+,\s*'([^']+)'/g)]
        .map((m) => m[1] as string)
        .filter((code) => !known.has(code))
        .map((code) => `${file}: ${code}`),
    );
    expect(unknown).toEqual([]);
  });
});
