import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import {
  DEFAULT_EMAIL_PREFERENCES,
  EMAIL_CATEGORIES,
  type EmailCategory,
  type EmailPreferences,
} from '../shared/schemas/email';
import { OUTBOX_LANES, type OutboxLane } from '../domain/outbox';
import { emailKeys } from './keys';

/**
 * Email.
 *
 * | item | table | pk | sk | gsi1pk / gsi1sk |
 * |---|---|---|---|---|
 * | outbox message | social | `OUTBOX#<id>` | `OUTBOX` | `OUTBOX_DUE#alert`, `OUTBOX_DUE#safety`, `OUTBOX_DUE#priority` or `OUTBOX_DUE` (general) / `<due ISO>#<id>` (gone once sent or given up) |
 * | suppressed address (bounce, complaint) | social | `EMAIL_SUPPRESSED#<email>` | `SUPPRESSED` | — |
 * | one-click unsubscribe token (SHA-256 only) | users | `EMAIL_UNSUB#<hash>` | `UNSUB` | `USER#<userId>` / `EMAIL_UNSUB#<hash>` (account deletion removes it) |
 * | a user's email choices | users | `USER#<userId>` | `EMAIL_PREFS` | — |
 *
 * The outbox is the background job's queue: a request only writes a message (idempotently, by a caller-chosen id);
 * the `email-outbox` job sends what is due, claiming each message by moving its due time (a lease), so two
 * overlapping runs never send one message twice, and a failed send is retried later with backoff. A message leaves the
 * table once sent (or given up); until then it names the users it is about (`userIds`), so account deletion can drop it.
 * Each lane (domain/outbox.ts) is a partition of its own, so the job reads overdue alerts without reading past
 * other mail; each message names its sender, so senders can take turns within a lane.
 */
/** Sent or not, a message is gone after a week. */
const OUTBOX_LIFETIME_S = 7 * 86_400;
const UNSUBSCRIBE_LIFETIME_S = 365 * 86_400;

export interface OutboxMessage {
  /** Caller-chosen and stable (e.g. `trip-<plan>-overdue1-<n>`): enqueuing the same id twice keeps one message. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** The optional category, or null for mail a user cannot turn off (trip plan alerts to contacts). */
  category: EmailCategory | null;
  /** The users the message is to or about: deleting any of their accounts drops it while unsent. */
  userIds: string[];
  /** Default: mail a user cannot turn off (category null) goes in the safety lane, the rest in the general one. */
  lane?: OutboxLane;
  /** Whose action caused the message, so senders take turns (default: the first of `userIds`). */
  senderId?: string;
}

export interface DueEmail {
  id: string;
  dueSk: string;
  senderId: string;
}

export interface StoredOutboxMessage extends OutboxMessage {
  attempts: number;
  dueSk: string;
}

const social = () => tableName('social');
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The Put for one outbox message, for a transaction that must enqueue it together with another write. */
export function outboxPut(message: OutboxMessage, now: Date) {
  const lane = message.lane ?? (message.category === null ? 'safety' : 'general');
  return {
    TableName: social(),
    Item: {
      ...emailKeys.outbox(message.id),
      ...emailKeys.outboxDue(lane, now.toISOString(), message.id),
      entity: 'OutboxEmail',
      ...message,
      lane,
      senderId: message.senderId ?? message.userIds[0] ?? 'system',
      attempts: 0,
      createdAt: now.toISOString(),
      expiresAt: epochSeconds(now) + OUTBOX_LIFETIME_S,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
}

/** Enqueues a message; false when one with this id was already enqueued. */
export async function enqueueEmail(message: OutboxMessage, now: Date): Promise<boolean> {
  try {
    await dynamo().send(new PutCommand(outboxPut(message, now)));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * One lane's messages due by `now`, oldest first, page by page until the lane is read or `enough` says stop (the
 * job bounds its reading by time). Only the keys and the sender are fetched.
 */
export async function listDueEmails(
  lane: OutboxLane,
  now: Date,
  enough: (read: number) => boolean,
): Promise<DueEmail[]> {
  const due: DueEmail[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: social(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :due',
        ExpressionAttributeValues: { ':pk': emailKeys.outboxDuePartition(lane), ':due': `${now.toISOString()}~` },
        ProjectionExpression: 'id, gsi1sk, senderId',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? [])
      due.push({ id: String(item.id), dueSk: String(item.gsi1sk), senderId: String(item.senderId ?? 'system') });
    startKey = page.LastEvaluatedKey;
  } while (startKey && !enough(due.length));
  return due;
}

/**
 * Claims a due message for one send attempt: moves its due time to `leaseUntil` and counts the attempt, on
 * condition that nobody else moved it since it was listed. Null when another run claimed it or it is gone.
 *
 * The lease's sort key names this claim (a fresh id): when the SDK retries the update because the first answer was
 * lost (a timeout, a dropped connection), the retry finds its own claim already in place and keeps it, instead of
 * taking it for someone else's and leaving the message unsent until the lease runs out.
 */
export async function claimEmail(id: string, seenDueSk: string, leaseUntil: Date): Promise<StoredOutboxMessage | null> {
  const lease = emailKeys.outboxLeaseSort(leaseUntil.toISOString(), id, randomUUID());
  try {
    const result = await dynamo().send(
      new UpdateCommand({
        TableName: social(),
        Key: emailKeys.outbox(id),
        UpdateExpression: 'SET gsi1sk = :lease, attempts = attempts + :one',
        ConditionExpression: 'gsi1sk = :seen',
        ExpressionAttributeValues: { ':lease': lease, ':one': 1, ':seen': seenDueSk },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return storedMessage(result.Attributes ?? {});
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const current = await dynamo().send(
      new GetCommand({ TableName: social(), Key: emailKeys.outbox(id), ConsistentRead: true }),
    );
    return current.Item?.gsi1sk === lease ? storedMessage(current.Item) : null;
  }
}

function storedMessage(item: Record<string, unknown>): StoredOutboxMessage {
  return {
    id: String(item.id),
    to: String(item.to),
    subject: String(item.subject),
    text: String(item.text),
    html: String(item.html),
    ...(item.headers ? { headers: item.headers as Record<string, string> } : {}),
    category: (item.category as EmailCategory | null | undefined) ?? null,
    userIds: (item.userIds as string[] | undefined) ?? [],
    attempts: Number(item.attempts),
    dueSk: String(item.gsi1sk),
  };
}

/** Sent, dropped for a suppressed address, or given up: the message leaves the table (nothing of it is kept). */
export async function finishEmail(id: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: social(), Key: emailKeys.outbox(id) }));
}

/** A failed attempt: due again at `retryAt`. */
export async function retryEmailAt(id: string, retryAt: Date): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: social(),
      Key: emailKeys.outbox(id),
      UpdateExpression: 'SET gsi1sk = :due',
      ExpressionAttributeValues: { ':due': emailKeys.outboxDueSort(retryAt.toISOString(), id) },
    }),
  );
}

