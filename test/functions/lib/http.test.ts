import { describe, expect, it, vi } from 'vitest';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../../../functions/lib/errors';
import { randomUUID } from 'node:crypto';
import { httpRouteWith, respond, z } from '../../../functions/lib/http';
import {
  accountStatusOf,
  putAccountSuspended,
  putDeletedUserTombstone,
} from '../../../functions/repositories/account-tombstones';
import { getIdempotencyRecord, putIdempotencyRecord } from '../../../functions/repositories/idempotency-records';
import { routeFactsIn, routeFactsSetting } from '../../../functions/shared/route-facts';
import type { RouteDefinition } from '../../../functions/shared/routes';
import { logger } from '../../../functions/lib/logger';
import { invoke, userClaims } from '../../support/api-events';

/** Routes of a list of their own, so each test route's facts come from its entry as a real route's do. */
const entry = (id: string, method: RouteDefinition['method'], facts: Pick<RouteDefinition, 'public' | 'access'>) =>
  ({ id, method, path: `/api/test/${id}`, entry: '', ...facts }) satisfies RouteDefinition;
const route = entry('writes', 'POST', { public: false, access: { users: 'write' } });
const readingRoute = entry('reads', 'GET', { public: false, access: { users: 'read' } });
const publicRoute = entry('public', 'POST', { public: true, access: {} });
const TEST_ROUTE_FACTS = routeFactsSetting([route, readingRoute, publicRoute]);
const httpRoute = httpRouteWith({
  accountStatusOf,
  idempotency: { get: getIdempotencyRecord, put: putIdempotencyRecord },
  routeFacts: (routeKey) => routeFactsIn(TEST_ROUTE_FACTS, routeKey),
});

const echo = httpRoute(
  { body: z.object({ name: z.string().min(1).max(20), count: z.number().int().nonnegative() }).strict() },
  async ({ body, caller }) => ({ name: body.name, count: body.count, userId: caller.userId }),
);

