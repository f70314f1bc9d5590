import { GetCommand, TransactWriteCommand, UpdateCommand, paginateQuery } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import type { ConnectionStatus } from '../shared/schemas/partners';
import { batchWriteAll, writeIfCondition } from './batch';
import { relationshipKeys } from './keys';

/**
 * Where two members stand, social table: one item on each side, pk USER#<me> / sk REL#<other>, with the
 * state as seen from that side (outgoing ↔ incoming, partners ↔ partners) and both block flags
 * (blockedByMe on mine is blockedMe on theirs). Both sides change together in one transaction, under
 * conditions on both, so a race can never leave them disagreeing. gsi1 (REL#<me>#<state> / <since>#<other>)
 * lists one state, newest first. Items stay after a decline or a block, so the block is remembered.
 */
export interface LastMessage {
  text: string;
  senderId: string;
  sentAt: string;
}

export interface Relationship {
  userId: string;
  otherUserId: string;
  state: ConnectionStatus;
  blockedByMe: boolean;
  blockedMe: boolean;
  /** When the current state began. */
  since: string | null;
  lastMessage: LastMessage | null;
  /** When this side last opened the conversation (only this side's member moves it, and only forward). */
  lastReadAt: string | null;
}

export const noRelationship = (userId: string, otherUserId: string): Relationship => ({
  userId,
  otherUserId,
  state: 'none',
  blockedByMe: false,
  blockedMe: false,
  since: null,
  lastMessage: null,
  lastReadAt: null,
});

export const isBlocked = (relationship: Relationship) => relationship.blockedByMe || relationship.blockedMe;

/**
 * Whether either member has blocked the other: the one check every feature that lets one person
 * reach another (plans, rides, notifications, messages) calls. One consistent read: both flags sit on each side.
 */
export async function isBlockedEitherWay(a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  return isBlocked(await getRelationship(a, b));
}

/** Everyone `userId` has blocked or is blocked by. */
export async function blockedEitherWayOf(userId: string): Promise<Set<string>> {
  return new Set((await listRelationships(userId)).filter(isBlocked).map((r) => r.otherUserId));
}

function relationshipFrom(item: Record<string, unknown>): Relationship {
  return {
    userId: String(item.userId),
    otherUserId: String(item.otherUserId),
    state: (item.state as ConnectionStatus | undefined) ?? 'none',
    blockedByMe: item.blockedByMe === true,
    blockedMe: item.blockedMe === true,
    since: typeof item.since === 'string' ? item.since : null,
    lastMessage: (item.lastMessage as LastMessage | undefined) ?? null,
    lastReadAt: typeof item.lastReadAt === 'string' ? item.lastReadAt : null,
  };
}

export async function getRelationship(userId: string, otherUserId: string): Promise<Relationship> {
  const result = await dynamo().send(
    new GetCommand({
      TableName: tableName('social'),
      Key: relationshipKeys.relationship(userId, otherUserId),
      ConsistentRead: true,
    }),
  );
  return result.Item ? relationshipFrom(result.Item) : noRelationship(userId, otherUserId);
}

/** Every relationship of the member (one partition; members have dozens, not millions). */
export async function listRelationships(userId: string): Promise<Relationship[]> {
  const { pk, skPrefix } = relationshipKeys.relationshipsOfUser(userId);
  const relationships: Relationship[] = [];
  const pages = paginateQuery(
    { client: dynamo() },
    {
      TableName: tableName('social'),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    },
  );
  for await (const page of pages) for (const item of page.Items ?? []) relationships.push(relationshipFrom(item));
  return relationships;
}

/** The mirror of a state, as the other member sees it. */
const mirror: Record<ConnectionStatus, ConnectionStatus> = {
  none: 'none',
  outgoing: 'incoming',
  incoming: 'outgoing',
  partners: 'partners',
};

/** What a side must look like for a change to apply. */
type Expectation = { state: readonly ConnectionStatus[]; unblocked: boolean } | 'any';

function sideUpdate(
  userId: string,
  otherUserId: string,
  state: ConnectionStatus,
  expect: Expectation,
  now: string,
  setFlags: string[] = [],
) {
  const { gsi1pk, gsi1sk } = relationshipKeys.byState(userId, state, now, otherUserId);
  const values: Record<string, unknown> = {
    ':state': state,
    ':now': now,
    ':false': false,
    ':me': userId,
    ':other': otherUserId,
    ':entity': 'PartnerRelationship',
    ':g1pk': gsi1pk,
    ':g1sk': gsi1sk,
  };
  const sets = [
    '#state = :state',
    'since = :now',
    'updatedAt = :now',
    'gsi1pk = :g1pk',
    'gsi1sk = :g1sk',
    'userId = :me',
    'otherUserId = :other',
    'entity = :entity',
    ...setFlags,
  ];
  if (!setFlags.some((flag) => flag.startsWith('blockedByMe')))
    sets.push('blockedByMe = if_not_exists(blockedByMe, :false)');
  if (!setFlags.some((flag) => flag.startsWith('blockedMe'))) sets.push('blockedMe = if_not_exists(blockedMe, :false)');
  if (setFlags.length > 0) values[':true'] = true;

  let condition: string | undefined;
  if (expect !== 'any') {
    const stateNames = expect.state.map((_, i) => `:expect${i}`);
    expect.state.forEach((s, i) => (values[`:expect${i}`] = s));
    const stateClause = `#state IN (${stateNames.join(', ')})`;
    const blockClause = expect.unblocked ? ' AND blockedByMe = :false AND blockedMe = :false' : '';
    condition = expect.state.includes('none')
      ? `attribute_not_exists(pk) OR (${stateClause}${blockClause})`
      : `${stateClause}${blockClause}`;
  }
  return {
    Update: {
      TableName: tableName('social'),
      Key: relationshipKeys.relationship(userId, otherUserId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ...(condition ? { ConditionExpression: condition } : {}),
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Moves both sides at once: `userId`'s side from one of `from` to `to`, the other side to the mirror.
 * False when either side was not as expected (someone else moved first, or a block).
 */
async function transition(
  userId: string,
  otherUserId: string,
  from: readonly ConnectionStatus[],
  to: ConnectionStatus,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          sideUpdate(userId, otherUserId, to, { state: from, unblocked: true }, at),
          sideUpdate(
            otherUserId,
            userId,
            mirror[to],
            { state: from.map((state) => mirror[state]), unblocked: true },
            at,
          ),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isTransactionRefusal(error)) return false;
    throw error;
  }
}

export function isTransactionRefusal(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'TransactionCanceledException' ||
      error.name === 'TransactionConflictException' ||
      isConditionalCheckFailure(error))
  );
}

