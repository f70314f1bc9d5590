import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { purgeExpiredProviderData } from '../../../functions/handlers/retention/purge';
import { dynamo } from '../../../functions/lib/dynamo';
import { keys } from '../../../functions/repositories/keys';
import { newUserId } from './helpers';
import { useOwnTables } from '../../support/own-tables';

// This file runs the retention purge, which scans whole tables.
useOwnTables();

const table = () => process.env.TABLE_CONNECTIONS!;

async function putConnection(isActive: boolean) {
  const userId = newUserId();
  const item = {
    ...keys.connection(userId, 'strava'),
    entity: 'HealthConnection',
    userId,
    provider: 'strava',
    provider_user_id: '123',
    is_active: isActive,
    accessTokenEnc: 'v1.sealed-access',
    refreshTokenEnc: 'v1.sealed-refresh',
    token_expires_at: 1,
    connection_data: { firstname: 'A', lastname: 'B' },
    connected_at: '2026-11-01T00:00:00.000Z',
  };
  await dynamo().send(new PutCommand({ TableName: table(), Item: item }));
  return userId;
}

const read = async (userId: string) =>
  (await dynamo().send(new GetCommand({ TableName: table(), Key: keys.connection(userId, 'strava') }))).Item!;

describe('retention purge of connections', () => {
  it('removes tokens and provider data left on inactive connections and leaves active ones alone', async () => {
    const inactive = await putConnection(false);
    const active = await putConnection(true);
    const report = await purgeExpiredProviderData(new Date());
    expect(report.inactiveConnectionsCleared).toBeGreaterThanOrEqual(1);

    const cleared = await read(inactive);
    expect(cleared).not.toHaveProperty('accessTokenEnc');
    expect(cleared).not.toHaveProperty('refreshTokenEnc');
    expect(cleared).not.toHaveProperty('connection_data');
    expect(cleared).toMatchObject({ is_active: false, provider: 'strava' });

    expect(await read(active)).toMatchObject({
      is_active: true,
      accessTokenEnc: 'v1.sealed-access',
      connection_data: { firstname: 'A', lastname: 'B' },
    });
  });
});
