import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../functions/lib/dynamo';
import type { TableAccessMap } from '../../functions/shared/routes';
import { tableEnvVar } from '../../functions/shared/tables';
import { guardTableAccess, withTableAccess } from '../../infra/local/table-access-guard';

const table = (id: 'users' | 'social') => process.env[tableEnvVar(id)]!;
const key = { pk: `GUARD#${Math.random().toString(36).slice(2)}`, sk: 'ITEM' };
const asRoute = (access: TableAccessMap, work: () => Promise<unknown>, isPublic = false) =>
  withTableAccess({ id: 'a-route', access, public: isPublic }, work);

beforeAll(() => guardTableAccess(dynamo()));

describe("the local host's table access: what the route's IAM role allows on AWS, and nothing else", () => {
  it('refuses a write to a table the route declared read-only, and allows it when declared', async () => {
    const put = () => dynamo().send(new PutCommand({ TableName: table('users'), Item: key }));
    await expect(asRoute({ users: 'read' }, put)).rejects.toMatchObject({ name: 'AccessDeniedException' });
    const stored = await dynamo().send(new GetCommand({ TableName: table('users'), Key: key }));
    expect(stored.Item).toBeUndefined();
    await expect(asRoute({ users: 'write' }, put)).resolves.toBeDefined();
  });

  it('refuses a query on an index the route did not declare, and a table it did not name', async () => {
    const query = () =>
      dynamo().send(
        new QueryCommand({
          TableName: table('social'),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': key.pk },
        }),
      );
    await expect(asRoute({ social: 'write' }, query)).rejects.toMatchObject({ name: 'AccessDeniedException' });
    await expect(asRoute({ users: 'write' }, query)).rejects.toMatchObject({ name: 'AccessDeniedException' });
    await expect(asRoute({ social: { mode: 'read', indexes: ['gsi1'] } }, query)).resolves.toBeDefined();
  });

  it("reads each table of a transaction with the item's own action: a condition check needs only read", async () => {
    const transaction = () =>
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: { TableName: table('social'), Key: key, ConditionExpression: 'attribute_not_exists(pk)' },
            },
            { Put: { TableName: table('users'), Item: { ...key, sk: 'OTHER' } } },
          ],
        }),
      );
    await expect(asRoute({ social: 'read', users: 'read' }, transaction)).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
    await expect(asRoute({ social: 'read', users: 'write' }, transaction)).resolves.toBeDefined();
  });

  it('gives every signed-in route the account-status GetItem on users, and a public route nothing it did not declare', async () => {
    const get = () => dynamo().send(new GetCommand({ TableName: table('users'), Key: key }));
    await expect(asRoute({}, get)).resolves.toBeDefined();
    await expect(asRoute({}, get, true)).rejects.toMatchObject({ name: 'AccessDeniedException' });
  });

  it('records a refusal the work caught and went on from, which callRoute turns into a failed test', async () => {
    const refused: string[] = [];
    const bestEffort = async () => {
      await dynamo()
        .send(new PutCommand({ TableName: table('users'), Item: key }))
        .catch(() => undefined);
      return 'answered';
    };
    await expect(
      withTableAccess({ id: 'a-route', access: { users: 'read' }, public: false }, bestEffort, refused),
    ).resolves.toBe('answered');
    expect(refused).toEqual([
      expect.stringMatching(/^a-route is not authorized to perform: dynamodb write on table users/),
    ]);
  });
});