export const sendPartnerRequest = (userId: string, otherUserId: string, now: Date) =>
  transition(userId, otherUserId, ['none'], 'outgoing', now);
export const acceptPartnerRequest = (userId: string, otherUserId: string, now: Date) =>
  transition(userId, otherUserId, ['incoming'], 'partners', now);
export const declinePartnerRequest = (userId: string, otherUserId: string, now: Date) =>
  transition(userId, otherUserId, ['incoming'], 'none', now);

/** Blocks `otherUserId`: ends any request or partnership and marks both sides, whatever they were. */
export async function blockMember(userId: string, otherUserId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        sideUpdate(userId, otherUserId, 'none', 'any', at, ['blockedByMe = :true']),
        sideUpdate(otherUserId, userId, 'none', 'any', at, ['blockedMe = :true']),
      ],
    }),
  );
}

/** Lifts the caller's block (the other member's block on the caller, if any, stays). False if there was none. */
export async function unblockMember(userId: string, otherUserId: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const flag = (who: string, other: string, attribute: 'blockedByMe' | 'blockedMe', condition?: string) => ({
    Update: {
      TableName: tableName('social'),
      Key: relationshipKeys.relationship(who, other),
      UpdateExpression: `SET ${attribute} = :false, updatedAt = :now`,
      ...(condition ? { ConditionExpression: condition } : { ConditionExpression: 'attribute_exists(pk)' }),
      ExpressionAttributeValues: { ':false': false, ':now': at, ...(condition ? { ':true': true } : {}) },
    },
  });
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          flag(userId, otherUserId, 'blockedByMe', 'blockedByMe = :true'),
          flag(otherUserId, userId, 'blockedMe'),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isTransactionRefusal(error)) return false;
    throw error;
  }
}

/** Records the latest message on one side, unless a later one is already there. */
export async function recordLastMessage(userId: string, otherUserId: string, message: LastMessage): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('social'),
        Key: relationshipKeys.relationship(userId, otherUserId),
        UpdateExpression: 'SET lastMessage = :message',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(lastMessage) OR lastMessage.sentAt <= :sentAt)',
        ExpressionAttributeValues: { ':message': message, ':sentAt': message.sentAt },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/**
 * A conversation waiting for its member: the latest message is the other's, newer than this side's read marker,
 * and the two are still unblocked partners (a blocked member's messages never count).
 */
export const hasUnreadMessages = (relationship: Relationship): boolean =>
  relationship.state === 'partners' &&
  !isBlocked(relationship) &&
  relationship.lastMessage !== null &&
  relationship.lastMessage.senderId !== relationship.userId &&
  (relationship.lastReadAt === null || relationship.lastMessage.sentAt > relationship.lastReadAt);

/** How many of the member's conversations wait for them: one Query of their own relationship items. */
export async function countUnreadConversations(userId: string): Promise<number> {
  return (await listRelationships(userId)).filter(hasUnreadMessages).length;
}

/**
 * Moves the member's own read marker for one conversation to `readAt`. Idempotent and never backwards: a retried
 * or late request with an older time changes nothing. Only the caller's side (pk USER#<caller>) is written.
 */
export async function markConversationRead(userId: string, otherUserId: string, readAt: string): Promise<void> {
  await writeIfCondition(
    new UpdateCommand({
      TableName: tableName('social'),
      Key: relationshipKeys.relationship(userId, otherUserId),
      UpdateExpression: 'SET lastReadAt = :readAt',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastReadAt) OR lastReadAt < :readAt)',
      ExpressionAttributeValues: { ':readAt': readAt },
    }),
  );
}

/** Removes both sides of the member's relationship with each of `otherUserIds` (account erasure); returns the items removed. */
export async function deleteRelationshipPairs(userId: string, otherUserIds: readonly string[]): Promise<number> {
  const items = otherUserIds.flatMap((otherUserId) => [
    relationshipKeys.relationship(userId, otherUserId),
    relationshipKeys.relationship(otherUserId, userId),
  ]);
  await batchWriteAll(
    tableName('social'),
    items.map((Key) => ({ DeleteRequest: { Key } })),
  );
  return items.length;
}
