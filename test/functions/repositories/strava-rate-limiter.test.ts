import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../../../functions/lib/errors';
import { dynamo } from '../../../functions/lib/dynamo';
import { raiseDefaultStravaLimits } from '../../support/strava-default-config';
import {
  acquireStravaCall,
  readStravaRateLimitState,
  recordStravaResponse,
  stravaConfigForUser,
  type StravaAppConfig,
} from '../../../functions/repositories/strava-rate-limiter';
import { assignStravaConfig, saveStravaConfig } from '../../../functions/repositories/strava-configs';
import { stravaRateLimitKeys } from '../../../functions/repositories/keys';
import { quarterCounterAttribute } from '../../../functions/repositories/strava-rate-limit-keys';
import { startStravaSimulator } from '../../../infra/local/simulators/strava';

const at = (iso: string) => new Date(iso);
const TABLE = () => process.env.TABLE_RATE_LIMITS;

/** Every test gets its own config id, so tests never share windows (nor touch the shared 'default' config's). */
function testConfig(
  limits: Partial<Pick<StravaAppConfig, 'fifteenMinLimit' | 'dailyLimit' | 'isActive'>> = {},
): StravaAppConfig {
  return {
    id: `test-${randomUUID()}`,
    name: 'Test app',
    clientId: '100001',
    secretRef: `arn:aws:secretsmanager:ca-central-1:000000000000:secret:strava-${randomUUID()}`,
    isActive: true,
    fifteenMinLimit: 90,
    dailyLimit: 1000,
    ...limits,
  };
}

async function acquireTimes(config: StravaAppConfig, times: number, now: Date): Promise<void> {
  for (let i = 0; i < times; i++) await acquireStravaCall(config, now);
}

async function refusalOf(promise: Promise<unknown>): Promise<TooManyRequestsError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TooManyRequestsError);
  return error as TooManyRequestsError;
}

async function dayItem(config: StravaAppConfig, day: string) {
  const result = await dynamo().send(
    new GetCommand({ TableName: TABLE(), Key: stravaRateLimitKeys.dayWindow(config.id, at(day)) }),
  );
  return result.Item;
}

function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

function stravaHeaders(values: Record<string, string>): Headers {
  return new Headers(values);
}

describe('acquireStravaCall: counting and refusing at exactly the limit', () => {
  it('lets exactly fifteenMinLimit calls through, then refuses with the spec message until the quarter ends', async () => {
    const config = testConfig({ fifteenMinLimit: 3 });
    const now = at('2026-03-02T10:05:00.000Z');
    await acquireTimes(config, 3, now);

    const refused = await refusalOf(acquireStravaCall(config, now));
    expect(refused.message).toBe('15-minute rate limit exceeded. Try again in 15 minutes');
    expect(refused.retryAfterSeconds).toBe(600);
    expect(refused.status).toBe(429);

    // The spec's state fields: the record became rate limited with retry_after at the end of the window.
    expect(await dayItem(config, '2026-03-02T00:00:00.000Z')).toMatchObject({
      daily_requests: 3,
      fifteen_min_requests: 3,
      fifteen_min_window_start: '2026-03-02T10:00:00.000Z',
      last_request_at: now.toISOString(),
      is_rate_limited: true,
      retry_after: '2026-03-02T10:15:00.000Z',
      updated_at: now.toISOString(),
      expiresAt: Date.parse('2026-03-03T00:00:00.000Z') / 1000,
    });

    // Refused calls are not counted.
    const later = await refusalOf(acquireStravaCall(config, at('2026-03-02T10:14:30.000Z')));
    expect(later.message).toBe('Rate limited. Try again in 30 seconds');
    expect(later.retryAfterSeconds).toBe(30);
    expect((await readStravaRateLimitState(config, now))?.fifteenMinRequests).toBe(3);
  });

  it('counts each allowed call once in both windows', async () => {
    const config = testConfig();
    const now = at('2026-03-02T08:31:00.000Z');
    await acquireTimes(config, 7, now);
    const state = await readStravaRateLimitState(config, now);
    expect(state).toMatchObject({ fifteenMinRequests: 7, dailyRequests: 7, isRateLimited: false, lastRequestAt: now });
  });
});

