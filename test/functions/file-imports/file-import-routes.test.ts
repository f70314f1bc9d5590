import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { tableName } from '../../../functions/lib/config';
import { dynamo } from '../../../functions/lib/dynamo';
import { upsertActivities } from '../../../functions/repositories/activities';
import { saveTokenlessConnection } from '../../../functions/repositories/connections';
import { fileRecordsOf } from '../../../functions/repositories/file-imports';
import { fileImportKeys } from '../../../functions/repositories/keys';
import { matchingFactsOf } from '../../../functions/repositories/metrics';
import type { UnifiedActivity } from '../../../functions/shared/schemas/activity';
import { AnalysisResponse } from '../../../functions/shared/schemas/analysis';
import { DataExport } from '../../../functions/shared/schemas/data-export';
import {
  FILE_IMPORT_BATCH_MAX,
  FileImportBatchResult,
  FileImportList,
  type FileActivitySummary,
  type FileImportBatch,
} from '../../../functions/shared/schemas/file-import';
import { accountDeletionDeps, deleteAccount } from '../../../functions/usecases/account-deletion';
import { FILE_IMPORT_BATCHES_PER_HOUR } from '../../../functions/usecases/file-imports';
import { recalculateUserMetrics } from '../../../functions/usecases/metrics';
import { callRoute, userClaims } from '../../support/api-events';

const newUser = () => `file-user-${randomUUID()}`;
const DAY_MS = 86_400_000;

function outing(startTime: string, overrides: Partial<FileActivitySummary> = {}): FileActivitySummary {
  return {
    activity_type: 'hike',
    start_time: startTime,
    utc_offset_minutes: null,
    duration_seconds: 7200,
    moving_seconds: null,
    distance_meters: 12_000,
    elevation_gain_meters: 600,
    calories_burned: null,
    heart_rate_avg: null,
    ...overrides,
  };
}

function batch(overrides: Partial<FileImportBatch> = {}): FileImportBatch {
  return {
    import_id: randomUUID(),
    batch_index: 0,
    file_name: 'export.zip',
    kind: 'strava_archive',
    activities: [outing('2025-05-03T16:00:00.000Z'), outing('2025-05-10T16:00:00.000Z', { activity_type: 'run' })],
    daily_steps: [{ date: '2025-05-03', steps: 14_000 }],
    ...overrides,
  };
}

const post = (userId: string, body: unknown) =>
  callRoute('post-file-import', { claims: userClaims(userId), body: body as object });
const list = async (userId: string) =>
  FileImportList.parse((await callRoute('get-file-imports', { claims: userClaims(userId) })).json).imports;
const deleteOne = (userId: string, importId: string) =>
  callRoute('delete-file-import', { claims: userClaims(userId), pathParameters: { importId } });
const allTime = async (userId: string) => {
  const result = await callRoute('get-analysis', { claims: userClaims(userId), query: 'range=all' });
  expect(result.status).toBe(200);
  return AnalysisResponse.parse(result.json);
};

