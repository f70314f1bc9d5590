import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { purgeExpiredProviderData } from '../../../../functions/handlers/retention/purge';
import { dynamo } from '../../../../functions/lib/dynamo';
import { activitiesOfUser, upsertActivities } from '../../../../functions/repositories/activities';
import { saveTokenlessConnection } from '../../../../functions/repositories/connections';
import { fileRecordsOf, listFileImports } from '../../../../functions/repositories/file-imports';
import { getAnalysis } from '../../../../functions/usecases/analysis';
import { importFileBatch } from '../../../../functions/usecases/file-imports';
import { recalculateUserMetrics } from '../../../../functions/usecases/metrics';
import { useOwnTables } from '../../../support/own-tables';

// This file runs the retention purge, which scans whole tables.
useOwnTables();

const table = () => process.env.TABLE_ACTIVITIES!;
const now = new Date('2026-11-21T12:00:00.000Z');

async function put(sk: string, fetchedAt?: string) {
  const pk = `USER#${randomUUID()}`;
  await dynamo().send(new PutCommand({ TableName: table(), Item: { pk, sk, ...(fetchedAt ? { fetchedAt } : {}) } }));
  return { pk, sk };
}

async function exists(key: { pk: string; sk: string }) {
  return (await dynamo().send(new GetCommand({ TableName: table(), Key: key }))).Item !== undefined;
}

describe('retention purge', () => {
  it('deletes provider data last fetched more than 7 days ago and keeps the rest', async () => {
    const old = await put('ACT#strava#1', '2026-11-14T11:59:59.000Z');
    const older = await put('ACT#strava#2', '2026-09-01T00:00:00.000Z');
    const fresh = await put('ACT#strava#3', '2026-11-14T12:00:01.000Z');
    const derived = await put('DAILY#2026-01-01');

    const result = await purgeExpiredProviderData(now);

    expect(result.cutoff).toBe('2026-11-14T12:00:00.000Z');
    expect(result.deleted).toBeGreaterThanOrEqual(2);
    expect(await exists(old)).toBe(false);
    expect(await exists(older)).toBe(false);
    expect(await exists(fresh)).toBe(true);
    expect(await exists(derived)).toBe(true);
  });

  it('deletes nothing at exactly 7 days and deletes it a moment later', async () => {
    const item = await put('ACT#strava#edge', '2026-11-14T12:00:00.000Z');
    await purgeExpiredProviderData(now);
    expect(await exists(item)).toBe(true);
    await purgeExpiredProviderData(new Date(now.getTime() + 1));
    expect(await exists(item)).toBe(false);
  });
});

describe('retention purge and file imports', () => {
  it("leaves a person's file imports, and their outing keeps counting once after a provider's raw copy is purged", async () => {
    const userId = `file-user-${randomUUID()}`;
    await saveTokenlessConnection({
      userId,
      provider: 'apple_health',
      providerUserId: userId,
      scopes: [],
      now: new Date('2026-01-01T00:00:00.000Z'),
      keepHistory: false,
    });
    const fetchedAt = new Date('2026-11-20T12:00:00.000Z');
    await upsertActivities([
      {
        activity: {
          user_id: userId,
          provider_type: 'apple_health',
          provider_activity_id: 'w-1',
          activity_type: 'Hiking',
          name: null,
          start_time: '2026-11-19T16:00:00.000Z',
          duration_seconds: 7200,
          distance_meters: 12_000,
          calories_burned: null,
          steps: null,
          heart_rate_avg: null,
          heart_rate_max: null,
          activity_level: 'active',
          elevation_gain_meters: null,
          average_speed_mps: null,
          fetched_at: fetchedAt.toISOString(),
        },
        raw: {},
      },
    ]);
    await recalculateUserMetrics(userId, fetchedAt);
    const summary = {
      utc_offset_minutes: null,
      moving_seconds: null,
      distance_meters: 12_000,
      elevation_gain_meters: null,
      calories_burned: null,
      heart_rate_avg: null,
    };
    await importFileBatch(
      userId,
      {
        import_id: randomUUID(),
        batch_index: 0,
        file_name: 'export.zip',
        kind: 'garmin_archive',
        activities: [
          { ...summary, activity_type: 'hike', start_time: '2026-11-19T16:01:00.000Z', duration_seconds: 7150 },
          { ...summary, activity_type: 'run', start_time: '2024-03-01T16:00:00.000Z', duration_seconds: 3600 },
        ],
        daily_steps: [{ date: '2024-03-01', steps: 12_000 }],
      },
      fetchedAt,
    );

    const aYearLater = new Date(fetchedAt.getTime() + 365 * 86_400_000);
    await purgeExpiredProviderData(aYearLater);

    const kept = await fileRecordsOf(userId);
    expect(kept.activities).toHaveLength(2);
    expect(kept.stepDays).toEqual([expect.objectContaining({ steps: 12_000 })]);
    expect(await listFileImports(userId)).toHaveLength(1);
    expect(await activitiesOfUser(userId)).toEqual([]);
    // The hike is counted by Apple Health's stored day part, the run by the file: two outings, not three.
    const analysis = await getAnalysis(userId, 'all', aYearLater);
    expect(analysis.allTime).toMatchObject({ sessions: 2, steps: 12_000 });
  });
});
