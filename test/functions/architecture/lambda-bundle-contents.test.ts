import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, SCHEDULED_JOBS } from '../../../functions/shared/routes';
import { bundleParts, HEAVY_PACKAGE_KB, heavyPackages, packageOf } from '../../bench/support/lambda-bundling';
import { bundleOutputs, type BundleOutput } from '../../support/lambda-metafile';

/**
 * Issue 14: cold starts stay small (lambda-bundle-max-kb ≤ 250 kB). A whole time-zone database once came in with one
 * import (1,176 kB bundles); this fails as soon as any package adds more than HEAVY_PACKAGE_KB to any Lambda bundle
 * without being listed, with its reason, in HEAVY_PACKAGES_ALLOWED (test/bench/support/lambda-bundling.ts).
 */
const functions = [...ROUTES, ...SCHEDULED_JOBS];
let outputOf: (entry: string) => BundleOutput;

beforeAll(async () => {
  outputOf = await bundleOutputs(functions);
}, 120_000);

describe('Lambda bundle contents (issue 14: no heavy package comes in silently)', () => {
  it(`bundles no package over ${HEAVY_PACKAGE_KB} kB that is not allowed by name`, () => {
    const heavy = functions.flatMap((fn) =>
      heavyPackages(bundleParts(outputOf(fn.entry))).map((part) => `${fn.id}: ${part.name} ${part.kB.toFixed(1)} kB`),
    );
    expect(heavy).toEqual([]);
  });

  it('is a real check: it names the package, sums its files and honours the allowed list', () => {
    expect(packageOf('node_modules/@js-joda/timezone/dist/js-joda-timezone.js')).toBe('@js-joda/timezone');
    expect(packageOf('node_modules/zod/v4/classic/schemas.js')).toBe('zod');
    expect(packageOf('functions/domain/plan-time.ts')).toBe('app');
    const parts = bundleParts({
      bytes: 0,
      imports: [],
      exports: [],
      entryPoint: 'x.ts',
      inputs: {
        'functions/domain/plan-time.ts': { bytesInOutput: 150_000 },
        'node_modules/@js-joda/timezone/dist/a.js': { bytesInOutput: 60_000 },
        'node_modules/@js-joda/timezone/dist/b.js': { bytesInOutput: 60_000 },
        'node_modules/zod/index.js': { bytesInOutput: 101_000 },
        'node_modules/tiny/index.js': { bytesInOutput: 1_000 },
      },
    });
    expect(parts.map((part) => part.name)).toEqual(['app', '@js-joda/timezone', 'zod', 'tiny']);
    expect(heavyPackages(parts).map((part) => part.name)).toEqual(['@js-joda/timezone']);
    expect(heavyPackages(parts, {}).map((part) => part.name)).toEqual(['@js-joda/timezone', 'zod']);
  });
});