describe('POST /api/imports/files', () => {
  it('stores a batch, lists it, and counts it in the analysis, the all-time totals and the year heatmap', async () => {
    const userId = newUser();
    const recentStart = new Date(Date.now() - 2 * DAY_MS).toISOString();
    const body = batch({ activities: [...batch().activities, outing(recentStart)] });
    const result = await post(userId, body);
    expect(result.status).toBe(200);
    expect(FileImportBatchResult.parse(result.json)).toEqual({
      import_id: body.import_id,
      new: 3,
      already_here: 0,
      step_days: 1,
    });
    expect(await list(userId)).toEqual([
      expect.objectContaining({ import_id: body.import_id, file_name: 'export.zip', activity_count: 3, step_days: 1 }),
    ]);
    const analysis = await allTime(userId);
    expect(analysis.allTime).toMatchObject({ sessions: 3, steps: 14_000, distanceMeters: 36_000 });
    expect(analysis.heatmap.days.filter((day) => day.sessions > 0)).toHaveLength(1);
    expect(analysis.metrics.weeklySessions).toBeGreaterThan(0);
    // The person's own records: the facts partner matching may use, with their consent, come from them too.
    expect((await matchingFactsOf([userId])).get(userId)).toMatchObject({ preferredHours: expect.any(Array) });
  });

  it('a retried batch stores nothing twice and answers the same', async () => {
    const userId = newUser();
    const body = batch();
    const first = await post(userId, body);
    const again = await post(userId, { ...body, activities: [outing('2024-01-01T10:00:00.000Z')] });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await list(userId)).toEqual([expect.objectContaining({ activity_count: 2, step_days: 1 })]);
    expect((await fileRecordsOf(userId)).activities).toHaveLength(2);
    expect((await allTime(userId)).allTime.sessions).toBe(2);
  });

  it.each([
    ['a bad import id', { import_id: 'not-a-uuid' }, 400],
    ['a negative batch index', { batch_index: -1 }, 400],
    ['an unknown kind', { kind: 'kml' }, 400],
    // A list longer than the schema allows is the project's 413 (the request is too large), not a 400.
    [
      'too many outings',
      { activities: Array.from({ length: FILE_IMPORT_BATCH_MAX + 1 }, () => outing('2025-01-01T00:00:00.000Z')) },
      413,
    ],
    [
      'an outing with no start',
      { activities: [{ ...outing('2025-01-01T00:00:00.000Z'), start_time: 'yesterday' }] },
      400,
    ],
    ['negative steps', { daily_steps: [{ date: '2025-01-01', steps: -5 }] }, 400],
    // DynamoDB stores no number above 9.99E+125: such a value must be refused, not end in a 500.
    ['a distance no outing has', { activities: [outing('2025-01-01T00:00:00.000Z', { distance_meters: 1e300 })] }, 400],
    [
      'a heart rate that rounds to nothing',
      { activities: [outing('2025-01-01T00:00:00.000Z', { heart_rate_avg: 1e-9 })] },
      400,
    ],
  ])('refuses %s with a 4xx and stores nothing', async (_name, change, status) => {
    const userId = newUser();
    const result = await post(userId, { ...batch(), ...change });
    expect(result.status).toBe(status);
    expect(await list(userId)).toEqual([]);
    expect((await fileRecordsOf(userId)).activities).toEqual([]);
  });

  it('stores a value too small for DynamoDB (below 1E-130) as 0 rather than failing', async () => {
    const userId = newUser();
    const result = await post(
      userId,
      batch({ activities: [outing('2025-01-01T00:00:00.000Z', { distance_meters: 5e-324 })] }),
    );
    expect(result.status).toBe(200);
    expect((await fileRecordsOf(userId)).activities).toEqual([expect.objectContaining({ distance_meters: 0 })]);
  });

  it(`refuses more than ${FILE_IMPORT_BATCHES_PER_HOUR} batches an hour with a 429 and stores nothing`, async () => {
    const userId = newUser();
    const hourStart = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    await dynamo().send(
      new PutCommand({
        TableName: tableName('rateLimits'),
        Item: {
          ...fileImportKeys.fileImportWindow(userId, hourStart.toISOString()),
          requests: FILE_IMPORT_BATCHES_PER_HOUR,
        },
      }),
    );
    const result = await post(userId, batch());
    expect(result.status).toBe(429);
    expect(await list(userId)).toEqual([]);
    // Another person's hour is their own.
    expect((await post(newUser(), batch())).status).toBe(200);
  });

  it('counts an outing imported from two files once, from the richer copy', async () => {
    const userId = newUser();
    await post(userId, batch({ activities: [outing('2025-05-03T16:00:00.000Z')], daily_steps: [] }));
    const richer = outing('2025-05-03T16:01:00.000Z', {
      duration_seconds: 7300,
      calories_burned: 900,
      heart_rate_avg: 120,
    });
    const second = await post(userId, batch({ kind: 'gpx', activities: [richer], daily_steps: [] }));
    expect(second.json).toMatchObject({ new: 0, already_here: 1 });
    const analysis = await allTime(userId);
    expect(analysis.allTime).toMatchObject({ sessions: 1, calories: 900 });
  });

  it('counts an outing a connected provider holds once, and notes on the file copy that the provider holds it', async () => {
    const userId = newUser();
    await saveTokenlessConnection({
      userId,
      provider: 'apple_health',
      providerUserId: userId,
      scopes: [],
      now: new Date(Date.now() - 30 * DAY_MS),
      keepHistory: false,
    });
    const start = new Date(Date.now() - DAY_MS);
    const provider: UnifiedActivity = {
      user_id: userId,
      provider_type: 'apple_health',
      provider_activity_id: randomUUID(),
      activity_type: 'HKWorkoutActivityTypeHiking',
      name: null,
      start_time: start.toISOString(),
      duration_seconds: 7200,
      distance_meters: 12_000,
      calories_burned: 800,
      steps: null,
      heart_rate_avg: null,
      heart_rate_max: null,
      activity_level: 'active',
      elevation_gain_meters: null,
      average_speed_mps: null,
      fetched_at: new Date().toISOString(),
    };
    await upsertActivities([{ activity: provider, raw: {} }]);
    await recalculateUserMetrics(userId, new Date());
    expect((await allTime(userId)).allTime.sessions).toBe(1);

    const result = await post(
      userId,
      batch({ activities: [outing(new Date(start.getTime() + 45_000).toISOString())], daily_steps: [] }),
    );
    expect(result.json).toMatchObject({ new: 0, already_here: 1 });
    expect((await allTime(userId)).allTime.sessions).toBe(1);
    // The file copy remembers the provider holds it: the provider's day part outlives its raw record.
    expect((await fileRecordsOf(userId)).activities.map((a) => a.covered_by)).toEqual(['apple_health']);
  });
});

