import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIVE_AUTHORIZER_ENTRY, LIVE_ROUTES } from '../../../functions/shared/live-routes';
import { ROUTE_AREAS, ROUTES, SCHEDULED_JOBS } from '../../../functions/shared/routes';
import {
  bundleParts,
  HEAVY_PACKAGE_KB,
  heavyPackages,
  packageOf,
  STRIPE_FUNCTIONS,
} from '../../bench/support/lambda-bundling';
import { bundleOutputs, type BundleOutput } from '../../support/lambda-metafile';

/**
 * cold starts stay small: what goes into each Lambda bundle. Every route and scheduled job is bundled once,
 * in memory, as the CDK bundles it (one esbuild pass shared by both suites below: bundling is the slow part).
 * - "Lambda bundle contents": no heavy package comes in silently.
 * - "route capabilities": no route loads code of another capability.
 */
/** The realtime channel's own functions (its WebSocket routes and the $connect authorizer). */
const LIVE_FUNCTIONS = [
  ...Object.entries(LIVE_ROUTES).map(([key, entry]) => ({ id: `live-${key.replace('$', '')}`, entry })),
  { id: 'live-authorizer', entry: LIVE_AUTHORIZER_ENTRY },
];
const functions = [...ROUTES, ...SCHEDULED_JOBS, ...LIVE_FUNCTIONS];
let outputOf: (entry: string) => BundleOutput;

beforeAll(async () => {
  outputOf = await bundleOutputs(functions);
}, 120_000);

/**
 * lambda-bundle-max-kb ≤ 250 kB. A whole time-zone database once came in with one import (1,176 kB bundles); this
 * fails as soon as any package adds more than HEAVY_PACKAGE_KB to any Lambda bundle without being listed, with its
 * reason, in HEAVY_PACKAGES_ALLOWED (test/bench/support/lambda-bundling.ts).
 */
