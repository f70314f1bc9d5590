import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_AREAS } from '../../../functions/shared/routes';
import { bundleOutputs, type BundleOutput } from '../../support/lambda-metafile';

/**
 * Issue 14: no route loads code of another capability. A capability is a route area (functions/shared/route-areas/*,
 * ROUTE_AREAS); its code is the handlers, use cases, repositories, adapters, providers and domain modules named
 * after it below. Code named after none (functions/lib, functions/shared, the generic connection and user modules)
 * is shared. Each route's handler is bundled as the CDK bundles it (esbuild), and every module in its bundle must be
 * shared, its own area's, or an area its area is declared to build on (with the reason).
 */
const CAPABILITY_CODE: Readonly<Record<string, RegExp>> = {
  // core: the Strava provider, and the provider-generic connections, sync and import jobs (shared code)
  core: /strava/,
  google: /google/,
  apple: /apple/,
  analysis: /analysis/,
  partners: /partner|messages/,
  plan: /group-activit|(^|\/)rides?[.-]|plan-limits|plan-time/,
  trips: /trip-plan/,
  safety: /moderation|reports/,
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
  // a block or a report holds everywhere one person can reach another (DESIGN §1)
  partners: ['safety'],
  plan: ['partners', 'safety'],
  safety: ['partners', 'plan'],
  trips: ['partners', 'plan', 'safety'],
};

/** Routes that must reach every capability: deleting an account erases its data in each. */
const EVERY_CAPABILITY: readonly string[] = ['delete-me'];

const CODE = /^functions\/(handlers|usecases|repositories|adapters|providers|domain)\//;
// The key builders are the one home of every key shape (issue 15, functions/repositories/keys/): data layout, not a
// capability's behaviour, so the core `keys` object may carry e.g. the report keys into every route.
const KEY_HOME = /^functions\/repositories\/keys\//;
const routes = Object.entries(ROUTE_AREAS).flatMap(([area, list]) => list.map((route) => ({ area, ...route })));
let outputOf: (entry: string) => BundleOutput;

beforeAll(async () => {
  outputOf = await bundleOutputs(routes);
}, 120_000);

function bundledCode(entry: string): string[] {
  return Object.keys(outputOf(entry).inputs).filter((input) => CODE.test(input) && !KEY_HOME.test(input));
}

const capabilitiesOf = (file: string) =>
  Object.entries(CAPABILITY_CODE)
    .filter(([, pattern]) => pattern.test(file))
    .map(([area]) => area);

describe('route capabilities (issue 14: no route loads code of another capability)', () => {
  it('declares what every route area builds on', () => {
    expect(Object.keys(BUILDS_ON).sort()).toEqual(Object.keys(ROUTE_AREAS).sort());
    for (const id of EVERY_CAPABILITY) expect(routes.map((route) => route.id)).toContain(id);
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

  it('is a real check: a provider route bundles its own provider code, and the classification sees it', () => {
    const google = routes.find((route) => route.id === 'post-google-connect')!;
    expect(bundledCode(google.entry).filter((file) => capabilitiesOf(file).includes('google')).length).toBeGreaterThan(
      3,
    );
    const deleteMe = routes.find((route) => route.id === 'delete-me')!;
    const reached = new Set(bundledCode(deleteMe.entry).flatMap(capabilitiesOf));
    expect([...reached].sort()).toEqual(expect.arrayContaining(['apple', 'core', 'google', 'partners', 'trips']));
  });
});
