import { randomUUID } from 'node:crypto';
import { GetCommand, paginateQuery, paginateScan, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import type { TokenCipher } from '../lib/token-cipher';
import type { ProviderType } from '../shared/schemas/activity';
import { LastIngest } from '../shared/schemas/connections';
import { keys } from './keys';
import { writeIfCondition } from './batch';

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch seconds when the access token expires. */
  expiresAt: number;
}

/** A health connection (spec user_health_connections). Tokens are only ever held decrypted in memory. */
export interface Connection {
  userId: string;
  provider: ProviderType;
  providerUserId: string;
  isActive: boolean;
  scopes: string[];
  athleteFirstName: string | null;
  athleteLastName: string | null;
  connectedAt: string;
  lastSyncAt: string | null;
  /** Bumped on every token change; refreshes are conditional on it so a rotated refresh token is never lost. */
  tokenVersion: number;
  /** Epoch ms until which one process holds the right to refresh. */
  refreshLeaseUntil: number | null;
  tokens: ProviderTokens | null;
  /** Where an unfinished import stopped (null when the last one covered its window). */
  syncCursor: SyncCursor | null;
  /**
   * Which connection this is: set fresh at every connect, removed at disconnect. Every write a job makes for the
   * connection is conditional on it (connection-fence.ts). Null when inactive, or for an item stored before it existed.
   */
  generation: string | null;
  /** Push sources: what the last ingest brought (null before the first, or for an item that holds none). */
  lastIngest: LastIngest | null;
}

/**
 * An import in progress: its fixed window (epoch seconds, so the set of items and their page order stay put) and the
 * next page to read. Saved after every page, so a crash, timeout or rate limit resumes here instead of starting over.
 */
export interface SyncCursor {
  mode: string;
  /** Epoch seconds: items that started after this… */
  after: number;
  /** …and before this. */
  before: number;
  nextPage: number;
  /** When the import began: becomes last_sync_at once the window is covered. */
  startedAt: string;
  imported: number;
  updated: number;
}

function cursorFrom(value: unknown): SyncCursor | null {
  if (!value || typeof value !== 'object') return null;
  const c = value as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const after = num(c.after);
  const before = num(c.before);
  const nextPage = num(c.nextPage);
  if (after === null || before === null || nextPage === null || typeof c.startedAt !== 'string') return null;
  return {
    mode: String(c.mode ?? ''),
    after,
    before,
    nextPage,
    startedAt: c.startedAt,
    imported: num(c.imported) ?? 0,
    updated: num(c.updated) ?? 0,
  };
}

const table = () => tableName('connections');
const cipherContext = (userId: string, provider: string) => `connection:${userId}:${provider}`;

function fromItem(item: Record<string, unknown>, cipher: TokenCipher | null): Connection {
  const userId = String(item.userId);
  const provider = item.provider as ProviderType;
  const data = (item.connection_data ?? {}) as { firstname?: string | null; lastname?: string | null };
  const hasTokens = typeof item.accessTokenEnc === 'string' && typeof item.refreshTokenEnc === 'string';
  const context = cipherContext(userId, provider);
  return {
    userId,
    provider,
    providerUserId: String(item.provider_user_id ?? ''),
    isActive: item.is_active === true,
    scopes: Array.isArray(item.scopes) ? (item.scopes as string[]) : [],
    athleteFirstName: data.firstname ?? null,
    athleteLastName: data.lastname ?? null,
    connectedAt: String(item.connected_at),
    lastSyncAt: typeof item.last_sync_at === 'string' ? item.last_sync_at : null,
    tokenVersion: typeof item.tokenVersion === 'number' ? item.tokenVersion : 0,
    refreshLeaseUntil: typeof item.refreshLeaseUntil === 'number' ? item.refreshLeaseUntil : null,
    syncCursor: cursorFrom(item.sync_cursor),
    generation: typeof item.generation === 'string' ? item.generation : null,
    lastIngest: item.last_ingest === undefined ? null : (LastIngest.safeParse(item.last_ingest).data ?? null),
    tokens:
      hasTokens && cipher
        ? {
            accessToken: cipher.open(item.accessTokenEnc as string, context),
            refreshToken: cipher.open(item.refreshTokenEnc as string, context),
            expiresAt: Number(item.token_expires_at),
          }
        : null,
  };
}

