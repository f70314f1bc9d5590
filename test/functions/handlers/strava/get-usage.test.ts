import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../../../functions/handlers/strava/get-usage';
import {
  acquireStravaCall,
  recordStravaResponse,
  type StravaAppConfig,
} from '../../../../functions/repositories/strava-rate-limiter';
import {
  assignStravaConfig,
  getStravaConfig,
  saveStravaConfig,
} from '../../../../functions/repositories/strava-configs';
import { StravaUsageResponse } from '../../../../functions/shared/schemas/connections';
import { invoke, userClaims } from '../../../support/api-events';

const route = { id: 'get-strava-usage', method: 'GET', path: '/api/strava/usage' } as const;
// A day no other test uses, so the shared fallback config's windows are untouched on it.
const NOW = new Date('2031-03-04T10:07:30.000Z');

async function userWithConfig(limits: Pick<StravaAppConfig, 'fifteenMinLimit' | 'dailyLimit'>) {
  const config: StravaAppConfig = {
    id: `test-${randomUUID()}`,
    name: 'Usage test app',
    clientId: `client-${randomUUID()}`,
    secretRef: `arn:aws:secretsmanager:ca-central-1:000000000000:secret:${randomUUID()}`,
    isActive: true,
    ...limits,
  };
  await saveStravaConfig(config, NOW);
  const userId = randomUUID();
  await assignStravaConfig(userId, config.id, NOW);
  return { config, userId };
}

async function usageOf(userId: string) {
  const response = await invoke(handler, route, { claims: userClaims(userId) });
  expect(response.status).toBe(200);
  return { body: StravaUsageResponse.strict().parse(response.json), raw: JSON.stringify(response.raw) };
}

describe('GET /api/strava/usage', () => {
  const savedClientId = process.env.STRAVA_CLIENT_ID;
  beforeAll(() => {
    process.env.STRAVA_CLIENT_ID ??= '100001';
  });
  afterAll(() => {
    if (savedClientId === undefined) delete process.env.STRAVA_CLIENT_ID;
  });
  // Only Date is faked: the handler takes its request time from the clock, the SDK's timers keep running.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the caller's remaining requests and the minutes left in the window", async () => {
    const { config, userId } = await userWithConfig({ fifteenMinLimit: 10, dailyLimit: 100 });
    for (let i = 0; i < 3; i++) await acquireStravaCall(config, NOW);

    const { body } = await usageOf(userId);
    expect(body).toEqual({
      rateLimited: false,
      remainingFifteenMin: 7,
      remainingDaily: 97,
      minutesLeft: 8,
      message: '7 requests left · 8 minutes left in this window',
    });
  });

  it("says 'Rate limited - try again in N minutes' once the window is used up", async () => {
    const { config, userId } = await userWithConfig({ fifteenMinLimit: 2, dailyLimit: 100 });
    await acquireStravaCall(config, NOW);
    await acquireStravaCall(config, NOW);

    expect((await usageOf(userId)).body).toEqual({
      rateLimited: true,
      remainingFifteenMin: 0,
      remainingDaily: 98,
      minutesLeft: 8,
      message: 'Rate limited - try again in 8 minutes',
    });
  });

  it('reflects a 429 from Strava with its Retry-After', async () => {
    const { config, userId } = await userWithConfig({ fifteenMinLimit: 90, dailyLimit: 1000 });
    await recordStravaResponse(config, { status: 429, headers: new Headers({ 'Retry-After': '1500' }) }, NOW);
    expect((await usageOf(userId)).body).toMatchObject({
      rateLimited: true,
      message: 'Rate limited - try again in 25 minutes',
    });
  });

  it("reports each caller's own config only, and never a config's client id or secret reference", async () => {
    const alice = await userWithConfig({ fifteenMinLimit: 10, dailyLimit: 100 });
    const bob = await userWithConfig({ fifteenMinLimit: 50, dailyLimit: 500 });
    for (let i = 0; i < 4; i++) await acquireStravaCall(alice.config, NOW);

    const aliceView = await usageOf(alice.userId);
    const bobView = await usageOf(bob.userId);
    expect(aliceView.body).toMatchObject({ remainingFifteenMin: 6, remainingDaily: 96 });
    expect(bobView.body).toMatchObject({ remainingFifteenMin: 50, remainingDaily: 500 });
    for (const view of [aliceView, bobView]) {
      for (const config of [alice.config, bob.config]) {
        expect(view.raw).not.toContain(config.secretRef);
        expect(view.raw).not.toContain(config.clientId);
        expect(view.raw).not.toContain(config.id);
      }
    }
  });

  it('uses the shared fallback config for a user without an assignment', async () => {
    const { body } = await usageOf(randomUUID());
    // The shared config's limits are whatever is stored (the test database raises them; see test/support/strava-default-config.ts).
    const shared = await getStravaConfig('default');
    expect(shared).not.toBeNull();
    expect(body).toMatchObject({
      rateLimited: false,
      remainingFifteenMin: shared!.fifteenMinLimit,
      remainingDaily: shared!.dailyLimit,
      minutesLeft: 8,
    });
  });

  it('is unauthorized without verified claims', async () => {
    expect((await invoke(handler, route)).status).toBe(401);
  });
});
