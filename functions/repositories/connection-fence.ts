import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import { NotFoundError } from '../lib/errors';
import type { ProviderType } from '../shared/schemas/activity';
import { keys } from './keys';

/**
 * What a write made on behalf of a connection requires of it: still active and still the same connection
 * (`generation`, set fresh at every connect and removed at disconnect), or, with `generation: null`, not active.
 * Writes fenced this way commit only together with that check (one transaction), so once a disconnect has changed the
 * connection item nothing fenced on the old state can land, whatever the writer read or cached before.
 */
export interface ConnectionFence {
  userId: string;
  provider: ProviderType;
  generation: string | null;
}

/** The connection a fenced write required has ended or been replaced: the job stops, having written nothing. */
export class ConnectionEndedError extends NotFoundError {
  constructor(readonly provider: ProviderType) {
    super('This connection has ended.');
  }
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
export type FencedWrite = Pick<TransactItem, 'Put' | 'Delete' | 'Update'>;

/*
 * AWS TransactWriteItems (API reference, read 2026-11-28): up to 100 actions, no two on the same item, the items'
 * aggregate size at most 4 MB. A chunk leaves room for the checks and stays well under the size.
 */
const MAX_ACTIONS = 100;
const MAX_CHUNK_BYTES = 3_000_000;
const MAX_CONFLICT_RETRIES = 10;

function conditionCheck(fence: ConnectionFence): TransactItem {
  const base = { TableName: tableName('connections'), Key: keys.connection(fence.userId, fence.provider) };
  return fence.generation === null
    ? {
        ConditionCheck: {
          ...base,
          ConditionExpression: 'attribute_not_exists(pk) OR is_active <> :true',
          ExpressionAttributeValues: { ':true': true },
        },
      }
    : {
        ConditionCheck: {
          ...base,
          ConditionExpression: 'is_active = :true AND generation = :generation',
          ExpressionAttributeValues: { ':true': true, ':generation': fence.generation },
        },
      };
}

const approximateBytes = (write: FencedWrite) => JSON.stringify(write).length;

/**
 * Writes `writes` in transactions of at most 100 actions, each one carrying a check of every fence. Throws
 * ConnectionEndedError (naming the first fence that failed) when a check fails: that chunk and every later one are not
 * written. A transaction that lost a race with another write of the same items is retried.
 */
export async function writeFenced(fences: readonly ConnectionFence[], writes: readonly FencedWrite[]): Promise<void> {
  const checks = fences.map(conditionCheck);
  const room = MAX_ACTIONS - checks.length;
  let chunk: FencedWrite[] = [];
  let bytes = 0;
  for (const write of writes) {
    const size = approximateBytes(write);
    if (chunk.length >= room || (chunk.length > 0 && bytes + size > MAX_CHUNK_BYTES)) {
      await transact(fences, [...checks, ...chunk]);
      chunk = [];
      bytes = 0;
    }
    chunk.push(write);
    bytes += size;
  }
  if (chunk.length > 0) await transact(fences, [...checks, ...chunk]);
}

async function transact(fences: readonly ConnectionFence[], items: TransactItem[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      const failed = fences.findIndex((_, i) => codes[i] === 'ConditionalCheckFailed');
      if (failed >= 0) throw new ConnectionEndedError(fences[failed]!.provider);
      if (codes.includes('ConditionalCheckFailed') || attempt >= MAX_CONFLICT_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(500, 10 * 2 ** attempt) * (0.5 + Math.random())));
    }
  }
}

function cancellationCodes(error: unknown): string[] | undefined {
  if (
    error instanceof TransactionCanceledException ||
    (error instanceof Error && error.name === 'TransactionCanceledException')
  )
    return ((error as TransactionCanceledException).CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
  return undefined;
}
