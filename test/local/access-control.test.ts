import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInputSchemas } from '../../functions/lib/http';
import { ensureUserProfile } from '../../functions/repositories/user-profiles';
import { createSyncRequest, setManualSyncOnly } from '../../functions/repositories/sync-requests';
import { ROUTES, type RouteDefinition } from '../../functions/shared/routes';
import type { ApiResponse } from '../../infra/local/api-host';
import { connectAs, MAYA, testDeps } from '../functions/strava/helpers';
import {
  inputSchemasOfRoute,
  snapshotDiff,
  snapshotTables,
  startApiUnderTest,
  type ApiUnderTest,
} from './fuzz/harness';
import { arbitraryFor } from './fuzz/zod-arbitrary';

/**
 * The access-control matrix: for every route behind the authorizer, tokens that must not get in (none, expired,
 * another audience, another issuer, another key, a changed signature, changed claims, alg none) are refused with
 * API Gateway's 401 before any handler runs; and a second, valid user reaching every route with the first user's
 * ids in the path can neither read the first user's private data nor change it.
 *
 * "The first user's private data" is every item in the partitions `USER#<A>` of the users, connections,
 * activities and rateLimits tables (profile, connections with encrypted tokens, activities, metrics and daily
 * aggregates, sync preferences and requests, Apple token hash). The social table is shared by design (B may
 * join A's group activity or send A a partner request, which writes a notification for A), so it is left out
 * of the "unchanged" check; it is still covered by the bad-token half, where nothing at all may change.
 */
const PROTECTED = ROUTES.filter((route) => !route.public);
const PRIVATE_TABLES = ['users', 'connections', 'activities', 'rateLimits'];

let api: ApiUnderTest;
const userA = `victim-${randomUUID()}`;
const userB = `intruder-${randomUUID()}`;
const emailOfA = `${userA}@example.com`;
/** Strings only A's private data contains; none may show up in B's responses. */
let privateMarkers: string[] = [];

beforeAll(async () => {
  api = await startApiUnderTest(ROUTES);
  const now = new Date();
  await ensureUserProfile(userA, emailOfA, now);
  const deps = await testDeps();
  await connectAs(api.strava, userA, MAYA, deps);
  await setManualSyncOnly(userA, true, now);
  const request = await createSyncRequest(userA, now);
  // A's own writes through the API (profile, Apple token, anything else a route can create from a schema-valid body).
  await seedThroughApi(userA);
  const athlete = api.strava.control.athletes().find((a) => a.id === MAYA)!;
  privateMarkers = [
    emailOfA,
    athlete.lastname,
    request.id,
    ...api.strava.control
      .activities(MAYA)
      .slice(0, 5)
      .map((a) => a.name),
  ].filter((m) => m && m.length >= 6);
}, 120_000);
afterAll(() => api?.stop());

function pathFor(route: RouteDefinition, ids: Record<string, string>): string {
  return route.path.replace(/\{(\w+)\}/g, (_m, param: string) =>
    encodeURIComponent(ids[param] ?? (param === 'provider' ? 'strava' : param === 'userId' ? userA : randomUUID())),
  );
}

async function send(
  route: RouteDefinition,
  authorization: string | undefined,
  body?: unknown,
  ids: Record<string, string> = {},
): Promise<ApiResponse> {
  return api.host({
    method: route.method,
    path: pathFor(route, ids),
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body)),
    sourceIp: '127.0.0.1',
  });
}

/** A body that passes the route's schema, so a request gets past validation to the authorisation logic. */
function validBody(schemas: RouteInputSchemas | undefined, seed: number): unknown {
  if (!schemas?.body) return undefined;
  const candidates = fc.sample(arbitraryFor(schemas.body), { numRuns: 300, seed });
  return candidates.find((candidate) => schemas.body!.safeParse(candidate).success) ?? {};
}

async function seedThroughApi(userId: string): Promise<void> {
  const token = `Bearer ${api.tokenFor(userId)}`;
  for (const route of PROTECTED.filter((r) => (r.method === 'POST' || r.method === 'PUT') && !r.path.includes('{'))) {
    if (/connect$|delete|ingest$/.test(route.id)) continue;
    const schemas = await inputSchemasOfRoute(route);
    for (let seed = 1; seed <= 5; seed++) {
      const response = await send(route, token, validBody(schemas, seed));
      if (response.status < 300) break;
    }
  }
}