describe('acquireStravaCall: window boundaries (UTC)', () => {
  it('xx:14:59.999 belongs to the full quarter, xx:15:00.000 starts a new one', async () => {
    const config = testConfig({ fifteenMinLimit: 2 });
    await acquireTimes(config, 2, at('2026-03-02T09:14:59.998Z'));
    const refused = await refusalOf(acquireStravaCall(config, at('2026-03-02T09:14:59.999Z')));
    expect(refused.message).toBe('15-minute rate limit exceeded. Try again in 15 minutes');
    expect(refused.retryAfterSeconds).toBe(1);

    await acquireTimes(config, 2, at('2026-03-02T09:15:00.000Z'));
    await refusalOf(acquireStravaCall(config, at('2026-03-02T09:15:00.001Z')));
    const state = await readStravaRateLimitState(config, at('2026-03-02T09:15:00.001Z'));
    expect(state).toMatchObject({ fifteenMinRequests: 2, dailyRequests: 4 });
    const item = await dayItem(config, '2026-03-02T00:00:00.000Z');
    expect(item?.[quarterCounterAttribute(at('2026-03-02T09:00:00.000Z'))]).toBe(2);
    expect(item?.[quarterCounterAttribute(at('2026-03-02T09:15:00.000Z'))]).toBe(2);
  });

  it('23:59:59.999 belongs to the full day, 00:00:00.000 UTC starts a new one', async () => {
    const config = testConfig({ dailyLimit: 3 });
    await acquireTimes(config, 3, at('2026-03-02T23:59:59.000Z'));
    const refused = await refusalOf(acquireStravaCall(config, at('2026-03-02T23:59:59.999Z')));
    expect(refused.message).toBe('Daily rate limit exceeded');
    expect(refused.retryAfterSeconds).toBe(1);

    await acquireTimes(config, 3, at('2026-03-03T00:00:00.000Z'));
    expect(await readStravaRateLimitState(config, at('2026-03-03T00:00:00.000Z'))).toMatchObject({
      dailyRequests: 3,
      fifteenMinRequests: 3,
    });
    expect((await dayItem(config, '2026-03-02T00:00:00.000Z'))?.daily_requests).toBe(3);
    expect((await dayItem(config, '2026-03-03T00:00:00.000Z'))?.expiresAt).toBe(
      Date.parse('2026-03-04T00:00:00.000Z') / 1000,
    );
  });

  it('holds the daily limit across quarter windows, until midnight UTC', async () => {
    const config = testConfig({ fifteenMinLimit: 3, dailyLimit: 5 });
    await acquireTimes(config, 3, at('2026-03-02T10:00:00.000Z'));
    await refusalOf(acquireStravaCall(config, at('2026-03-02T10:10:00.000Z')));
    await acquireTimes(config, 2, at('2026-03-02T10:15:00.000Z'));

    const refused = await refusalOf(acquireStravaCall(config, at('2026-03-02T10:20:00.000Z')));
    expect(refused.message).toBe('Daily rate limit exceeded');
    const nextQuarter = await refusalOf(acquireStravaCall(config, at('2026-03-02T22:30:00.000Z')));
    expect(nextQuarter.message).toBe('Daily rate limit exceeded');
    expect(nextQuarter.retryAfterSeconds).toBe(90 * 60);
    await acquireStravaCall(config, at('2026-03-03T00:00:00.000Z'));
  });
});

describe('acquireStravaCall: many Lambdas at once', () => {
  it('50 concurrent callers on a 15-minute limit of 20: exactly 20 through, 30 refused', async () => {
    const config = testConfig({ fifteenMinLimit: 20 });
    const now = at('2026-03-02T12:01:00.000Z');
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => acquireStravaCall(config, now)));
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const r of refused) expect(r.reason).toBeInstanceOf(TooManyRequestsError);
    expect(await readStravaRateLimitState(config, now)).toMatchObject({ fifteenMinRequests: 20, dailyRequests: 20 });
  });

  it('50 concurrent callers on a daily limit of 20 spread over two quarters: exactly 20 through', async () => {
    const config = testConfig({ fifteenMinLimit: 90, dailyLimit: 20 });
    const times = [at('2026-03-02T12:14:59.999Z'), at('2026-03-02T12:15:00.000Z')];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => acquireStravaCall(config, times[i % 2]!)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(20);
    const item = await dayItem(config, '2026-03-02T00:00:00.000Z');
    expect(item?.daily_requests).toBe(20);
    expect(Number(item?.fifteen_min_requests_1200 ?? 0) + Number(item?.fifteen_min_requests_1215 ?? 0)).toBe(20);
  });
});

