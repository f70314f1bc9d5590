import { beforeAll, describe, expect, it } from 'vitest';
import { hashIngestToken } from '../../../functions/domain/apple-ingest-token';
import { TooManyRequestsError } from '../../../functions/lib/errors';
import {
  ownerOfIngestToken,
  replaceIngestToken,
  revokeIngestToken,
} from '../../../functions/repositories/apple-ingest-tokens';
import { deactivateConnection } from '../../../functions/repositories/connections';
import { issueAppleIngestToken } from '../../../functions/usecases/apple-connect';
import { appleDeps, type AppleDeps } from '../../../functions/usecases/apple-deps';
import { eraseAppleDataOfUser } from '../../../functions/usecases/apple-erasure';
import { ingestAppleHealth } from '../../../functions/usecases/apple-ingest';
import { haeWorkout, newUserId, storedActivities, storedTokenItems, useAppleEnv } from './helpers';

beforeAll(() => useAppleEnv());

function testDeps(overrides: Partial<AppleDeps> = {}): AppleDeps & { metricsCalls: string[] } {
  const metricsCalls: string[] = [];
  const deps = appleDeps({
    recalculateMetrics: async (userId) => {
      metricsCalls.push(userId);
    },
    ...overrides,
  });
  return Object.assign(deps, { metricsCalls });
}

const bearer = (token: string) => `Bearer ${token}`;
const body = (workouts: unknown[]) => ({ health_data: { workouts } });

describe('ingest token lifecycle', () => {
  it('keeps exactly one live token per user through many rotations, even concurrent ones', async () => {
    const userId = newUserId();
    const deps = testDeps();
    const issued = await Promise.all(Array.from({ length: 6 }, () => issueAppleIngestToken(userId, new Date(), deps)));

    const owners = await Promise.all(issued.map(({ token }) => ownerOfIngestToken(hashIngestToken(token))));
    expect(owners.filter((owner) => owner === userId)).toHaveLength(1);
    const tokenItems = await storedTokenItems(userId);
    expect(tokenItems).toHaveLength(2);
    const pointer = tokenItems.find((item) => item.pk === `USER#${userId}`)!;
    const live = issued.find(({ token }) => hashIngestToken(token) === pointer.tokenHash);
    expect(live).toBeDefined();
  });

  it('revoking removes both items and is idempotent', async () => {
    const userId = newUserId();
    await replaceIngestToken(userId, hashIngestToken('tbah_one'), new Date());
    expect(await revokeIngestToken(userId)).toBe(2);
    expect(await revokeIngestToken(userId)).toBe(0);
    expect(await ownerOfIngestToken(hashIngestToken('tbah_one'))).toBeNull();
    expect(await storedTokenItems(userId)).toEqual([]);
  });

  it("account deletion erases the user's token items, counts them, and leaves other users' alone", async () => {
    const leaving = newUserId();
    const staying = newUserId();
    const deps = testDeps();
    const { token } = await issueAppleIngestToken(leaving, new Date(), deps);
    const other = await issueAppleIngestToken(staying, new Date(), deps);

    expect(await eraseAppleDataOfUser(leaving, new Date())).toBe(2);
    expect(await eraseAppleDataOfUser(leaving, new Date())).toBe(0);
    expect(await storedTokenItems(leaving)).toEqual([]);
    await expect(
      ingestAppleHealth({ authorization: bearer(token), body: body([]) }, new Date(), deps),
    ).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(await ownerOfIngestToken(hashIngestToken(other.token))).toBe(staying);
  });
});

describe('ingestAppleHealth', () => {
  it('recomputes metrics only when something was stored', async () => {
    const userId = newUserId();
    const deps = testDeps();
    const { token } = await issueAppleIngestToken(userId, new Date(), deps);
    await ingestAppleHealth({ authorization: bearer(token), body: body([]) }, new Date(), deps);
    await ingestAppleHealth({ authorization: bearer(token), body: body([{ id: 'bad' }]) }, new Date(), deps);
    expect(deps.metricsCalls).toEqual([]);
    await ingestAppleHealth({ authorization: bearer(token), body: body([haeWorkout('m1', 3)]) }, new Date(), deps);
    expect(deps.metricsCalls).toEqual([userId]);
  });

  it('keeps the stored workouts when the metrics recomputation fails', async () => {
    const userId = newUserId();
    const deps = testDeps({
      recalculateMetrics: async () => {
        throw new Error('metrics store down');
      },
    });
    const { token } = await issueAppleIngestToken(userId, new Date(), deps);
    const result = await ingestAppleHealth(
      { authorization: bearer(token), body: body([haeWorkout('kept-anyway', 3)]) },
      new Date(),
      deps,
    );
    expect(result.accepted).toBe(1);
    expect((await storedActivities(userId)).map((item) => item.provider_activity_id)).toEqual(['kept-anyway']);
  });

  it('rate-limits a user to the hourly allowance with the spec message and a retry-after, per user', async () => {
    const userId = newUserId();
    const otherUser = newUserId();
    const deps = testDeps({ ingestRequestsPerHour: 2 });
    const { token } = await issueAppleIngestToken(userId, new Date(), deps);
    const other = await issueAppleIngestToken(otherUser, new Date(), deps);
    const at = new Date('2026-11-20T10:45:00.000Z');

    await ingestAppleHealth({ authorization: bearer(token), body: body([]) }, at, deps);
    await ingestAppleHealth({ authorization: bearer(token), body: body([]) }, at, deps);
    const third = ingestAppleHealth({ authorization: bearer(token), body: body([]) }, at, deps);
    await expect(third).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(third).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryAfterSeconds: 900,
      message: 'Rate limited. Try again in 900 seconds',
    });

    // Someone else's allowance is their own; the next hour starts afresh.
    await expect(
      ingestAppleHealth({ authorization: bearer(other.token), body: body([]) }, at, deps),
    ).resolves.toMatchObject({ accepted: 0 });
    await expect(
      ingestAppleHealth({ authorization: bearer(token), body: body([]) }, new Date('2026-11-20T11:00:00.000Z'), deps),
    ).resolves.toMatchObject({ accepted: 0 });
  });

  it('a token whose connection was switched off by other means does not write', async () => {
    const userId = newUserId();
    const deps = testDeps();
    const { token } = await issueAppleIngestToken(userId, new Date(), deps);
    await deactivateConnection(userId, 'apple_health', new Date());
    await expect(
      ingestAppleHealth({ authorization: bearer(token), body: body([haeWorkout('nope', 1)]) }, new Date(), deps),
    ).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(await storedActivities(userId)).toEqual([]);
  });
});