export interface NewConnection {
  userId: string;
  provider: ProviderType;
  providerUserId: string;
  scopes: string[];
  athleteFirstName: string | null;
  athleteLastName: string | null;
  tokens: ProviderTokens;
  now: Date;
}

/**
 * Creates or replaces the user's connection to a provider (unique per user + provider by key). A reconnect starts
 * over: new tokens, active again, and no last sync, so the initial sync fetches the history window again.
 */
export async function saveConnection(input: NewConnection, cipher: TokenCipher): Promise<Connection> {
  const context = cipherContext(input.userId, input.provider);
  const result = await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.connection(input.userId, input.provider),
      UpdateExpression:
        'SET entity = :entity, userId = :userId, provider = :provider, provider_user_id = :providerUserId, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk, ' +
        'scopes = :scopes, connection_data = :data, is_active = :true, connected_at = :now, updated_at = :now, ' +
        'accessTokenEnc = :access, refreshTokenEnc = :refresh, token_expires_at = :expiresAt, tokenVersion = if_not_exists(tokenVersion, :zero) + :one, ' +
        'generation = :generation ' +
        'REMOVE last_sync_at, refreshLeaseUntil, disconnected_at, sync_cursor',
      ExpressionAttributeValues: {
        ':entity': 'HealthConnection',
        ':userId': input.userId,
        ':provider': input.provider,
        ':providerUserId': input.providerUserId,
        ...prefixed(
          input.provider === 'strava'
            ? keys.connectionByStravaAthlete(input.providerUserId)
            : keys.connectionByProviderAccount(input.provider, input.providerUserId),
        ),
        ':scopes': input.scopes,
        ':data': { firstname: input.athleteFirstName, lastname: input.athleteLastName },
        ':true': true,
        ':now': input.now.toISOString(),
        ':access': cipher.seal(input.tokens.accessToken, context),
        ':refresh': cipher.seal(input.tokens.refreshToken, context),
        ':expiresAt': input.tokens.expiresAt,
        ':zero': 0,
        ':one': 1,
        ':generation': randomUUID(),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return fromItem(result.Attributes ?? {}, cipher);
}

function prefixed(index: { gsi1pk: string; gsi1sk: string }) {
  return { ':gsi1pk': index.gsi1pk, ':gsi1sk': index.gsi1sk };
}

/** Strongly consistent: token refreshes depend on seeing the latest version. */
export async function getConnection(
  userId: string,
  provider: ProviderType,
  cipher: TokenCipher | null,
): Promise<Connection | null> {
  const result = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.connection(userId, provider), ConsistentRead: true }),
  );
  return result.Item ? fromItem(result.Item, cipher) : null;
}

/** The user's connections, without tokens. */
export async function listConnections(userId: string, options: { consistent?: boolean } = {}): Promise<Connection[]> {
  const { pk, skPrefix } = keys.connectionsOfUser(userId);
  const result = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      ...(options.consistent && { ConsistentRead: true }),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    }),
  );
  return (result.Items ?? []).map((item) => fromItem(item, null));
}

/**
 * Users with an active connection to a Strava athlete (webhooks identify only the athlete). Usually one; a Strava
 * account linked from two TrailBuddy accounts holds a token pair for each, and each gets the event.
 */
export async function findUsersByStravaAthlete(athleteId: number): Promise<string[]> {
  const { gsi1pk } = keys.connectionByStravaAthlete(athleteId);
  const userIds: string[] = [];
  const pages = paginateQuery(
    { client: dynamo() },
    {
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: 'is_active = :true',
      ExpressionAttributeValues: { ':pk': gsi1pk, ':true': true },
    },
  );
  for await (const page of pages) for (const item of page.Items ?? []) userIds.push(String(item.userId));
  return userIds;
}

