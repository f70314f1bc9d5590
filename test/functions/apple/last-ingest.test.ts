import { beforeAll, describe, expect, it } from 'vitest';
import { handler as deleteConnection } from '../../../functions/handlers/connections/delete-connection';
import { handler as getConnections } from '../../../functions/handlers/connections/get-connections';
import { getConnection } from '../../../functions/repositories/connections';
import { ConnectionsResponse } from '../../../functions/shared/schemas/connections';
import { invoke, userClaims } from '../../support/api-events';
import { dayAgo, haeWorkout, ingest, issueToken, newUserId, route, specWorkout, useAppleEnv } from './helpers';

beforeAll(() => useAppleEnv());

async function appleCard(userId: string) {
  const result = await invoke(getConnections, route('get-connections'), { claims: userClaims(userId) });
  expect(result.status).toBe(200);
  return ConnectionsResponse.parse(result.json).connections.find((c) => c.provider === 'apple_health');
}

describe('the Apple connection keeps the last ingest’s result', () => {
  it('is empty before the first ingest', async () => {
    const userId = newUserId();
    await issueToken(userId);
    expect((await appleCard(userId))?.lastIngest ?? null).toBeNull();
  });

  it('counts what was accepted and skipped, and names the field that could not be read; a retry replaces it', async () => {
    const userId = newUserId();
    const { token } = await issueToken(userId);
    await ingest(token, { health_data: { workouts: [haeWorkout('known', 30)] } });

    const body = {
      health_data: {
        workouts: [
          haeWorkout('good', 5),
          specWorkout('6F1C2D3E-AAAA-4BBB-8CCC-00000000000A', 8, { totalEnergyBurned: { doubleValue: 'abc' } }),
          haeWorkout('known', 30),
          { id: 'no-start', duration: 60 },
        ],
        steps: [{ date: dayAgo(1), steps: 9000 }],
      },
    };
    const result = await ingest(token, body);
    expect(result.status).toBe(200);

    const lastIngest = (await appleCard(userId))?.lastIngest;
    expect(lastIngest).toMatchObject({
      receivedAt: (result.json as { receivedAt: string }).receivedAt,
      refused: null,
      accepted: { workouts: 2, stepDays: 1 },
      skipped: { duplicates: 1, notKept: 0 },
      problemCount: 2,
    });
    expect(lastIngest?.problems).toEqual([
      {
        list: 'workouts',
        index: 3,
        kind: 'refused',
        field: 'startDate',
        message: expect.stringMatching(/required/),
      },
      {
        list: 'workouts',
        index: 1,
        kind: 'incomplete',
        field: 'totalEnergyBurned',
        message: 'totalEnergyBurned is not a number',
      },
    ]);

    // The Shortcut sends the same export again: the summary is replaced, not added to.
    await ingest(token, body);
    expect((await appleCard(userId))?.lastIngest).toMatchObject({
      accepted: { workouts: 0, stepDays: 0 },
      skipped: { duplicates: 4, notKept: 0 },
      problemCount: 2,
    });
  });

  it('keeps at most 10 problems, with the count of all of them', async () => {
    const userId = newUserId();
    const { token } = await issueToken(userId);
    const broken = Array.from({ length: 25 }, (_, i) => ({ id: `bad-${i}`, start: 'x'.repeat(5000), duration: 60 }));
    await ingest(token, { health_data: { workouts: broken } });
    const lastIngest = (await appleCard(userId))?.lastIngest;
    expect(lastIngest?.problemCount).toBe(25);
    expect(lastIngest?.problems).toHaveLength(10);
    for (const problem of lastIngest?.problems ?? []) expect(problem.message.length).toBeLessThanOrEqual(200);
  });

  it('records a body refused as a whole once the token is accepted', async () => {
    const userId = newUserId();
    const { token } = await issueToken(userId);
    const result = await ingest(token, { health_data: 'not health data' });
    expect(result.status).toBe(400);
    expect((await appleCard(userId))?.lastIngest).toMatchObject({
      refused: expect.any(String),
      accepted: { workouts: 0, stepDays: 0 },
    });
  });

  it("a token for one user never writes another user's summary", async () => {
    const alice = newUserId();
    const bob = newUserId();
    const aliceToken = (await issueToken(alice)).token;
    const bobToken = (await issueToken(bob)).token;
    await ingest(bobToken, { health_data: { workouts: [haeWorkout('bob-1', 3)] } });
    const bobBefore = (await appleCard(bob))?.lastIngest;
    expect(bobBefore?.accepted.workouts).toBe(1);

    await ingest(aliceToken, {
      user_id: bob,
      health_data: { user_id: bob, workouts: [haeWorkout('alice-1', 2), haeWorkout('alice-2', 4)] },
    });
    expect((await appleCard(bob))?.lastIngest).toEqual(bobBefore);
    expect((await appleCard(alice))?.lastIngest?.accepted.workouts).toBe(2);
  });

  it('is removed with the connection when Apple Health is disconnected', async () => {
    const userId = newUserId();
    const { token } = await issueToken(userId);
    await ingest(token, { health_data: { workouts: [haeWorkout('d1', 2)] } });
    expect((await getConnection(userId, 'apple_health', null))?.lastIngest).not.toBeNull();

    const disconnected = await invoke(deleteConnection, route('delete-connection'), {
      claims: userClaims(userId),
      path: '/api/connections/apple_health',
      pathParameters: { provider: 'apple_health' },
    });
    expect(disconnected.status).toBe(204);
    expect((await getConnection(userId, 'apple_health', null))?.lastIngest).toBeNull();
    await issueToken(userId);
    expect((await appleCard(userId))?.lastIngest ?? null).toBeNull();
  });
});
