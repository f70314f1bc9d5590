import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { purgeExpiredProviderData } from '../../../../functions/handlers/retention/purge';
import { dynamo } from '../../../../functions/lib/dynamo';
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