describe('GET and DELETE /api/imports/files', () => {
  it('deleting one import, then all, takes them out of the figures', async () => {
    const userId = newUser();
    const first = batch();
    const second = batch({
      activities: [outing('2024-08-01T15:00:00.000Z', { activity_type: 'swim' })],
      daily_steps: [],
    });
    await post(userId, first);
    await post(userId, second);
    expect((await allTime(userId)).allTime.sessions).toBe(3);
    expect((await list(userId)).map((entry) => entry.import_id)).toEqual([second.import_id, first.import_id]);

    expect((await deleteOne(userId, first.import_id)).status).toBe(204);
    expect((await allTime(userId)).allTime).toMatchObject({ sessions: 1, steps: 0 });
    expect((await list(userId)).map((entry) => entry.import_id)).toEqual([second.import_id]);
    expect((await deleteOne(userId, first.import_id)).status).toBe(404);

    expect((await callRoute('delete-file-imports', { claims: userClaims(userId) })).status).toBe(204);
    expect((await allTime(userId)).allTime.sessions).toBe(0);
    expect(await list(userId)).toEqual([]);
    expect(await fileRecordsOf(userId)).toEqual({ activities: [], stepDays: [] });
  });

  it("another person can neither list nor delete someone's imports", async () => {
    const owner = newUser();
    const other = newUser();
    const body = batch();
    await post(owner, body);
    expect(await list(other)).toEqual([]);
    expect((await deleteOne(other, body.import_id)).status).toBe(404);
    expect((await callRoute('delete-file-imports', { claims: userClaims(other) })).status).toBe(204);
    expect(await list(owner)).toHaveLength(1);
    expect((await allTime(owner)).allTime.sessions).toBe(2);
  });

  it('needs a signed-in caller and a uuid', async () => {
    expect((await callRoute('get-file-imports')).status).toBe(401);
    expect((await callRoute('post-file-import', { body: batch() })).status).toBe(401);
    expect((await deleteOne(newUser(), 'not-a-uuid')).status).toBe(400);
  });
});

describe('imports and the account', () => {
  it("are in the person's data export", async () => {
    const userId = newUser();
    const body = batch();
    await post(userId, body);
    const data = DataExport.parse((await callRoute('get-my-data', { claims: userClaims(userId) })).json);
    expect(data.stored.FileImport).toEqual([expect.objectContaining({ import_id: body.import_id, activity_count: 2 })]);
    expect(data.stored.FileActivity?.map((a) => a.start_time).sort()).toEqual(
      body.activities.map((a) => a.start_time).sort(),
    );
    expect(data.stored.FileStepDay).toEqual([expect.objectContaining({ date: '2025-05-03', steps: 14_000 })]);
  });

  it('go with the account', async () => {
    const userId = newUser();
    await post(userId, batch());
    const result = await deleteAccount(
      { userId, email: undefined },
      new Date(),
      accountDeletionDeps(
        async () => {},
        async () => {},
      ),
    );
    expect(result.removed.activities).toBeGreaterThanOrEqual(5);
    expect(await fileRecordsOf(userId, { consistent: true })).toEqual({ activities: [], stepDays: [] });
    expect(await list(newUser())).toEqual([]);
  });
});
