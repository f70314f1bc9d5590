import { randomUUID } from 'node:crypto';
import {
  DeleteTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  ListTablesCommand,
  PutItemCommand,
  QueryCommand,
  type DynamoDBClient,
  type GlobalSecondaryIndexDescription,
} from '@aws-sdk/client-dynamodb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TABLES, type IndexDefinition, type TableDefinition } from '../../../functions/shared/tables';
import {
  createTables,
  localDynamoClient,
  physicalTableName,
  startLocalDynamo,
  type LocalDynamo,
} from '../../../infra/local/dynamodb';
import { freePort } from '../../../infra/local/ports';

const activities = TABLES.find((table) => table.id === 'activities')!;

/**
 * The activities table as a developer's data folder may hold it, from before its later indexes: its first index only
 * (none while the definition has just one, so that there is always an index to add).
 */
const olderActivities: TableDefinition = {
  ...activities,
  indexes: activities.indexes.length > 1 ? activities.indexes.slice(0, 1) : [],
};
const addedIndexes = activities.indexes.slice(olderActivities.indexes.length);

/** What DescribeTable says of an index, in the terms the definitions use; attribute order is DynamoDB's own. */
function indexShape(index: GlobalSecondaryIndexDescription) {
  return {
    name: index.IndexName,
    keySchema: index.KeySchema,
    projection: index.Projection?.ProjectionType,
    nonKeyAttributes: [...(index.Projection?.NonKeyAttributes ?? [])].sort(),
  };
}

function definedShape(index: IndexDefinition) {
  return {
    name: index.name,
    keySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' },
      { AttributeName: index.sortKey, KeyType: 'RANGE' },
    ],
    projection: index.nonKeyAttributes ? 'INCLUDE' : 'ALL',
    nonKeyAttributes: [...(index.nonKeyAttributes ?? [])].sort(),
  };
}

async function indexesOf(client: DynamoDBClient, TableName: string) {
  const { Table } = await client.send(new DescribeTableCommand({ TableName }));
  return (Table?.GlobalSecondaryIndexes ?? []).map(indexShape).sort((a, b) => a.name!.localeCompare(b.name!));
}

describe('createTables on a database that already has the tables', () => {
  let dynamo: LocalDynamo;
  let client: DynamoDBClient;
  let prefix: string;

  beforeAll(async () => {
    dynamo = await startLocalDynamo({ port: await freePort(), tablePrefix: 'infra-local', shortLived: true });
    client = localDynamoClient(dynamo.endpoint);
  });
  afterAll(async () => {
    client?.destroy();
    await dynamo?.stop();
  });
  beforeEach(() => {
    prefix = `test-${randomUUID().slice(0, 8)}`;
  });
  // DynamoDB Local keeps a thread busy for every table with TTL, from the pool that builds added indexes
  // (infra/local/dynamodb.ts, createTables): a test's leftover tables could starve the next test's index builds.
  afterEach(async () => {
    const { TableNames = [] } = await client.send(new ListTablesCommand({}));
    for (const TableName of TableNames.filter((name) => name.startsWith(`${prefix}-`))) {
      await client.send(new DeleteTableCommand({ TableName }));
    }
  });

  it('adds every index the definition gained since the table was created, and a Query on them finds the old items', async () => {
    const TableName = physicalTableName(prefix, activities);
    await createTables(client, prefix, [olderActivities]);
    const indexKeys = Object.fromEntries(
      activities.indexes.flatMap((index) => [
        [index.partitionKey, { S: 'USER#upgrade' }],
        [index.sortKey, { S: `${index.name}-order` }],
      ]),
    );
    // Written before the upgrade, like a developer's stored activities: the new indexes must be backfilled with it.
    await client.send(
      new PutItemCommand({
        TableName,
        Item: { pk: { S: 'ACTIVITY#1' }, sk: { S: 'ACTIVITY#1' }, ...indexKeys, name: { S: 'Morning ride' } },
      }),
    );

    const reported = await createTables(client, prefix);

    expect(addedIndexes.length).toBeGreaterThan(0);
    expect(reported).toEqual(addedIndexes.map((index) => ({ table: 'activities', index: index.name })));
    expect(await createTables(client, prefix)).toEqual([]);
    expect(await indexesOf(client, TableName)).toEqual(
      activities.indexes.map(definedShape).sort((a, b) => a.name.localeCompare(b.name)),
    );
    const foundByIndex: Record<string, (string | undefined)[] | undefined> = {};
    for (const index of addedIndexes) {
      const { Items } = await client.send(
        new QueryCommand({
          TableName,
          IndexName: index.name,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': index.partitionKey },
          ExpressionAttributeValues: { ':pk': { S: 'USER#upgrade' } },
        }),
      );
      foundByIndex[index.name] = Items?.map((item) => item.pk?.S);
    }
    expect(foundByIndex).toEqual(Object.fromEntries(addedIndexes.map((index) => [index.name, ['ACTIVITY#1']])));
  });

  it('leaves alone the indexes the definition no longer lists and the projections of those it still does', async () => {
    const TableName = physicalTableName(prefix, activities);
    const projectingAll = activities.indexes.map((index) => ({ ...index, nonKeyAttributes: undefined }));
    await createTables(client, prefix, [{ ...activities, indexes: projectingAll }]);
    const before = await indexesOf(client, TableName);

    await createTables(client, prefix, [olderActivities]);
    await createTables(client, prefix);

    expect(before.map((index) => index.projection)).toEqual(activities.indexes.map(() => 'ALL'));
    expect(await indexesOf(client, TableName)).toEqual(before);
  });

  it('turns TTL on as the CDK app does, and leaves it off for a test run whose items carry its own fixed dates', async () => {
    const ttlStatus = async (TableName: string) =>
      (await client.send(new DescribeTimeToLiveCommand({ TableName }))).TimeToLiveDescription;
    await createTables(client, prefix, [activities]);
    await createTables(client, `${prefix}-tests`, [activities], { expireItems: false });

    expect(await ttlStatus(physicalTableName(prefix, activities))).toMatchObject({
      TimeToLiveStatus: 'ENABLED',
      AttributeName: activities.ttlAttribute,
    });
    expect((await ttlStatus(physicalTableName(`${prefix}-tests`, activities)))?.TimeToLiveStatus).toBe('DISABLED');
  });
});
