import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { TABLES, tableEnvVar } from '../../functions/shared/tables';
import { createTables, localDynamoClient, physicalTableName } from '../../infra/local/dynamodb';
import { raiseDefaultStravaLimits } from './strava-default-config';

/**
 * Gives the calling test file its own tables for its run. For suites that act on a whole table, like the retention
 * purge's Scan: on the shared tables, their purge would delete other files' fixtures, and theirs would be deleted
 * by another file's purge run with another clock, whenever the files run at the same time.
 */
export function useOwnTables(): void {
  let restore = () => {};
  beforeAll(async () => {
    restore = await createOwnTables();
  });
  afterAll(() => restore());
}

/**
 * Creates a fresh set of tables (prefix `<label>-<random>`) in the run's DynamoDB Local and points the table
 * environment variables at them; returns how to point them back. For harnesses that set up outside a `beforeAll`
 * of their own (test/local/fuzz/harness.ts); test files call `useOwnTables()`.
 */
export async function createOwnTables(label = 'own'): Promise<() => void> {
  const previous: Record<string, string | undefined> = {};
  const prefix = `${label}-${randomUUID().slice(0, 8)}`;
  await createTables(localDynamoClient(process.env.DYNAMODB_ENDPOINT!), prefix, TABLES, { expireItems: false });
  for (const table of TABLES) {
    const name = tableEnvVar(table.id);
    previous[name] = process.env[name];
    process.env[name] = physicalTableName(prefix, table);
  }
  await raiseDefaultStravaLimits(process.env as Record<string, string>);
  return () => {
    for (const [name, value] of Object.entries(previous)) process.env[name] = value;
  };
}
