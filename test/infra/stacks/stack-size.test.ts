import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_AREAS, ROUTES } from '../../../functions/shared/routes';
import { buildTestApp, type TestApp } from '../support/synth';

/** CloudFormation refuses a stack over 500 resources; 450 leaves room to deploy a fix without first splitting a stack. */
const RESOURCE_BUDGET = 450;

let testApp: TestApp;
let counts: Map<string, number>;

beforeAll(() => {
  testApp = buildTestApp();
  testApp.app.synth();
  const stacks = testApp.app.node.findAll().filter((construct): construct is Stack => Stack.isStack(construct));
  counts = new Map(
    stacks.map((stack) => [stack.node.path, Object.keys(Template.fromStack(stack).toJSON().Resources ?? {}).length]),
  );
});
afterAll(() => testApp?.cleanup());

describe('CloudFormation resource headroom', () => {
  it(`keeps every stack, nested ones included, under ${RESOURCE_BUDGET} resources`, () => {
    const over = [...counts]
      .filter(([, count]) => count >= RESOURCE_BUDGET)
      .map(([path, count]) => `${path}: ${count}`);
    expect(over).toEqual([]);
  });

  it('puts the route functions in nested stacks, so the stateless stack does not grow with the routes', () => {
    const stateless = counts.get(testApp.stateless.node.path)!;
    // Without the split it held about 7 resources per route (≈424 for 54 routes).
    expect(stateless).toBeLessThan(150);
    expect(counts.size).toBeGreaterThan(2 + Object.keys(ROUTE_AREAS).length - 1);
  });

  it('has room for at least 40 more routes of ~7 resources in the largest route area stack', () => {
    const largest = Math.max(...[...counts].filter(([path]) => path.includes('/Routes/')).map(([, count]) => count));
    expect(largest + 40 * 7).toBeLessThan(500);
  });

  it('places every route in exactly one area', () => {
    for (const route of ROUTES) {
      const areas = Object.entries(ROUTE_AREAS)
        .filter(([, routes]) => routes.includes(route))
        .map(([area]) => area);
      expect(areas, route.id).toHaveLength(1);
    }
  });
});