describe("acquireStravaCall: Strava's room in both pairs, many Lambdas at once", () => {
  const stated = (overall: string, read: string) =>
    stravaHeaders({
      'X-RateLimit-Limit': '200,2000',
      'X-RateLimit-Usage': overall,
      'X-ReadRateLimit-Limit': '100,1000',
      'X-ReadRateLimit-Usage': read,
    });

  it("holds 50 concurrent callers to the room Strava's read pair states, though our own budget is larger", async () => {
    const config = testConfig({ fifteenMinLimit: 1000, dailyLimit: 10_000 });
    const now = at('2026-03-02T12:01:00.000Z');
    const ticket = await acquireStravaCall(config, now);
    // Another deployment already used 93 of the read pair's 100: 7 more fit this quarter.
    await recordStravaResponse(config, { status: 200, headers: stated('93,400', '93,400') }, now, ticket);
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => acquireStravaCall(config, now)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(7);
    // Refused until the quarter ends (the first refusal marked the config, so later ones say how long is left).
    const refused = await refusalOf(acquireStravaCall(config, now));
    expect(refused.retryAfterSeconds).toBe(14 * 60);
    // The next quarter starts with room again.
    await acquireStravaCall(config, at('2026-03-02T12:15:00.000Z'));
  });

  it('holds each pair to its own limit: overall usage above the read limit leaves the overall room', async () => {
    const config = testConfig({ fifteenMinLimit: 1000, dailyLimit: 10_000 });
    const now = at('2026-03-02T12:01:00.000Z');
    const ticket = await acquireStravaCall(config, now);
    // Uploads elsewhere used 190 of the overall 200; reads only 1 of 100. Ten more reads fit, not 99, and not 0.
    await recordStravaResponse(config, { status: 200, headers: stated('190,190', '1,1') }, now, ticket);
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => acquireStravaCall(config, now)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
  });

  it('tries again when a cap rises between its refused write and the read (answers recorded out of order)', async () => {
    const config = testConfig({ fifteenMinLimit: 1000, dailyLimit: 10_000 });
    const now = at('2026-03-02T12:01:00.000Z');
    // Two calls go out before either is answered; Strava counts the first at 96 used, the second at 97.
    const first = await acquireStravaCall(config, now);
    const second = await acquireStravaCall(config, now);
    // The second's answer is recorded first: room for 3 more after 2 answered sends, a cap of 0 + 1 + 3 = 4 sends.
    await recordStravaResponse(config, { status: 200, headers: stated('97,97', '97,97') }, now, second);
    await acquireStravaCall(config, now);
    await acquireStravaCall(config, now);
    // Four sends reach that cap, so the next write is refused; just then the first call's answer lands, and its
    // figures raise the cap to 0 + 1 + 4 = 5.
    const stack = dynamo().middlewareStack;
    let raised = false;
    stack.add(
      (next) => async (args) => {
        try {
          return await next(args);
        } catch (error) {
          const input = (args as { input: { ConditionExpression?: string } }).input;
          if (!raised && input.ConditionExpression?.includes('#sends < #cap')) {
            raised = true;
            await recordStravaResponse(config, { status: 200, headers: stated('96,96', '96,96') }, now, first);
          }
          throw error;
        }
      },
      { step: 'initialize', name: 'testCapRisesMeanwhile' },
    );
    try {
      await expect(acquireStravaCall(config, now)).resolves.toMatchObject({ quarterStart: '2026-03-02T12:00:00.000Z' });
    } finally {
      stack.remove('testCapRisesMeanwhile');
    }
    expect(raised).toBe(true);
    // The raised cap is full now: the next call is refused as Strava's room, not failed.
    const refused = await refusalOf(acquireStravaCall(config, now));
    expect(refused.message).toBe('15-minute rate limit exceeded. Try again in 15 minutes');
  });

  it("a used-up daily window in either pair refuses until midnight UTC, the tighter of Strava's windows", async () => {
    const config = testConfig({ fifteenMinLimit: 1000, dailyLimit: 10_000 });
    const now = at('2026-03-02T22:01:00.000Z');
    const ticket = await acquireStravaCall(config, now);
    await recordStravaResponse(config, { status: 200, headers: stated('5,5', '5,990') }, now, ticket);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => acquireStravaCall(config, now)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    const refused = await refusalOf(acquireStravaCall(config, at('2026-03-02T22:30:00.000Z')));
    expect(refused.message).toBe('Daily rate limit exceeded');
    expect(refused.retryAfterSeconds).toBe(90 * 60);
  });
});

