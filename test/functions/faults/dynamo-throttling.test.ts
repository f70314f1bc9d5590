import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { handler as getActivities } from '../../../functions/handlers/activities/get-activities';
import { activitiesOfUser, upsertActivities, type ActivityToStore } from '../../../functions/repositories/activities';
import { ensureUserProfile, getUserProfile } from '../../../functions/repositories/user-profiles';
import { ROUTES } from '../../../functions/shared/routes';
import { invoke, userClaims } from '../../support/api-events';
import { injectDynamoFaults, type InjectedFaults } from './dynamo-faults';

let faults: InjectedFaults | undefined;
afterEach(() => {
  faults?.remove();
  faults = undefined;
});

function activities(userId: string, count: number, name = 'Ride'): ActivityToStore[] {
  // Within the 7-day retention, so the list shows them.
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const start = new Date(now - (i + 1) * 3_600_000).toISOString();
    return {
      activity: {
        user_id: userId,
        provider_type: 'strava',
        provider_activity_id: String(100_000 + i),
        activity_type: 'Ride',
        name: `${name} ${i}`,
        start_time: start,
        duration_seconds: 1800 + i,
        distance_meters: 10_000 + i,
        calories_burned: null,
        steps: null,
        heart_rate_avg: null,
        heart_rate_max: null,
        activity_level: 'moderate',
        elevation_gain_meters: 100,
        average_speed_mps: 5,
        fetched_at: new Date(now).toISOString(),
      },
      raw: { id: 100_000 + i },
    };
  });
}

describe('DynamoDB under throttling and timeouts', () => {
  it('a large upsert whose batches come back partly unprocessed, with throttled and timed-out attempts, stores every item exactly once', async () => {
    const userId = `faults-${randomUUID()}`;
    let batchCalls = 0;
    faults = injectDynamoFaults({
      // Every batch call of more than 5 entries processes only half of them; the rest must be sent again.
      processOnly: (_name, requested) => (requested > 5 ? Math.ceil(requested / 2) : requested),
      // The first attempt of every third batch call is throttled, of every fifth one times out; the SDK retries both.
      attempt: (name, attempt) => {
        if (attempt > 1 || !name.startsWith('Batch')) return null;
        batchCalls++;
        return batchCalls % 3 === 0 ? 'throttle' : batchCalls % 5 === 0 ? 'timeout' : null;
      },
    });

    const first = await upsertActivities(activities(userId, 60));
    expect(first).toEqual({ imported: 60, updated: 0 });
    expect(faults.handedBack).toBeGreaterThan(50);
    expect(faults.thrown.throttle + faults.thrown.timeout).toBeGreaterThan(0);

    // Again, renamed: nothing new, every item updated in place, none doubled.
    const second = await upsertActivities(activities(userId, 60, 'Renamed ride'));
    expect(second).toEqual({ imported: 0, updated: 60 });
    faults.remove();

    const stored = await activitiesOfUser(userId);
    expect(stored).toHaveLength(60);
    expect(new Set(stored.map((a) => a.provider_activity_id)).size).toBe(60);
    expect(stored.every((a) => a.name?.startsWith('Renamed ride'))).toBe(true);
  }, 60_000);

  it('single-item reads and writes ride out a throttled and then a timed-out attempt', async () => {
    const userId = `faults-${randomUUID()}`;
    faults = injectDynamoFaults({
      attempt: (_name, attempt) => (attempt === 1 ? 'throttle' : attempt === 2 ? 'timeout' : null),
    });
    const created = await ensureUserProfile(userId, `${userId}@example.com`, new Date());
    expect(await getUserProfile(userId)).toEqual(created);
    expect(faults.thrown.throttle).toBeGreaterThanOrEqual(2);
    expect(faults.thrown.timeout).toBeGreaterThanOrEqual(2);
  }, 30_000);

  it('throttling that outlasts the retries is a clean 500 with no detail, and a retry afterwards succeeds', async () => {
    const userId = `faults-${randomUUID()}`;
    await upsertActivities(activities(userId, 3));
    const route = ROUTES.find((r) => r.id === 'get-activities')!;
    faults = injectDynamoFaults({ attempt: () => 'throttle' });
    const failed = await invoke(getActivities, route, { claims: userClaims(userId) });
    expect(failed.status).toBe(500);
    expect(failed.json).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    });
    faults.remove();
    const retried = await invoke(getActivities, route, { claims: userClaims(userId) });
    expect(retried.status).toBe(200);
    expect(JSON.stringify(retried.json)).toContain('Ride 0');
  }, 30_000);
});
