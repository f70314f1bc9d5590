import { randomBytes, randomUUID } from 'node:crypto';
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../../functions/lib/config';
import { dynamo } from '../../../functions/lib/dynamo';
import { ROUTES } from '../../../functions/shared/routes';
import { AppleIngestTokenResponse } from '../../../functions/shared/schemas/apple';
import { callRoute, userClaims, type CallOptions } from '../../support/api-events';

export const SITE_URL = 'http://localhost:3000';

/** What the Apple routes (and the disconnect route, which builds the Strava deps) read from env, as the local stack sets it. */
export function useAppleEnv(): void {
  Object.assign(process.env, {
    SITE_URL,
    STRAVA_CLIENT_ID: process.env.STRAVA_CLIENT_ID ?? 'test-client',
    STRAVA_CLIENT_SECRET: process.env.STRAVA_CLIENT_SECRET ?? 'test-secret',
    STRAVA_OAUTH_BASE_URL: process.env.STRAVA_OAUTH_BASE_URL ?? 'http://127.0.0.1:9/oauth',
    STRAVA_API_BASE_URL: process.env.STRAVA_API_BASE_URL ?? 'http://127.0.0.1:9/api/v3',
    APP_SECRET: process.env.APP_SECRET ?? randomBytes(32).toString('base64url'),
  });
  delete process.env.APPLE_SHORTCUT_URL;
}

export const newUserId = () => `apple-user-${randomUUID()}`;
export const route = (id: string) => ROUTES.find((r) => r.id === id)!;

export async function issueToken(userId: string): Promise<AppleIngestTokenResponse> {
  const result = await callRoute('post-apple-ingest-token', { claims: userClaims(userId) });
  if (result.status !== 200) throw new Error(`ingest-token answered ${result.status}: ${JSON.stringify(result.json)}`);
  return AppleIngestTokenResponse.parse(result.json);
}

/** Posts to the public ingest route as the Shortcut does. */
export function ingest(token: string | null, body: CallOptions['body'], headers: Record<string, string> = {}) {
  return callRoute('post-apple-ingest', {
    body,
    headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers },
  });
}

/** '2026-11-20 07:12:00 -0800': Health Auto Export's date format, for an instant `hoursAgo` before now. */
export function haeDate(hoursAgo: number, offsetMinutes = -480): string {
  const local = new Date(Date.now() - hoursAgo * 3600_000 + offsetMinutes * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return (
    `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())} ` +
    `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())} ${sign}${two(Math.floor(abs / 60))}${two(abs % 60)}`
  );
}

/** 'YYYY-MM-DD' `daysAgo` days before today (UTC). */
export function dayAgo(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

export const haeWorkout = (id: string, hoursAgo: number, fields: Record<string, unknown> = {}) => ({
  id,
  name: 'Outdoor Run',
  start: haeDate(hoursAgo),
  end: haeDate(hoursAgo - 0.5),
  duration: 1800,
  distance: { qty: 6, units: 'km' },
  activeEnergyBurned: { qty: 1674, units: 'kJ' },
  heartRate: { avg: { qty: 140, units: 'bpm' }, max: { qty: 165, units: 'bpm' } },
  ...fields,
});

export const specWorkout = (uuid: string, hoursAgo: number, fields: Record<string, unknown> = {}) => ({
  uuid,
  workoutActivityType: 'HKWorkoutActivityTypeHiking',
  sourceName: 'Apple Watch',
  startDate: new Date(Date.now() - hoursAgo * 3600_000).toISOString(),
  duration: 4000,
  totalDistance: { doubleValue: 9000 },
  totalEnergyBurned: { doubleValue: 700 },
  averageHeartRate: 120,
  maxHeartRate: 150,
  steps: 12000,
  ...fields,
});

/** Every item stored under the user's partition in the activities table (the raw DynamoDB contents). */
export async function storedActivities(userId: string): Promise<Record<string, unknown>[]> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName('activities'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `USER#${userId}` },
      ConsistentRead: true,
    }),
  );
  return result.Items ?? [];
}

/** Every Apple ingest-token item of a user in the users table. */
export async function storedTokenItems(userId: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName('users'),
        FilterExpression: 'userId = :userId AND begins_with(entity, :entity)',
        ExpressionAttributeValues: { ':userId': userId, ':entity': 'AppleIngestToken' },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Whether `text` appears anywhere in a table (to prove a plain token is never stored). */
export async function tableContains(table: Parameters<typeof tableName>[0], text: string): Promise<boolean> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: tableName(table), ExclusiveStartKey: start }));
    if (JSON.stringify(page.Items ?? []).includes(text)) return true;
    start = page.LastEvaluatedKey;
  } while (start);
  return false;
}