describe('Lambda bundle contents (no heavy package comes in silently)', () => {
  it(`bundles no package over ${HEAVY_PACKAGE_KB} kB that is not allowed by name`, () => {
    const heavy = functions.flatMap((fn) =>
      heavyPackages(bundleParts(outputOf(fn.entry))).map((part) => `${fn.id}: ${part.name} ${part.kB.toFixed(1)} kB`),
    );
    expect(heavy).toEqual([]);
  });

  it('bundles the Stripe SDK only into the functions that call Stripe', () => {
    const withStripe = functions
      .filter((fn) => bundleParts(outputOf(fn.entry)).some((part) => part.name === 'stripe'))
      .map((fn) => fn.id);
    expect(withStripe.sort()).toEqual([...STRIPE_FUNCTIONS].sort());
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

/**
 * No route loads code of another capability. A capability is a route area (functions/shared/route-areas/*,
 * ROUTE_AREAS); its code is the handlers, use cases, repositories, adapters, providers and domain modules named
 * after it below. Code named after none (functions/lib, functions/shared, the generic connection and user modules)
 * is shared. Every module in a route's bundle must be shared, its own area's, or an area its area is declared to
 * build on (with the reason).
 */
const CAPABILITY_CODE: Readonly<Record<string, RegExp>> = {
  // core: the Strava provider, and the provider-generic connections, sync and import jobs (shared code)
  core: /strava/,
  google: /google/,
  apple: /apple/,
  analysis: /analysis/,
  partners: /partner|messages/,
  'group-activities': /group-activit|(^|\/)rides?[.-]|plan-limits|plan-time/,
  'trip-plans': /trip-plan/,
  moderation: /moderation|reports/,
  billing: /billing|stripe/,
  support: /support/,
};

/** Areas whose code an area's routes may load besides their own, and why. */
const BUILDS_ON: Readonly<Record<string, readonly string[]>> = {
  // connections, sync requests, import jobs and the Strava webhook serve every provider
  core: ['google', 'apple'],
  google: [],
  apple: [],
  analysis: [],
  // a profile change updates the partner index
  profile: ['partners'],
  // a block or a report holds everywhere one person can reach another (design §1)
  // ...and a block takes each of the two out of the activities, rides and trip plans the other runs
  // ...and Premium lifts the message quota (it reads the plan)
  partners: ['moderation', 'group-activities', 'trip-plans', 'billing'],
  // ...and someone who stops taking part in an activity leaves the party of its trip plans
  'group-activities': ['partners', 'moderation', 'trip-plans'],
  moderation: ['partners', 'group-activities'],
  'trip-plans': ['partners', 'group-activities', 'moderation'],
  billing: [],
  // Premium's requests go first (it reads the plan)
  support: ['billing'],
};

/** Routes that must reach every capability: deleting an account erases its data in each, exporting it reads each. */
const EVERY_CAPABILITY: readonly string[] = ['delete-me', 'get-my-data'];

/**
 * What sync now, disconnecting, the account erasure and the daily refresh do with a provider goes through the
 * provider registry (functions/usecases/providers/registry.ts), which holds only the providers' light sides: they load none of
 * a provider's connect, import, mapping or rate-limit code, which the registry's heavy half for the import worker
 * (functions/usecases/providers/importers.ts) brings in.
 */
const LIGHT_SIDE_FUNCTIONS: readonly string[] = [
  'delete-me',
  'delete-connection',
  'post-connection-sync',
  'provider-refresh',
];
const PROVIDER_HEAVY_CODE = [
  'functions/usecases/providers/importers.ts',
  'functions/usecases/providers/strava/importer.ts',
  'functions/usecases/providers/strava/provider.ts',
  'functions/usecases/providers/strava/pull.ts',
  'functions/usecases/providers/google_health/importer.ts',
  'functions/usecases/strava-connect.ts',
  'functions/usecases/strava-sync.ts',
  'functions/usecases/google-connect.ts',
  'functions/usecases/google-sync.ts',
  'functions/adapters/strava/client.ts',
  'functions/adapters/google/client.ts',
  'functions/domain/google-health.ts',
  'functions/domain/strava-activity.ts',
  'functions/repositories/strava-rate-limiter.ts',
];

const CODE = /^functions\/(handlers|usecases|repositories|adapters|providers|domain)\//;
// The key builders are the one home of every key shape (functions/repositories/keys/): data layout, not a
// capability's behaviour, so the core `keys` object may carry e.g. the report keys into every route.
const KEY_HOME = /^functions\/repositories\/keys\//;
const routes = Object.entries(ROUTE_AREAS).flatMap(([area, list]) => list.map((route) => ({ area, ...route })));

function bundledCode(entry: string): string[] {
  return Object.keys(outputOf(entry).inputs).filter((input) => CODE.test(input) && !KEY_HOME.test(input));
}

const capabilitiesOf = (file: string) =>
  Object.entries(CAPABILITY_CODE)
    .filter(([, pattern]) => pattern.test(file))
    .map(([area]) => area);

describe('route capabilities (no route loads code of another capability)', () => {
  it('declares what every route area builds on', () => {
    expect(Object.keys(BUILDS_ON).sort()).toEqual(Object.keys(ROUTE_AREAS).sort());
    for (const id of EVERY_CAPABILITY) expect(routes.map((route) => route.id)).toContain(id);
    for (const id of LIGHT_SIDE_FUNCTIONS) expect(functions.map((fn) => fn.id)).toContain(id);
  });

  it("bundles into each route only shared code, its own area's and what its area builds on", () => {
    const violations = routes
      .filter((route) => !EVERY_CAPABILITY.includes(route.id))
      .flatMap((route) => {
        const allowed = new Set([route.area, ...BUILDS_ON[route.area]!]);
        return bundledCode(route.entry)
          .filter((file) => capabilitiesOf(file).some((area) => !allowed.has(area)))
          .map((file) => `${route.area}/${route.id} loads ${file} (${capabilitiesOf(file).join(', ')})`);
      });
    expect(violations).toEqual([]);
  });

  it("loads only the providers' light sides where a function syncs now, disconnects, erases or refreshes", () => {
    const heavy = functions
      .filter((fn) => LIGHT_SIDE_FUNCTIONS.includes(fn.id))
      .flatMap((fn) =>
        bundledCode(fn.entry)
          .filter((file) => PROVIDER_HEAVY_CODE.includes(file))
          .map((file) => `${fn.id} loads ${file}`),
      );
    expect(heavy).toEqual([]);
  });

  it('is a real check: a provider route bundles its own provider code, and the classification sees it', () => {
    const google = routes.find((route) => route.id === 'post-google-connect')!;
    expect(bundledCode(google.entry).filter((file) => capabilitiesOf(file).includes('google')).length).toBeGreaterThan(
      3,
    );
    const deleteMe = routes.find((route) => route.id === 'delete-me')!;
    const reached = new Set(bundledCode(deleteMe.entry).flatMap(capabilitiesOf));
    expect([...reached].sort()).toEqual(expect.arrayContaining(['apple', 'core', 'google', 'partners', 'trip-plans']));
    // The light-sides check names real files, and sees them where a route does load them.
    expect(PROVIDER_HEAVY_CODE.filter((file) => !existsSync(join(__dirname, '../../..', file)))).toEqual([]);
    const connect = routes.find((route) => route.id === 'post-strava-connect')!;
    expect(bundledCode(connect.entry)).toEqual(
      expect.arrayContaining(['functions/usecases/strava-sync.ts', 'functions/repositories/strava-rate-limiter.ts']),
    );
  });
});
