import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_CLIENT } from '../../infra/local/simulators/strava';

/**
 * Every suite shares one DynamoDB Local, so handlers that use the shared 'default' Strava config would share its
 * 15-minute window (90 calls) across the whole run and refuse calls at random once it fills. An operator may raise
 * a config's limits (they are kept as stored), and the test database does: rate-limit behaviour is tested with
 * configs of its own. Client id and secret reference follow env on first use, as the code does for any stored config.
 */
export async function raiseDefaultStravaLimits(env: Record<string, string>): Promise<void> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: env.DYNAMODB_ENDPOINT,
      region: env.AWS_REGION,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
    }),
  );
  try {
    await client.send(
      new PutCommand({
        TableName: env.TABLE_RATE_LIMITS,
        Item: {
          pk: 'STRAVA_CONFIG#default',
          sk: 'CONFIG',
          entity: 'StravaApiConfig',
          id: 'default',
          name: 'Shared fallback',
          client_id: DEFAULT_CLIENT.clientId,
          secret_ref: 'env:STRAVA_CLIENT_SECRET',
          is_active: true,
          daily_limit: 1_000_000,
          fifteen_min_limit: 1_000_000,
          updated_at: new Date().toISOString(),
        },
      }),
    );
  } finally {
    client.destroy();
  }
}