describe('recordStravaResponse: corrections from Strava headers', () => {
  it("raises the counters to Strava's figures and never lowers them", async () => {
    const config = testConfig({ fifteenMinLimit: 42, dailyLimit: 1000 });
    const now = at('2026-03-02T14:03:00.000Z');
    await acquireTimes(config, 2, now);

    await recordStravaResponse(
      config,
      { status: 200, headers: stravaHeaders({ 'X-RateLimit-Limit': '200,2000', 'X-RateLimit-Usage': '40,300' }) },
      now,
    );
    expect(await readStravaRateLimitState(config, now)).toMatchObject({ fifteenMinRequests: 40, dailyRequests: 300 });
    expect(await dayItem(config, '2026-03-02T00:00:00.000Z')).toMatchObject({
      fifteen_min_requests: 40,
      fifteen_min_window_start: '2026-03-02T14:00:00.000Z',
    });

    await recordStravaResponse(
      config,
      { status: 200, headers: stravaHeaders({ 'X-RateLimit-Limit': '200,2000', 'X-RateLimit-Usage': '10,100' }) },
      now,
    );
    expect(await readStravaRateLimitState(config, now)).toMatchObject({ fifteenMinRequests: 40, dailyRequests: 300 });

    // The read counter binds when it is higher.
    await recordStravaResponse(
      config,
      {
        status: 200,
        headers: stravaHeaders({
          'X-RateLimit-Limit': '200,2000',
          'X-RateLimit-Usage': '40,300',
          'X-ReadRateLimit-Limit': '100,1000',
          'X-ReadRateLimit-Usage': '41,310',
        }),
      },
      now,
    );
    expect(await readStravaRateLimitState(config, now)).toMatchObject({ fifteenMinRequests: 41, dailyRequests: 310 });

    // The corrected counts are what the limit is enforced on: one call left of 42.
    await acquireStravaCall(config, now);
    await refusalOf(acquireStravaCall(config, now));
  });

  it('ignores responses without usage headers', async () => {
    const config = testConfig();
    const now = at('2026-03-02T14:03:00.000Z');
    await acquireStravaCall(config, now);
    await recordStravaResponse(
      config,
      { status: 200, headers: stravaHeaders({ 'X-RateLimit-Usage': 'garbage' }) },
      now,
    );
    expect(await readStravaRateLimitState(config, now)).toMatchObject({
      fifteenMinRequests: 1,
      dailyRequests: 1,
      isRateLimited: false,
    });
  });

  it('a 429 with Retry-After marks the config rate limited for that long, and never shortens a longer mark', async () => {
    const config = testConfig();
    const now = at('2026-03-02T15:00:10.000Z');
    await recordStravaResponse(config, { status: 429, headers: stravaHeaders({ 'Retry-After': '120' }) }, now);
    const refused = await refusalOf(acquireStravaCall(config, now));
    expect(refused.message).toBe('Rate limited. Try again in 120 seconds');
    expect(refused.retryAfterSeconds).toBe(120);

    await recordStravaResponse(config, { status: 429, headers: stravaHeaders({ 'Retry-After': '5' }) }, now);
    expect((await readStravaRateLimitState(config, now))?.retryAfter).toEqual(at('2026-03-02T15:02:10.000Z'));
    await refusalOf(acquireStravaCall(config, at('2026-03-02T15:02:09.999Z')));
    await acquireStravaCall(config, at('2026-03-02T15:02:10.000Z'));
  });

  it('a 429 without Retry-After waits for the end of the exhausted window', async () => {
    const quarterConfig = testConfig();
    const now = at('2026-03-02T15:07:00.000Z');
    await recordStravaResponse(
      quarterConfig,
      { status: 429, headers: stravaHeaders({ 'X-RateLimit-Limit': '200,2000', 'X-RateLimit-Usage': '200,900' }) },
      now,
    );
    expect((await refusalOf(acquireStravaCall(quarterConfig, now))).retryAfterSeconds).toBe(8 * 60);
    expect(await readStravaRateLimitState(quarterConfig, now)).toMatchObject({
      fifteenMinRequests: 200,
      dailyRequests: 900,
      isRateLimited: true,
    });

    const dailyConfig = testConfig();
    await recordStravaResponse(
      dailyConfig,
      { status: 429, headers: stravaHeaders({ 'X-RateLimit-Limit': '200,2000', 'X-RateLimit-Usage': '20,2000' }) },
      now,
    );
    const refused = await refusalOf(acquireStravaCall(dailyConfig, at('2026-03-02T23:00:00.000Z')));
    expect(refused.retryAfterSeconds).toBe(3600);
    await acquireStravaCall(dailyConfig, at('2026-03-03T00:00:00.000Z'));
  });

  it('a 429 shortly before midnight keeps the config limited into the next day', async () => {
    const config = testConfig();
    await recordStravaResponse(
      config,
      { status: 429, headers: stravaHeaders({ 'Retry-After': '900' }) },
      at('2026-03-02T23:55:00.000Z'),
    );
    const refused = await refusalOf(acquireStravaCall(config, at('2026-03-03T00:05:00.000Z')));
    expect(refused.message).toBe('Rate limited. Try again in 300 seconds');
    await acquireStravaCall(config, at('2026-03-03T00:10:00.000Z'));
  });
});