/** Unsent messages to or about `userId` (one query of each lane's small due partition). */
export async function listPendingEmailIdsAbout(userId: string): Promise<string[]> {
  const ids: string[] = [];
  for (const lane of OUTBOX_LANES) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await dynamo().send(
        new QueryCommand({
          TableName: social(),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': emailKeys.outboxDuePartition(lane) },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? [])
        if (Array.isArray(item.userIds) && item.userIds.includes(userId)) ids.push(String(item.id));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
  return ids;
}

// --- suppression list ---

export async function suppressAddress(
  email: string,
  reason: 'bounce' | 'complaint' | 'request',
  now: Date,
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: social(),
      Item: { ...emailKeys.suppressed(email), entity: 'EmailSuppression', reason, at: now.toISOString() },
    }),
  );
}

export async function isSuppressed(email: string): Promise<boolean> {
  const result = await dynamo().send(
    new GetCommand({ TableName: social(), Key: emailKeys.suppressed(email), ConsistentRead: true }),
  );
  return result.Item !== undefined;
}

// --- one-click unsubscribe tokens ---

export async function putUnsubscribeToken(
  tokenHash: string,
  userId: string,
  category: EmailCategory,
  now: Date,
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('users'),
      Item: {
        ...emailKeys.unsubscribe(tokenHash),
        ...emailKeys.unsubscribeOfUser(userId, tokenHash),
        entity: 'UnsubscribeToken',
        userId,
        category,
        expiresAt: epochSeconds(now) + UNSUBSCRIBE_LIFETIME_S,
      },
    }),
  );
}

export async function getUnsubscribeToken(
  tokenHash: string,
  now: Date,
): Promise<{ userId: string; category: EmailCategory } | null> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName('users'), Key: emailKeys.unsubscribe(tokenHash), ConsistentRead: true }),
  );
  const item = result.Item;
  if (!item || (typeof item.expiresAt === 'number' && item.expiresAt <= epochSeconds(now))) return null;
  return { userId: String(item.userId), category: item.category as EmailCategory };
}

// --- preferences ---

export async function getEmailPreferences(userId: string): Promise<EmailPreferences> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName('users'), Key: emailKeys.preferences(userId), ConsistentRead: true }),
  );
  const stored = (result.Item?.preferences ?? {}) as Partial<Record<string, unknown>>;
  return Object.fromEntries(
    EMAIL_CATEGORIES.map((c) => [c, typeof stored[c] === 'boolean' ? stored[c] : DEFAULT_EMAIL_PREFERENCES[c]]),
  ) as EmailPreferences;
}

export async function saveEmailPreferences(userId: string, preferences: EmailPreferences, now: Date): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('users'),
      Item: {
        ...emailKeys.preferences(userId),
        entity: 'EmailPreferences',
        userId,
        preferences,
        updatedAt: now.toISOString(),
      },
    }),
  );
}
