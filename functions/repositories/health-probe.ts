import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import { TABLE_IDS, type TableId } from '../shared/tables';
import type { z } from 'zod';
import type { TableHealth } from '../shared/schemas/health';
import { keys } from './keys';

const PROBE_TIMEOUT_MS = 2000;

/** Reads a key that never exists from each table: the cheapest real round trip. */
export async function probeTables(clock: () => number = Date.now): Promise<z.infer<typeof TableHealth>[]> {
  return Promise.all(TABLE_IDS.map((table) => probeTable(table, clock)));
}

async function probeTable(table: TableId, clock: () => number): Promise<z.infer<typeof TableHealth>> {
  const started = clock();
  try {
    await dynamo().send(new GetCommand({ TableName: tableName(table), Key: keys.healthProbe() }), {
      abortSignal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return { table, reachable: true, latencyMs: clock() - started };
  } catch (error) {
    return { table, reachable: false, latencyMs: clock() - started, error: describe(error) };
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.name === 'Error' ? error.message : error.name;
  return 'unreachable';
}