describe('recordStravaResponse against the Strava simulator', () => {
  it("follows Strava's own usage headers up to its 429, then holds calls until the quarter ends", async () => {
    const now = at('2026-03-02T16:02:00.000Z');
    const strava = await startStravaSimulator({ port: 0, clock: () => now });
    try {
      const athlete = strava.control.athletes()[0]!;
      const { access_token } = strava.control.issueTokens(athlete.id);
      // Another deployment of the same app already used most of Strava's read window (100 per 15 min).
      strava.control.setUsage({ overall: { fifteenMin: 60, daily: 400 }, read: { fifteenMin: 98, daily: 398 } });
      const config = testConfig({ fifteenMinLimit: 90, dailyLimit: 1000 });

      // What the Strava client does around every call.
      const callAthlete = async (limitedBy: StravaAppConfig) => {
        await acquireStravaCall(limitedBy, now);
        const response = await fetch(`${strava.url}/api/v3/athlete`, {
          headers: { authorization: `Bearer ${access_token}` },
        });
        await response.arrayBuffer();
        await recordStravaResponse(limitedBy, { status: response.status, headers: response.headers }, now);
        return response.status;
      };

      expect(await callAthlete(config)).toBe(200);
      const simulated = strava.control.usage();
      // Our budget counts reads, so it follows Strava's read pair (the overall pair is held to its own limit).
      expect(await readStravaRateLimitState(config, now)).toMatchObject({
        fifteenMinRequests: simulated.read.fifteenMin,
        dailyRequests: simulated.read.daily,
      });
      // Strava's count (99) is past our own 90 limit: we stop before Strava has to say 429.
      expect((await refusalOf(acquireStravaCall(config, now))).message).toBe(
        '15-minute rate limit exceeded. Try again in 15 minutes',
      );

      const roomy = testConfig({ fifteenMinLimit: 200, dailyLimit: 2000 });
      // A config whose limits are above Strava's: Strava's usage headers stop it. The response that shows the
      // window used up (100/100) is the last one; the next request is never sent, so Strava never has to say 429.
      expect(await callAthlete(roomy)).toBe(200);
      expect(strava.control.usage().read.fifteenMin).toBe(100);
      await expect(callAthlete(roomy)).rejects.toThrow('Rate limited. Try again in 780 seconds');
      expect(strava.control.usage().read.fifteenMin).toBe(100);
      expect(strava.control.requestCount({ status: 429 })).toBe(0);
      const refused = await refusalOf(acquireStravaCall(roomy, now));
      expect(refused.message).toBe('Rate limited. Try again in 780 seconds');
      expect(await readStravaRateLimitState(roomy, now)).toMatchObject({
        isRateLimited: true,
        retryAfter: at('2026-03-02T16:15:00.000Z'),
      });
    } finally {
      await strava.stop();
    }
  });
});