/** Takes the refresh lease if nobody holds a live one and the tokens are still at `version`. */
export async function acquireRefreshLease(
  userId: string,
  provider: ProviderType,
  version: number,
  nowMs: number,
  leaseMs: number,
): Promise<boolean> {
  return writeIfCondition(
    new UpdateCommand({
      TableName: table(),
      Key: keys.connection(userId, provider),
      UpdateExpression: 'SET refreshLeaseUntil = :until',
      ConditionExpression:
        'tokenVersion = :version AND is_active = :true AND (attribute_not_exists(refreshLeaseUntil) OR refreshLeaseUntil < :now)',
      ExpressionAttributeValues: { ':until': nowMs + leaseMs, ':version': version, ':true': true, ':now': nowMs },
    }),
  );
}

/** Stores rotated tokens if nobody changed them since `version`; releases the lease. */
export async function storeRefreshedTokens(
  userId: string,
  provider: ProviderType,
  version: number,
  tokens: ProviderTokens,
  cipher: TokenCipher,
  now: Date,
): Promise<boolean> {
  const context = cipherContext(userId, provider);
  return writeIfCondition(
    new UpdateCommand({
      TableName: table(),
      Key: keys.connection(userId, provider),
      UpdateExpression:
        'SET accessTokenEnc = :access, refreshTokenEnc = :refresh, token_expires_at = :expiresAt, tokenVersion = :next, updated_at = :now REMOVE refreshLeaseUntil',
      ConditionExpression: 'tokenVersion = :version AND is_active = :true',
      ExpressionAttributeValues: {
        ':access': cipher.seal(tokens.accessToken, context),
        ':refresh': cipher.seal(tokens.refreshToken, context),
        ':expiresAt': tokens.expiresAt,
        ':next': version + 1,
        ':version': version,
        ':true': true,
        ':now': now.toISOString(),
      },
    }),
  );
}

export async function releaseRefreshLease(userId: string, provider: ProviderType, version: number): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.connection(userId, provider),
        UpdateExpression: 'REMOVE refreshLeaseUntil',
        ConditionExpression: 'tokenVersion = :version',
        ExpressionAttributeValues: { ':version': version },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/**
 * The import covered its window. With `generation`, only while the connection is still that one (false, nothing
 * written, otherwise); without it (a push source's ingest), whenever the item exists.
 */
export async function markSynced(
  userId: string,
  provider: ProviderType,
  lastSyncAt: Date,
  generation?: string,
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.connection(userId, provider),
        UpdateExpression: 'SET last_sync_at = :at, updated_at = :at REMOVE sync_cursor',
        ConditionExpression:
          generation === undefined ? 'attribute_exists(pk)' : 'is_active = :true AND generation = :generation',
        ExpressionAttributeValues: {
          ':at': lastSyncAt.toISOString(),
          ...(generation !== undefined && { ':true': true, ':generation': generation }),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error) && generation !== undefined) return false;
    throw error;
  }
}

/** Records where an import stopped (after every page). False when the connection is no longer `generation`: stop importing. */
export async function saveSyncCursor(
  userId: string,
  provider: ProviderType,
  cursor: SyncCursor,
  now: Date,
  generation: string,
): Promise<boolean> {
  return writeIfCondition(
    new UpdateCommand({
      TableName: table(),
      Key: keys.connection(userId, provider),
      UpdateExpression: 'SET sync_cursor = :cursor, updated_at = :now',
      ConditionExpression: 'is_active = :true AND generation = :generation',
      ExpressionAttributeValues: {
        ':cursor': cursor,
        ':now': now.toISOString(),
        ':true': true,
        ':generation': generation,
      },
    }),
  );
}

/**
 * The generation of the user's active connection to `provider`, or null when there is none. A connection stored before
 * generations existed is given one here (once: the write only sets an absent one), so its jobs are fenced too.
 */
export async function activeGeneration(userId: string, provider: ProviderType): Promise<string | null> {
  const connection = await getConnection(userId, provider, null);
  if (!connection?.isActive) return null;
  if (connection.generation) return connection.generation;
  try {
    const result = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.connection(userId, provider),
        UpdateExpression: 'SET generation = if_not_exists(generation, :generation)',
        ConditionExpression: 'is_active = :true',
        ExpressionAttributeValues: { ':generation': randomUUID(), ':true': true },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return String(result.Attributes?.generation);
  } catch (error) {
    if (isConditionalCheckFailure(error)) return null;
    throw error;
  }
}

