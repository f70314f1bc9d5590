import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { tableName } from '../../../functions/lib/config';
import { dynamo } from '../../../functions/lib/dynamo';
import { writeIfCondition } from '../../../functions/repositories/batch';

const key = () => ({ pk: `TEST#${randomUUID()}`, sk: 'WRITE_IF_CONDITION' });
const read = async (k: Record<string, string>) =>
  (await dynamo().send(new GetCommand({ TableName: tableName('rateLimits'), Key: k, ConsistentRead: true }))).Item;

describe('writeIfCondition', () => {
  it('answers true for a write that happened and false for one its condition refused, which changed nothing', async () => {
    const k = key();
    const putOnce = () =>
      writeIfCondition(
        new PutCommand({
          TableName: tableName('rateLimits'),
          Item: { ...k, count: 1 },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    expect(await putOnce()).toBe(true);
    expect(await putOnce()).toBe(false);

    const raiseTo = (count: number) =>
      writeIfCondition(
        new UpdateCommand({
          TableName: tableName('rateLimits'),
          Key: k,
          UpdateExpression: 'SET #count = :count',
          ConditionExpression: '#count < :count',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':count': count },
        }),
      );
    expect(await raiseTo(5)).toBe(true);
    expect(await raiseTo(3)).toBe(false);
    expect(await read(k)).toMatchObject({ count: 5 });

    const deleteAt = (count: number) =>
      writeIfCondition(
        new DeleteCommand({
          TableName: tableName('rateLimits'),
          Key: k,
          ConditionExpression: '#count = :count',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':count': count },
        }),
      );
    expect(await deleteAt(4)).toBe(false);
    expect(await read(k)).toBeDefined();
    expect(await deleteAt(5)).toBe(true);
    expect(await read(k)).toBeUndefined();
  });

  it('throws every other failure', async () => {
    await expect(
      writeIfCondition(
        new PutCommand({ TableName: 'no-such-table', Item: key(), ConditionExpression: 'attribute_not_exists(pk)' }),
      ),
    ).rejects.toThrow();
  });
});