describe('stravaConfigForUser: assignment and shared fallback', () => {
  const savedEnv = { id: process.env.STRAVA_CLIENT_ID, arn: process.env.STRAVA_CLIENT_SECRET_ARN };
  beforeEach(() => {
    process.env.STRAVA_CLIENT_ID = '100001';
    delete process.env.STRAVA_CLIENT_SECRET_ARN;
  });
  afterEach(async () => {
    restoreEnv('STRAVA_CLIENT_ID', savedEnv.id);
    restoreEnv('STRAVA_CLIENT_SECRET_ARN', savedEnv.arn);
    // Put back the test database's generous shared config for the other suites (test/support/strava-default-config.ts).
    await raiseDefaultStravaLimits(process.env as Record<string, string>);
  });

  it("creates the shared 'default' config from env on first use, with the spec's default limits", async () => {
    await dynamo().send(new DeleteCommand({ TableName: TABLE(), Key: stravaRateLimitKeys.config('default') }));
    const config = await stravaConfigForUser(randomUUID());
    expect(config).toEqual({
      id: 'default',
      name: expect.any(String),
      clientId: '100001',
      secretRef: 'env:STRAVA_CLIENT_SECRET',
      isActive: true,
      fifteenMinLimit: 90,
      dailyLimit: 1000,
    });
    const stored = await dynamo().send(
      new GetCommand({ TableName: TABLE(), Key: stravaRateLimitKeys.config('default') }),
    );
    expect(stored.Item).toMatchObject({
      client_id: '100001',
      secret_ref: 'env:STRAVA_CLIENT_SECRET',
      daily_limit: 1000,
      fifteen_min_limit: 90,
      is_active: true,
    });
  });

  it('stores a Secrets Manager reference for the fallback, never a secret', async () => {
    const arn = 'arn:aws:secretsmanager:ca-central-1:000000000000:secret:strava-client';
    process.env.STRAVA_CLIENT_SECRET = 'must-not-be-stored';
    process.env.STRAVA_CLIENT_SECRET_ARN = arn;
    try {
      expect((await stravaConfigForUser(randomUUID())).secretRef).toBe(arn);
      const stored = await dynamo().send(
        new GetCommand({ TableName: TABLE(), Key: stravaRateLimitKeys.config('default') }),
      );
      expect(JSON.stringify(stored.Item)).not.toContain('must-not-be-stored');
    } finally {
      delete process.env.STRAVA_CLIENT_SECRET;
    }
  });

  it('returns the assigned config for an assigned user and the fallback for everyone else', async () => {
    const now = at('2026-03-02T10:00:00.000Z');
    const assigned = testConfig({ fifteenMinLimit: 15, dailyLimit: 150 });
    await saveStravaConfig(assigned, now);
    const [alice, bob] = [randomUUID(), randomUUID()];
    await assignStravaConfig(alice, assigned.id, now);

    expect(await stravaConfigForUser(alice)).toEqual(assigned);
    expect((await stravaConfigForUser(bob)).id).toBe('default');
  });

  it('falls back when the assigned config is inactive or missing', async () => {
    const now = at('2026-03-02T10:00:00.000Z');
    const inactive = testConfig({ isActive: false });
    await saveStravaConfig(inactive, now);
    const [carol, dave] = [randomUUID(), randomUUID()];
    await assignStravaConfig(carol, inactive.id, now);
    await assignStravaConfig(dave, `missing-${randomUUID()}`, now);

    expect((await stravaConfigForUser(carol)).id).toBe('default');
    expect((await stravaConfigForUser(dave)).id).toBe('default');
  });

  it('uses the stored fallback as it is in a function that has no STRAVA_CLIENT_ID', async () => {
    const stored = await stravaConfigForUser(randomUUID());
    expect(stored).toMatchObject({ id: 'default', clientId: '100001' });
    delete process.env.STRAVA_CLIENT_ID;
    expect(await stravaConfigForUser(randomUUID())).toEqual(stored);
  });
});
