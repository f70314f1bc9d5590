import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { DEFAULT_RATE_LIMITS } from '../domain/rate-limit';
import { optionalEnv, tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import { stravaRateLimitKeys } from './keys';

/** A Strava API application (spec §3 strava_api_configs) with the limits we hold it to. */
export interface StravaAppConfig {
  id: string;
  name: string;
  clientId: string;
  /** reference, never the secret */
  secretRef: string;
  isActive: boolean;
  dailyLimit: number;
  fifteenMinLimit: number;
}

export const DEFAULT_STRAVA_CONFIG_ID = 'default';
const DEFAULT_STRAVA_CONFIG_NAME = 'Shared fallback';

/** Stored with the spec's field names; `secret_ref` replaces the spec's `client_secret`, which is never stored here. */
const StoredConfig = z.object({
  id: z.string().min(1),
  name: z.string(),
  client_id: z.string().min(1),
  secret_ref: z.string().min(1),
  is_active: z.boolean(),
  daily_limit: z.number().int().positive(),
  fifteen_min_limit: z.number().int().positive(),
});

function fromItem(item: Record<string, unknown>): StravaAppConfig {
  const stored = StoredConfig.parse(item);
  return {
    id: stored.id,
    name: stored.name,
    clientId: stored.client_id,
    secretRef: stored.secret_ref,
    isActive: stored.is_active,
    dailyLimit: stored.daily_limit,
    fifteenMinLimit: stored.fifteen_min_limit,
  };
}

function toItem(config: StravaAppConfig, now: Date): Record<string, unknown> {
  return {
    ...stravaRateLimitKeys.config(config.id),
    entity: 'StravaApiConfig',
    id: config.id,
    name: config.name,
    client_id: config.clientId,
    secret_ref: config.secretRef,
    is_active: config.isActive,
    daily_limit: config.dailyLimit,
    fifteen_min_limit: config.fifteenMinLimit,
    updated_at: now.toISOString(),
  };
}

export async function getStravaConfig(configId: string): Promise<StravaAppConfig | null> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName('rateLimits'), Key: stravaRateLimitKeys.config(configId) }),
  );
  return result.Item ? fromItem(result.Item) : null;
}

/** Creates or replaces a config (operators and tests; there is no public route for it). */
export async function saveStravaConfig(config: StravaAppConfig, now: Date): Promise<void> {
  const item = toItem(config, now);
  StoredConfig.parse(item);
  await dynamo().send(new PutCommand({ TableName: tableName('rateLimits'), Item: item }));
}

/** spec §3 user_strava_config_assignments: one config per user. */
export async function assignStravaConfig(userId: string, configId: string, now: Date): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('rateLimits'),
      Item: {
        ...stravaRateLimitKeys.assignment(userId),
        entity: 'StravaConfigAssignment',
        user_id: userId,
        strava_config_id: configId,
        updated_at: now.toISOString(),
      },
    }),
  );
}

async function assignedConfigId(userId: string): Promise<string | null> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName('rateLimits'), Key: stravaRateLimitKeys.assignment(userId) }),
  );
  const configId = result.Item?.strava_config_id;
  return typeof configId === 'string' && configId !== '' ? configId : null;
}

/** The fallback app's identity comes from the deployment's configuration (null where a function is not given it). */
function fallbackIdentityFromEnv(): Pick<StravaAppConfig, 'clientId' | 'secretRef'> | null {
  const clientId = optionalEnv('STRAVA_CLIENT_ID');
  if (!clientId) return null;
  return { clientId, secretRef: optionalEnv('STRAVA_CLIENT_SECRET_ARN') ?? 'env:STRAVA_CLIENT_SECRET' };
}

/**
 * The shared fallback config, created on first use. Limits and name stay as stored (an operator may tune them);
 * the client id and secret reference follow the env, so a redeploy with new credentials takes effect. A function
 * without STRAVA_CLIENT_ID (e.g. the usage indicator) uses the stored config as it is.
 */
async function fallbackConfig(): Promise<StravaAppConfig> {
  const identity = fallbackIdentityFromEnv();
  const stored = await getStravaConfig(DEFAULT_STRAVA_CONFIG_ID);
  if (stored && (!identity || (stored.clientId === identity.clientId && stored.secretRef === identity.secretRef)))
    return stored;
  if (!identity) throw new Error('Missing env STRAVA_CLIENT_ID: the shared Strava API config cannot be created');

  const now = new Date().toISOString();
  // if_not_exists keeps whatever limits a concurrent first use (or an operator) already wrote.
  const result = await dynamo().send(
    new UpdateCommand({
      TableName: tableName('rateLimits'),
      Key: stravaRateLimitKeys.config(DEFAULT_STRAVA_CONFIG_ID),
      UpdateExpression:
        'SET client_id = :clientId, secret_ref = :secretRef, updated_at = :now, entity = :entity, id = :id, ' +
        '#name = if_not_exists(#name, :name), is_active = if_not_exists(is_active, :active), ' +
        'daily_limit = if_not_exists(daily_limit, :dailyLimit), fifteen_min_limit = if_not_exists(fifteen_min_limit, :fifteenMinLimit)',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: {
        ':clientId': identity.clientId,
        ':secretRef': identity.secretRef,
        ':now': now,
        ':entity': 'StravaApiConfig',
        ':id': DEFAULT_STRAVA_CONFIG_ID,
        ':name': DEFAULT_STRAVA_CONFIG_NAME,
        ':active': true,
        ':dailyLimit': DEFAULT_RATE_LIMITS.dailyLimit,
        ':fifteenMinLimit': DEFAULT_RATE_LIMITS.fifteenMinLimit,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return fromItem(result.Attributes ?? {});
}

/**
 * The user's assigned config, else the shared fallback ('default', built from env STRAVA_CLIENT_ID; created on first use).
 * An assignment to a config that is missing or inactive falls back too: an inactive app must not be called.
 */
export async function stravaConfigForUser(userId: string): Promise<StravaAppConfig> {
  const configId = await assignedConfigId(userId);
  if (configId && configId !== DEFAULT_STRAVA_CONFIG_ID) {
    const assigned = await getStravaConfig(configId);
    if (assigned?.isActive) return assigned;
  }
  return fallbackConfig();
}