async function privateItemsOf(userId: string): Promise<Record<string, string[]>> {
  const snapshot = await snapshotTables();
  return Object.fromEntries(
    PRIVATE_TABLES.map((table) => [
      table,
      (snapshot[table] ?? []).filter((item) => item.includes(`"pk":"USER#${userId}"`)),
    ]),
  );
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const BAD_TOKENS: [string, () => string | undefined][] = [
  ['no token', () => undefined],
  ['not a bearer token', () => `Basic ${Buffer.from(`${userA}:x`).toString('base64')}`],
  [
    'an expired token',
    () =>
      `Bearer ${api.issuer.sign({ ...api.idTokenClaims(userA), iat: nowSeconds() - 7200, exp: nowSeconds() - 60 })}`,
  ],
  [
    'a token for another app client (audience)',
    () => `Bearer ${api.issuer.sign({ ...api.idTokenClaims(userA), aud: 'another-client' })}`,
  ],
  [
    'a token from another issuer',
    () => `Bearer ${api.issuer.sign({ ...api.idTokenClaims(userA), iss: 'https://cognito-idp.example/other_pool' })}`,
  ],
  ['a token signed with another key', () => `Bearer ${api.issuer.sign(api.idTokenClaims(userA), api.issuer.otherKey)}`],
  [
    'a token with a changed signature',
    () => {
      const token = api.tokenFor(userA);
      const last = token.at(-2) === 'A' ? 'B' : 'A';
      return `Bearer ${token.slice(0, -2)}${last}${token.at(-1)}`;
    },
  ],
  [
    "B's token with its claims changed to A's",
    () => {
      const [header, , signature] = api.tokenFor(userB).split('.');
      return `Bearer ${header}.${Buffer.from(JSON.stringify(api.idTokenClaims(userA))).toString('base64url')}.${signature}`;
    },
  ],
  [
    'an unsigned token (alg none)',
    () =>
      `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(api.idTokenClaims(userA))).toString('base64url')}.`,
  ],
];

describe('access control: tokens the authorizer must refuse', () => {
  it.each(BAD_TOKENS)(
    '%s gets 401 on every protected route, and nothing changes',
    async (_name, authorization) => {
      expect(PROTECTED.length).toBeGreaterThan(10);
      const before = await snapshotTables();
      for (const route of PROTECTED) {
        const schemas = await inputSchemasOfRoute(route);
        const response = await send(route, authorization(), validBody(schemas, 1));
        expect({ route: route.id, status: response.status, body: response.body.toString('utf8') }).toEqual({
          route: route.id,
          status: 401,
          body: '{"message":"Unauthorized"}',
        });
      }
      expect(snapshotDiff(before, await snapshotTables())).toEqual([]);
    },
    60_000,
  );
});

describe("access control: another signed-in user against the first user's data", () => {
  it('the seeded user has private data in every private table, and it shows in their own responses', async () => {
    const items = await privateItemsOf(userA);
    for (const table of PRIVATE_TABLES)
      expect(items[table]!.length, `${table} has none of A's items`).toBeGreaterThan(0);
    const activities = await send(
      ROUTES.find((r) => r.id === 'get-activities')!,
      `Bearer ${api.tokenFor(userA)}`,
    );
    expect(privateMarkers.some((marker) => activities.body.toString('utf8').includes(marker))).toBe(true);
  });

  // Deleting B's own account (DELETE /api/me) goes last so B stays signed up for the rest.
  const ordered = [...PROTECTED].sort(
    (a, b) =>
      Number(a.method === 'DELETE' && a.path === '/api/me') - Number(b.method === 'DELETE' && b.path === '/api/me'),
  );
  it.each(ordered.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s as B with A's ids neither returns nor changes A's private data",
    async (_name, route) => {
      const before = await privateItemsOf(userA);
      const schemas = await inputSchemasOfRoute(route);
      const response = await send(route, `Bearer ${api.tokenFor(userB)}`, validBody(schemas, 7), { userId: userA });
      const text = response.body.toString('utf8');
      expect(response.status, text).toBeLessThan(500);
      for (const marker of privateMarkers) expect(text, `the response contains A's "${marker}"`).not.toContain(marker);
      expect(snapshotDiff(before, await privateItemsOf(userA))).toEqual([]);
    },
    30_000,
  );
});
