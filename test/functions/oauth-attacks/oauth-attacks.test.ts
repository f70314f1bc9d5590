import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROUTES, type RouteDefinition } from '../../../functions/shared/routes';
import { snapshotDiff, snapshotTables, startApiUnderTest, type ApiUnderTest } from '../../local/fuzz/harness';
import { oauthProviders, type Callback, type OAuthProvider } from './providers';

/**
 * Attacks on the OAuth connect flow of every provider in the route list, end to end through the API host
 * (JWT authorizer, handler, DynamoDB, the provider's simulator): the `state` missing, forged, replayed, expired
 * or another user's; a code issued for another redirect URI; and one provider's state and code sent to another
 * provider's connect route. Each must be refused with a 400 and leave no connection behind.
 * (test/functions/strava/connect.test.ts covers the Strava use case's own state checks in more detail.)
 */
const PROVIDERS = oauthProviders();
let api: ApiUnderTest;

beforeAll(async () => {
  api = await startApiUnderTest(ROUTES);
});
afterAll(() => api?.stop());
afterEach(async () => {
  vi.useRealTimers();
  // A genuine connect starts import jobs in the background: let them finish before the next test snapshots the tables.
  await api.importQueue.idle();
});

const newUser = () => `oauth-${randomUUID()}`;

async function call(route: RouteDefinition, userId: string, body?: unknown) {
  const response = await api.host({
    method: route.method,
    path: route.path,
    rawQueryString: '',
    headers: { authorization: `Bearer ${api.tokenFor(userId)}`, 'content-type': 'application/json' },
    body: body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body)),
    sourceIp: '127.0.0.1',
  });
  return {
    status: response.status,
    json: JSON.parse(response.body.toString('utf8') || 'null') as Record<
      string,
      { code?: string } & Record<string, unknown>
    >,
  };
}

async function startConnect(provider: OAuthProvider, userId: string): Promise<string> {
  const { status, json } = await call(provider.authorizeRoute, userId);
  expect(status).toBe(200);
  return json.url as unknown as string;
}

async function consentFor(provider: OAuthProvider, userId: string): Promise<Callback> {
  return provider.consent(api, await startConnect(provider, userId));
}

async function connectionOf(provider: OAuthProvider, userId: string) {
  const { json } = await call(
    ROUTES.find((r) => r.id === 'get-connections')!,
    userId,
  );
  return (json.connections as unknown as { provider: string; isActive: boolean }[]).find(
    (c) => c.provider === provider.providerType && c.isActive,
  );
}

function expectRefused(result: { status: number; json: Record<string, { code?: string }> }, code: string | RegExp) {
  expect(result.status).toBe(400);
  expect(result.json.error!.code).toMatch(code);
}

it('finds the OAuth providers in the route list (Strava at least)', () => {
  expect(PROVIDERS.map((p) => p.name)).toContain('strava');
});

describe.each(PROVIDERS.map((provider) => [provider.name, provider] as const))(
  '%s connect under attack',
  (_name, provider) => {
    it('a genuine consent connects (the attacks below are refused for their own reason, not because connecting is broken)', async () => {
      const userId = newUser();
      const callback = await consentFor(provider, userId);
      expect((await call(provider.connectRoute, userId, callback)).status).toBe(200);
      expect(await connectionOf(provider, userId)).toBeDefined();
    });

    it('a missing or empty state is a validation error and stores nothing', async () => {
      const userId = newUser();
      const { code, scope } = await consentFor(provider, userId);
      const before = await snapshotTables();
      expectRefused(await call(provider.connectRoute, userId, { code, scope }), 'validation_failed');
      expectRefused(await call(provider.connectRoute, userId, { code, scope, state: '' }), 'validation_failed');
      expect(snapshotDiff(before, await snapshotTables())).toEqual([]);
    });

    it('forged states are refused, and do not burn the genuine one', async () => {
      const userId = newUser();
      const callback = await consentFor(provider, userId);
      const [payload, signature] = callback.state.split('.') as [string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      const reencode = (changed: Record<string, unknown>) => Buffer.from(JSON.stringify(changed)).toString('base64url');
      const forgeries = [
        'not-a-state',
        `${payload}.${Buffer.alloc(32).toString('base64url')}`,
        `${reencode({ ...claims, e: Date.now() + 86_400_000 })}.${signature}`,
        `${reencode({ ...claims, n: 'another-nonce' })}.${signature}`,
        `${payload}.${signature}.extra`,
        `${payload}`,
      ];
      for (const state of forgeries)
        expectRefused(await call(provider.connectRoute, userId, { ...callback, state }), 'state_invalid');
      expect(await connectionOf(provider, userId)).toBeUndefined();
      expect((await call(provider.connectRoute, userId, callback)).status).toBe(200);
    });

    it("another user's state is refused", async () => {
      const victim = newUser();
      const attacker = newUser();
      const callback = await consentFor(provider, attacker);
      expectRefused(await call(provider.connectRoute, victim, callback), 'state_wrong_user');
      expect(await connectionOf(provider, victim)).toBeUndefined();
    });

    it('a replayed state is refused and the connection stays as the first use made it', async () => {
      const userId = newUser();
      const authorizeUrl = await startConnect(provider, userId);
      const first = await provider.consent(api, authorizeUrl);
      expect((await call(provider.connectRoute, userId, first)).status).toBe(200);
      const connected = await connectionOf(provider, userId);
      // The same authorize URL again gives a fresh code with the same state: the state must not work twice.
      const second = await provider.consent(api, authorizeUrl);
      expect(second.state).toBe(first.state);
      expectRefused(await call(provider.connectRoute, userId, second), 'state_used');
      expect(await connectionOf(provider, userId)).toEqual(connected);
    });

    it('a state older than its 10-minute life is refused', async () => {
      const userId = newUser();
      const callback = await consentFor(provider, userId);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 + 1000 });
      expectRefused(await call(provider.connectRoute, userId, callback), 'state_expired');
      vi.useRealTimers();
      expect(await connectionOf(provider, userId)).toBeUndefined();
    });

    it('a code issued for another redirect URI is refused by the exchange and stores no connection', async () => {
      const userId = newUser();
      const authorizeUrl = new URL(await startConnect(provider, userId));
      const genuine = authorizeUrl.searchParams.get('redirect_uri')!;
      authorizeUrl.searchParams.set('redirect_uri', new URL('/attacker/callback', genuine).href);
      const callback = await provider.consent(api, authorizeUrl.href);
      expect(callback.code).not.toBe('');
      expectRefused(await call(provider.connectRoute, userId, callback), 'invalid_code');
      expect(await connectionOf(provider, userId)).toBeUndefined();
    });

    describe.each(
      PROVIDERS.filter((other) => other.name !== provider.name).map((other) => [other.name, other] as const),
    )('mix-up with %s', (_otherName, other) => {
      it(`a ${provider.name} state and code sent to the ${other.name} connect route are refused, and stay usable at ${provider.name}`, async () => {
        const userId = newUser();
        const callback = await consentFor(provider, userId);
        expectRefused(await call(other.connectRoute, userId, callback), 'state_invalid');
        expect(await connectionOf(other, userId)).toBeUndefined();
        expect((await call(provider.connectRoute, userId, callback)).status).toBe(200);
      });
    });
  },
);
