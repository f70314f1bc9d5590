import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { tableName } from '../../../functions/lib/config';
import { dynamo } from '../../../functions/lib/dynamo';
import {
  activityPage,
  addMissingActivityOrderKeys,
  upsertActivities,
} from '../../../functions/repositories/activities';
import { keys } from '../../../functions/repositories/keys';
import type { UnifiedActivity } from '../../../functions/shared/schemas/activity';
import { useOwnTables } from '../../support/own-tables';
import { unifiedActivity } from '../../support/unified-activity';

// The backfill scans the whole table: its own tables keep other files' items out of its count.
useOwnTables();

const activity = (userId: string, id: string, distance: number | null) =>
  unifiedActivity({ user_id: userId, provider_activity_id: id, distance_meters: distance });

/** An activity as stored before the order indexes existed: the table and gsi1 keys, no order keys. */
async function putWithoutOrderKeys(item: UnifiedActivity) {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('activities'),
      Item: {
        ...keys.activity(item.user_id, item.provider_type, item.provider_activity_id),
        ...keys.activityByStartTime(item.user_id, item.start_time),
        ...item,
        raw_data: '{}',
        fetchedAt: item.fetched_at,
      },
    }),
  );
}

const byDistance = async (userId: string) =>
  (
    await activityPage(userId, { sort: 'distance', order: 'desc', limit: 50, fetchedSince: new Date(0) })
  ).activities.map((a) => a.provider_activity_id);

describe('addMissingActivityOrderKeys', () => {
  it('puts activities stored before the order indexes into them, and leaves the others alone', async () => {
    const userId = `order-${randomUUID()}`;
    await upsertActivities([{ activity: activity(userId, 'new', 5000), raw: {} }]);
    await putWithoutOrderKeys(activity(userId, 'old-long', 9000));
    await putWithoutOrderKeys(activity(userId, 'old-unknown', null));
    expect(await byDistance(userId)).toEqual(['new']);

    expect(await addMissingActivityOrderKeys()).toBe(2);
    expect(await byDistance(userId)).toEqual(['old-long', 'new', 'old-unknown']);
    const stored = await dynamo().send(
      new GetCommand({ TableName: tableName('activities'), Key: keys.activity(userId, 'strava', 'old-long') }),
    );
    expect(stored.Item).toMatchObject({ raw_data: '{}', name: 'old-long' });

    expect(await addMissingActivityOrderKeys()).toBe(0);
  });
});
