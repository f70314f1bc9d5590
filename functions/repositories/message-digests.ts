import { GetCommand, paginateQuery, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import { messageKeys } from './keys';
import { writeIfCondition } from './batch';

/**
 * The daily message digest, one item per user in the users table (`USER#<id>` / `MSG_DIGEST`):
 * - `lastDay` / `lastAt`: the day (Pacific) and the instant of the last digest; claiming a day is one conditional
 *   update, so a digest goes out at most once a day however often the job runs;
 * - `latestAt` and the sparse gsi1 (`MSG_DIGEST_PENDING` / `<first news>#<id>`): a message arrived since the
 *   last digest. The job reads only these, never every user.
 * The item lives in the user's partition, so account deletion removes it.
 */
export interface DigestState {
  userId: string;
  lastDay: string | null;
  lastAt: string | null;
  /** When the newest message waiting for a digest was sent. */
  latestAt: string | null;
}

const users = () => tableName('users');
const PENDING = messageKeys.messageDigestPending('', '').gsi1pk;

function toState(userId: string, item: Record<string, unknown> | undefined): DigestState {
  return {
    userId,
    lastDay: typeof item?.lastDay === 'string' ? item.lastDay : null,
    lastAt: typeof item?.lastAt === 'string' ? item.lastAt : null,
    latestAt: typeof item?.latestAt === 'string' ? item.latestAt : null,
  };
}

/** A message for `userId` arrived at `now`: their next digest has news. */
export async function markDigestPending(userId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await dynamo().send(
    new UpdateCommand({
      TableName: users(),
      Key: messageKeys.messageDigest(userId),
      UpdateExpression:
        'SET gsi1pk = :pending, gsi1sk = if_not_exists(gsi1sk, :sk), latestAt = :at, userId = :userId, entity = :entity',
      ExpressionAttributeValues: {
        ':pending': PENDING,
        ':sk': messageKeys.messageDigestPending(at, userId).gsi1sk,
        ':at': at,
        ':userId': userId,
        ':entity': 'MessageDigest',
      },
    }),
  );
}

/** Every user with news waiting for a digest. */
export async function listPendingDigests(): Promise<DigestState[]> {
  const states: DigestState[] = [];
  const pages = paginateQuery(
    { client: dynamo() },
    {
      TableName: users(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pending',
      ExpressionAttributeValues: { ':pending': PENDING },
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) states.push(toState(String(item.userId), item));
  }
  return states;
}

export async function getDigestState(userId: string): Promise<DigestState> {
  const result = await dynamo().send(
    new GetCommand({ TableName: users(), Key: messageKeys.messageDigest(userId), ConsistentRead: true }),
  );
  return toState(userId, result.Item);
}

/**
 * Claims `day` for the user's digest, covering news up to `now`: true for exactly one caller per day, and only if the
 * state is still the one read (`seenLastDay`).
 */
export async function claimDigestDay(
  userId: string,
  day: string,
  seenLastDay: string | null,
  now: Date,
): Promise<boolean> {
  return writeIfCondition(
    new UpdateCommand({
      TableName: users(),
      Key: messageKeys.messageDigest(userId),
      UpdateExpression: 'SET lastDay = :day, lastAt = :now',
      ConditionExpression: seenLastDay === null ? 'attribute_not_exists(lastDay)' : 'lastDay = :seen',
      ExpressionAttributeValues: {
        ':day': day,
        ':now': now.toISOString(),
        ...(seenLastDay === null ? {} : { ':seen': seenLastDay }),
      },
    }),
  );
}

/** Nothing waits any more up to `now`; a message that arrived after `now` keeps the user on the list. */
export async function clearDigestPending(userId: string, now: Date): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: users(),
        Key: messageKeys.messageDigest(userId),
        UpdateExpression: 'REMOVE gsi1pk, gsi1sk, latestAt',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(latestAt) OR latestAt <= :now)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}