describe('httpRoute', () => {
  it('parses the body with the schema and passes the verified caller', async () => {
    const res = await invoke(echo, route, { body: { name: 'Ana', count: 2 }, claims: userClaims('user-1') });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ name: 'Ana', count: 2, userId: 'user-1' });
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('rejects a body that fails the schema with 400 and a message per field', async () => {
    const res = await invoke(echo, route, { body: { name: '', count: -1, extra: true }, claims: userClaims('user-1') });
    expect(res.status).toBe(400);
    const body = res.json as { error: { code: string; message: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields)).toEqual(expect.arrayContaining(['name', 'count']));
  });

  it('rejects malformed JSON with invalid_json', async () => {
    const res = await invoke(echo, route, { body: '{"name":', claims: userClaims('user-1') });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: { code: 'invalid_json', message: 'The request body is not valid JSON.' } });
  });

  it('rejects bodies over the size limit with 413 before parsing', async () => {
    const res = await invoke(echo, route, { body: 'x'.repeat(64 * 1024 + 1), claims: userClaims('user-1') });
    expect(res.status).toBe(413);
    expect((res.json as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('answers 401 on a user route when the authorizer supplied no subject', async () => {
    const res = await invoke(echo, route, { body: { name: 'Ana', count: 1 } });
    expect(res.status).toBe(401);
    expect((res.json as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it('answers a public route without a caller, and gives its use case none', async () => {
    const whoAsks = httpRoute({}, async ({ caller }) => ({ userId: caller.userId }));
    const res = await invoke(whoAsks, publicRoute);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ userId: '' });
    // The same handler on a signed-in route refuses a request without a caller: the facts are the route's.
    expect((await invoke(whoAsks, route)).status).toBe(401);
  });

  it('refuses with a generic 500 on a route it has no facts of, and never runs the use case', async () => {
    let ran = false;
    const handler = httpRoute({}, async () => {
      ran = true;
      return { ok: true };
    });
    const res = await invoke(handler, { id: 'unlisted', method: 'GET', path: '/api/unlisted' });
    expect(res.status).toBe(500);
    expect((res.json as { error: { code: string } }).error.code).toBe('internal_error');
    expect(ran).toBe(false);
  });

  it('maps typed errors to their status and code, with Retry-After for 429', async () => {
    const conflict = httpRoute({}, async () => {
      throw new ConflictError('Already there.', 'ride_exists');
    });
    expect((await invoke(conflict, publicRoute)).json).toEqual({
      error: { code: 'ride_exists', message: 'Already there.' },
    });
    const limited = httpRoute({}, async () => {
      throw new TooManyRequestsError('Rate limited. Try again in 30 seconds', 30);
    });
    const res = await invoke(limited, publicRoute);
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('30');
  });

  it('turns unexpected errors into a generic 500 without internals', async () => {
    const broken = httpRoute({}, async () => {
      throw new Error('connection string postgres://secret@db');
    });
    const res = await invoke(broken, publicRoute);
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.json)).not.toMatch(/secret|stack|postgres/);
    expect((res.json as { error: { code: string } }).error.code).toBe('internal_error');
  });

  it('lets a route choose its status and headers', async () => {
    const created = httpRoute({}, async () => respond(201, { ok: true }, { location: '/api/things/1' }));
    const res = await invoke(created, publicRoute);
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe('/api/things/1');
  });

  it('never logs request bodies or authorization headers', async () => {
    const lines: string[] = [];
    const spy = vi
      .spyOn(logger, 'info')
      .mockImplementation((...args: unknown[]) => void lines.push(JSON.stringify(args)));
    const errorSpy = vi
      .spyOn(logger, 'error')
      .mockImplementation((...args: unknown[]) => void lines.push(JSON.stringify(args)));
    try {
      await invoke(echo, route, {
        body: { name: 'refresh-token-abc123', count: 1 },
        headers: { authorization: 'Bearer eyJ.secret.jwt' },
        claims: userClaims('user-1'),
      });
      await invoke(echo, route, { body: { name: 'code-xyz789', count: 'x' }, claims: userClaims('user-1') });
    } finally {
      spy.mockRestore();
      errorSpy.mockRestore();
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toMatch(/refresh-token-abc123|code-xyz789|eyJ\.secret\.jwt/);
  });
});

describe('the deleted-account check', () => {
  const now = new Date('2026-11-24T08:00:00Z');
  const deletedUser = async () => {
    const userId = `deleted-${randomUUID()}`;
    await putDeletedUserTombstone(userId, now, new Date(now.getTime() + 86_400_000));
    return userId;
  };
  /**
   * A handler whose use case records that it ran and answers with something only the caller should see, called on a
   * route whose access only reads or one that writes.
   */
  const routeThatRecords = (readsOnly: boolean) => {
    const ran: string[] = [];
    const handler = httpRoute({}, async ({ caller }) => {
      ran.push(caller.userId);
      return { secret: `data of ${caller.userId}` };
    });
    const call = (options: Parameters<typeof invoke>[2]) => invoke(handler, readsOnly ? readingRoute : route, options);
    return { call, ran };
  };

  it('runs before a use case that may write: a deleted caller gets 401 and the use case never runs', async () => {
    const { call, ran } = routeThatRecords(false);
    const userId = await deletedUser();
    const res = await call({ claims: userClaims(userId) });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: { code: 'unauthorized', message: 'This account was deleted.' } });
    expect(ran).toEqual([]);
  });

  it('runs beside a read-only use case, and a deleted caller still gets 401 with nothing of its result', async () => {
    const { call, ran } = routeThatRecords(true);
    const userId = await deletedUser();
    const res = await call({ claims: userClaims(userId) });
    expect(ran).toEqual([userId]);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: { code: 'unauthorized', message: 'This account was deleted.' } });
    expect(JSON.stringify(res.json)).not.toContain('data of');

    const live = `live-${randomUUID()}`;
    const ok = await call({ claims: userClaims(live) });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ secret: `data of ${live}` });
  });

  it('answers a deleted caller 401 even when the read-only use case fails first (its error is not revealed)', async () => {
    const failing = httpRoute({}, async () => {
      throw new NotFoundError('No such plan.');
    });
    const res = await invoke(failing, readingRoute, { claims: userClaims(await deletedUser()) });
    expect(res.status).toBe(401);
    expect((res.json as { error: { code: string } }).error.code).toBe('unauthorized');
    expect((await invoke(failing, readingRoute, { claims: userClaims(`live-${randomUUID()}`) })).status).toBe(404);
  });

  describe('a suspended caller', () => {
    const suspendedUser = async () => {
      const userId = `suspended-${randomUUID()}`;
      await putAccountSuspended(userId, now);
      return userId;
    };
    const SUSPENDED = {
      error: { code: 'account_suspended', message: 'This account is suspended for breaking the community rules.' },
    };

    it('gets 403 account_suspended before a use case that may write, which never runs', async () => {
      const { call, ran } = routeThatRecords(false);
      const res = await call({ claims: userClaims(await suspendedUser()) });
      expect(res.status).toBe(403);
      expect(res.json).toEqual(SUSPENDED);
      expect(ran).toEqual([]);
    });

    it('gets 403 beside a read-only use case, with nothing of its result', async () => {
      const { call } = routeThatRecords(true);
      const res = await call({ claims: userClaims(await suspendedUser()) });
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.json)).not.toContain('data of');
    });

    it('gets the same 403 whatever it sends: the refusal comes before the input is read', async () => {
      const res = await invoke(echo, route, { body: '{not json', claims: userClaims(await suspendedUser()) });
      expect(res.status).toBe(403);
      expect(res.json).toEqual(SUSPENDED);
    });

    it('stays deleted when a moderator suspends an account already deleted (401, not 403)', async () => {
      const userId = await deletedUser();
      await putAccountSuspended(userId, now);
      const res = await routeThatRecords(false).call({ claims: userClaims(userId) });
      expect(res.status).toBe(401);
    });
  });
});
