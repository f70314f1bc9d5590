import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PUBLISHING_JOBS, LIVE_PUBLISHING_ROUTES } from '../../../functions/shared/live-routes';
import {
  IMPORT_WORKER,
  ROUTES,
  SCHEDULED_JOBS,
  tableAccessOf,
  type RouteDefinition,
  type ScheduledJobDefinition,
} from '../../../functions/shared/routes';
import { TABLE_READ_ACTIONS, TABLE_WRITE_ACTIONS } from '../../../infra/constructs/house-function';
import { buildTestApp, dynamoGrantsOf, type TestApp } from '../support/synth';

/** The only functions that may Scan: the retention purge and the daily refresh job (which walks every connection). */
const MAY_SCAN = new Set(['retention-purge', 'provider-refresh']);

const LIVE_PUBLISHERS = new Set<string>(LIVE_PUBLISHING_ROUTES);
const LIVE_PUBLISHING_JOB_IDS = new Set<string>(LIVE_PUBLISHING_JOBS);

let testApp: TestApp;

beforeAll(() => {
  testApp = buildTestApp();
  testApp.app.synth();
});
afterAll(() => testApp?.cleanup());

type Declared = RouteDefinition | ScheduledJobDefinition | typeof IMPORT_WORKER;
type Kind = 'route' | 'job' | 'worker';
const everything = (): { kind: Kind; definition: Declared }[] => [
  ...ROUTES.map((definition) => ({ kind: 'route' as const, definition })),
  ...SCHEDULED_JOBS.map((definition) => ({ kind: 'job' as const, definition })),
  { kind: 'worker', definition: IMPORT_WORKER },
];
const functionOf = (kind: Kind, id: string) =>
  kind === 'worker'
    ? testApp.stateless.imports.worker.function
    : (kind === 'route' ? testApp.stateless.apiRoutes : testApp.stateless.jobs).functions.get(id)!.function;

/** What a declaration must grant: `<table>` / `<table>/index/<name>` → sorted actions. */
function expectedGrants(kind: Kind, definition: Declared): Record<string, string[]> {
  const grants: Record<string, Set<string>> = {};
  for (const [tableId, declared] of Object.entries(definition.access)) {
    const { mode, indexes = [], scan } = tableAccessOf(declared!);
    const actions = [
      ...TABLE_READ_ACTIONS,
      ...(mode === 'write' ? TABLE_WRITE_ACTIONS : []),
      ...(scan ? ['dynamodb:Scan'] : []),
    ];
    for (const key of [tableId, ...indexes.map((index) => `${tableId}/index/${index}`)])
      for (const action of actions) (grants[key] ??= new Set()).add(action);
  }
  // Every signed-in request reads the caller's deleted-account tombstone (functions/lib/http.ts).
  if (kind === 'route' && !(definition as RouteDefinition).public && !('users' in definition.access))
    (grants.users ??= new Set()).add('dynamodb:GetItem');
  // A function that pushes to the realtime channel finds the user's channels and forgets gone ones (DeleteItem is
  // limited to the channel items by a condition: test/infra/stacks/stateless-stack.test.ts).
  if (
    (kind === 'route' && LIVE_PUBLISHERS.has(definition.id)) ||
    (kind === 'job' && LIVE_PUBLISHING_JOB_IDS.has(definition.id)) ||
    kind === 'worker'
  ) {
    (grants['users/index/gsi1'] ??= new Set()).add('dynamodb:Query');
    (grants.users ??= new Set()).add('dynamodb:DeleteItem');
  }
  return Object.fromEntries(Object.entries(grants).map(([key, actions]) => [key, [...actions].sort()]));
}

describe('least privilege by declaration', () => {
  it('grants each function exactly its declaration, on the table and the declared indexes only', () => {
    for (const { kind, definition } of everything()) {
      expect(dynamoGrantsOf(functionOf(kind, definition.id)), definition.id).toEqual(expectedGrants(kind, definition));
    }
  });

  it('gives read-only routes no write action', () => {
    const writes = new Set<string>([...TABLE_WRITE_ACTIONS, 'dynamodb:Scan']);
    const readOnly = ROUTES.filter((route) =>
      Object.values(route.access).every((declared) => tableAccessOf(declared!).mode === 'read'),
    );
    expect(readOnly.map((route) => route.id)).toEqual(
      expect.arrayContaining(['get-health', 'get-connections', 'get-activities', 'get-analysis', 'get-notifications']),
    );
    for (const route of readOnly) {
      const granted = Object.values(dynamoGrantsOf(functionOf('route', route.id))).flat();
      expect(
        granted.filter((action) => writes.has(action)),
        route.id,
      ).toEqual([]);
    }
  });

  it('keeps the public health check to reads: no write, no Scan, on any table', () => {
    const grants = dynamoGrantsOf(functionOf('route', 'get-health'));
    expect(Object.keys(grants).sort()).toEqual(['activities', 'connections', 'rateLimits', 'social', 'users']);
    for (const actions of Object.values(grants)) expect(actions).toEqual([...TABLE_READ_ACTIONS].sort());
  });

  it('lets no HTTP route Scan, and among jobs only the purge and the refresh job', () => {
    for (const { kind, definition } of everything()) {
      const declaresScan = Object.values(definition.access).some((declared) => tableAccessOf(declared!).scan);
      const grantsScan = Object.values(dynamoGrantsOf(functionOf(kind, definition.id)))
        .flat()
        .includes('dynamodb:Scan');
      const allowed = kind === 'job' && MAY_SCAN.has(definition.id);
      if (!allowed) {
        expect(declaresScan, `${definition.id} declares scan`).toBe(false);
        expect(grantsScan, `${definition.id} can Scan`).toBe(false);
      }
    }
    expect(dynamoGrantsOf(functionOf('job', 'retention-purge')).activities).toContain('dynamodb:Scan');
  });
});