/**
 * Disconnect / deauthorization: inactive, tokens gone (spec §4), generation removed, so every write still in flight
 * for this connection fails its fence from here on. The item stays as the record of the connection.
 */
export async function deactivateConnection(userId: string, provider: ProviderType, now: Date): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.connection(userId, provider),
        UpdateExpression:
          'SET is_active = :false, disconnected_at = :now, updated_at = :now, tokenVersion = if_not_exists(tokenVersion, :zero) + :one REMOVE accessTokenEnc, refreshTokenEnc, token_expires_at, refreshLeaseUntil, sync_cursor, generation, last_ingest',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':false': false, ':now': now.toISOString(), ':zero': 0, ':one': 1 },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/** Every active connection to a provider (for the daily refresh job; a scan is fine off the request path). */
export async function* activeConnections(provider: ProviderType): AsyncGenerator<{ userId: string }> {
  const pages = paginateScan(
    { client: dynamo() },
    {
      TableName: table(),
      ProjectionExpression: 'userId',
      FilterExpression: 'entity = :entity AND provider = :provider AND is_active = :true',
      ExpressionAttributeValues: { ':entity': 'HealthConnection', ':provider': provider, ':true': true },
    },
  );
  for await (const page of pages) for (const item of page.Items ?? []) yield { userId: String(item.userId) };
}

export interface NewTokenlessConnection {
  userId: string;
  provider: ProviderType;
  providerUserId: string;
  scopes: string[];
  now: Date;
  /** Re-issuing credentials to a live connection keeps its history (connected at, last sync); otherwise it starts over. */
  keepHistory: boolean;
}

/**
 * Creates or reactivates a connection that holds no provider tokens (Apple Health: its Shortcut authenticates with
 * an ingest token kept by functions/repositories/apple-ingest-tokens.ts).
 */
export async function saveTokenlessConnection(input: NewTokenlessConnection): Promise<Connection> {
  const result = await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.connection(input.userId, input.provider),
      UpdateExpression:
        'SET entity = :entity, userId = :userId, provider = :provider, provider_user_id = :providerUserId, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk, ' +
        `scopes = :scopes, connection_data = :data, is_active = :true, connected_at = ${input.keepHistory ? 'if_not_exists(connected_at, :now)' : ':now'}, updated_at = :now, ` +
        `tokenVersion = if_not_exists(tokenVersion, :zero) + :one, generation = ${input.keepHistory ? 'if_not_exists(generation, :generation)' : ':generation'} ` +
        `REMOVE accessTokenEnc, refreshTokenEnc, token_expires_at, refreshLeaseUntil, disconnected_at${input.keepHistory ? '' : ', last_sync_at, last_ingest'}`,
      ExpressionAttributeValues: {
        ':entity': 'HealthConnection',
        ':userId': input.userId,
        ':provider': input.provider,
        ':providerUserId': input.providerUserId,
        ...prefixed(keys.connectionByProviderAccount(input.provider, input.providerUserId)),
        ':scopes': input.scopes,
        ':data': { firstname: null, lastname: null },
        ':true': true,
        ':now': input.now.toISOString(),
        ':zero': 0,
        ':one': 1,
        ':generation': randomUUID(),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return fromItem(result.Attributes ?? {}, null);
}

/**
 * Keeps the summary of an ingest on the user's active connection, replacing the one before. An ingest that finishes
 * after a later one began (a slow retry) does not overwrite the later one's summary; a disconnected connection gets none.
 */
export async function saveLastIngest(userId: string, provider: ProviderType, summary: LastIngest): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.connection(userId, provider),
        UpdateExpression: 'SET last_ingest = :summary',
        ConditionExpression:
          'is_active = :true AND (attribute_not_exists(last_ingest) OR last_ingest.receivedAt <= :at)',
        ExpressionAttributeValues: { ':summary': summary, ':true': true, ':at': summary.receivedAt },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}
