import { GetCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import { ConflictError } from '../lib/errors';
import { appleIngestKeys } from './keys';

/**
 * Apple Health ingest tokens, stored as SHA-256 hashes only, in the users table:
 * - `APPLE_INGEST_TOKEN#<hash>` / `APPLE_INGEST_TOKEN` → the owner (the public ingest route looks the hash up);
 * - `USER#<sub>` / `APPLE_INGEST_TOKEN` → the user's current hash, so issuing a new token or disconnecting
 *   deletes the old one in the same transaction. One live token per user, never two.
 * Ingest request windows (a per-user rate limit) live in rateLimits: `USER#<sub>` / `APPLE_INGEST_WINDOW#<start>`.
 */
const users = () => tableName('users');
const MAX_ATTEMPTS = 12;

async function currentTokenHash(userId: string): Promise<string | null> {
  const result = await dynamo().send(
    new GetCommand({ TableName: users(), Key: appleIngestKeys.currentToken(userId), ConsistentRead: true }),
  );
  return typeof result.Item?.tokenHash === 'string' ? result.Item.tokenHash : null;
}

/** A concurrent issue/revoke changed the current token between our read and our write: read again and retry. */
function lostRace(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'TransactionCanceledException' || error.name === 'TransactionConflictException')
  );
}

/**
 * Runs `write(current)` as one transaction conditional on the current token still being `current`, re-reading and
 * retrying when another request got there first.
 */
async function withCurrentToken(
  userId: string,
  write: (current: string | null) => TransactWriteCommandInput['TransactItems'],
): Promise<string | null> {
  for (let attempt = 1; ; attempt++) {
    const current = await currentTokenHash(userId);
    const items = write(current);
    if (!items || items.length === 0) return current;
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return current;
    } catch (error) {
      if (!lostRace(error)) throw error;
      // Many writes for one user at once (a double-click storm): tell the caller to retry rather than fail with a 500.
      if (attempt >= MAX_ATTEMPTS)
        throw new ConflictError('Another Apple Health change is in progress. Please try again.', 'concurrent_update');
      await new Promise((resolve) => setTimeout(resolve, Math.min(500, 10 * 2 ** attempt) * Math.random()));
    }
  }
}

function currentTokenCondition(current: string | null) {
  return current === null
    ? { ConditionExpression: 'attribute_not_exists(pk)' }
    : { ConditionExpression: 'tokenHash = :current', ExpressionAttributeValues: { ':current': current } };
}

/** Makes `tokenHash` the user's only ingest token; the previous one (if any) stops working in the same write. */
export async function replaceIngestToken(userId: string, tokenHash: string, now: Date): Promise<void> {
  const issuedAt = now.toISOString();
  await withCurrentToken(userId, (current) => [
    current === null
      ? {
          Put: {
            TableName: users(),
            Item: {
              ...appleIngestKeys.currentToken(userId),
              entity: 'AppleIngestTokenOfUser',
              userId,
              tokenHash,
              issuedAt,
            },
            ...currentTokenCondition(null),
          },
        }
      : {
          Update: {
            TableName: users(),
            Key: appleIngestKeys.currentToken(userId),
            UpdateExpression: 'SET tokenHash = :next, issuedAt = :issuedAt',
            ConditionExpression: 'tokenHash = :current',
            ExpressionAttributeValues: { ':next': tokenHash, ':issuedAt': issuedAt, ':current': current },
          },
        },
    ...(current === null ? [] : [{ Delete: { TableName: users(), Key: appleIngestKeys.tokenHash(current) } }]),
    {
      Put: {
        TableName: users(),
        Item: { ...appleIngestKeys.tokenHash(tokenHash), entity: 'AppleIngestToken', userId, issuedAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
}

/** Deletes the user's ingest token (disconnect, account deletion); returns how many items went (0 or 2). */
export async function revokeIngestToken(userId: string): Promise<number> {
  const revoked = await withCurrentToken(userId, (current) =>
    current === null
      ? []
      : [
          {
            Delete: {
              TableName: users(),
              Key: appleIngestKeys.currentToken(userId),
              ...currentTokenCondition(current),
            },
          },
          { Delete: { TableName: users(), Key: appleIngestKeys.tokenHash(current) } },
        ],
  );
  return revoked === null ? 0 : 2;
}

/** The owner of a token hash, or null for a hash that was never issued or has been replaced or revoked. */
export async function ownerOfIngestToken(tokenHash: string): Promise<string | null> {
  // Strongly consistent, so a replaced token stops working the moment the new one is issued.
  const result = await dynamo().send(
    new GetCommand({ TableName: users(), Key: appleIngestKeys.tokenHash(tokenHash), ConsistentRead: true }),
  );
  return typeof result.Item?.userId === 'string' ? result.Item.userId : null;
}

/** Counts one ingest request in the user's current window (one atomic add); returns the count so far. */
export async function countIngestRequest(userId: string, windowStart: Date, windowEnd: Date): Promise<number> {
  const result = await dynamo().send(
    new UpdateCommand({
      TableName: tableName('rateLimits'),
      Key: appleIngestKeys.requestWindow(userId, windowStart.toISOString()),
      UpdateExpression:
        'SET entity = :entity, userId = :userId, expiresAt = if_not_exists(expiresAt, :expiresAt) ADD requests :one',
      ExpressionAttributeValues: {
        ':entity': 'AppleIngestWindow',
        ':userId': userId,
        ':expiresAt': Math.ceil(windowEnd.getTime() / 1000) + 3600,
        ':one': 1,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(result.Attributes?.requests ?? 1);
}
