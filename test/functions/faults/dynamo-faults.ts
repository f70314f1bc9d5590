import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../../../functions/lib/dynamo';

/**
 * Faults injected into the process's one DynamoDB client (functions/lib/dynamo.ts), below the repositories and
 * at the level the real service would produce them:
 * - `throttle` / `timeout`: an attempt fails with ProvisionedThroughputExceededException / a TimeoutError, inside
 *   the SDK's retry loop (so the client's own retries see it, as with the real service);
 * - `unprocessed`: a BatchWriteItem or BatchGetItem really processes only part of its request and returns the rest
 *   as UnprocessedItems / UnprocessedKeys, as DynamoDB does under load. Dropped items are never written unless the
 *   caller retries them.
 */
export interface DynamoFaultPlan {
  /** Decides, per attempt of a command (e.g. 'BatchWriteItemCommand'), whether it fails and how. */
  attempt?: (commandName: string, attemptNumber: number) => 'throttle' | 'timeout' | null;
  /** For batch calls: how many of the request's entries (per table) to process; the rest come back unprocessed. */
  processOnly?: (commandName: string, requested: number) => number;
}

export interface InjectedFaults {
  /** Failures thrown so far, by kind. */
  thrown: { throttle: number; timeout: number };
  /** Entries handed back as unprocessed so far. */
  handedBack: number;
  remove(): void;
}

export function injectDynamoFaults(plan: DynamoFaultPlan): InjectedFaults {
  const stack = dynamo().middlewareStack;
  // The context object is one per send() and shared by its attempts, so it counts them.
  const attempts = new WeakMap<object, number>();
  const state: InjectedFaults = {
    thrown: { throttle: 0, timeout: 0 },
    handedBack: 0,
    remove() {
      stack.remove('testAttemptFaults');
      stack.remove('testUnprocessedFaults');
    },
  };

  stack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? '';
      const attempt = (attempts.get(context) ?? 0) + 1;
      attempts.set(context, attempt);
      const fault = plan.attempt?.(name, attempt) ?? null;
      if (fault === 'throttle') {
        state.thrown.throttle++;
        throw new ProvisionedThroughputExceededException({
          message: 'Injected: the level of configured provisioned throughput for the table was exceeded.',
          $metadata: {},
        });
      }
      if (fault === 'timeout') {
        state.thrown.timeout++;
        throw Object.assign(new Error('Injected: socket timed out'), { name: 'TimeoutError' });
      }
      return next(args);
    },
    { step: 'finalizeRequest', priority: 'low', name: 'testAttemptFaults' },
  );

  stack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? '';
      const input = (args as { input: Record<string, unknown> }).input;
      if (!plan.processOnly || (name !== 'BatchWriteItemCommand' && name !== 'BatchGetItemCommand')) return next(args);
      const isWrite = name === 'BatchWriteItemCommand';
      const requestItems = input.RequestItems as Record<string, unknown>;
      const kept: Record<string, unknown> = {};
      const dropped: Record<string, unknown> = {};
      for (const [table, request] of Object.entries(requestItems)) {
        const entries = (isWrite ? request : (request as { Keys: unknown[] }).Keys) as unknown[];
        const count = Math.max(1, Math.min(entries.length, plan.processOnly(name, entries.length)));
        const [now, later] = [entries.slice(0, count), entries.slice(count)];
        kept[table] = isWrite ? now : { ...(request as object), Keys: now };
        if (later.length) {
          dropped[table] = isWrite ? later : { ...(request as object), Keys: later };
          state.handedBack += later.length;
        }
      }
      const result = await next({ ...args, input: { ...input, RequestItems: kept } });
      const output = result.output as Record<string, unknown>;
      const key = isWrite ? 'UnprocessedItems' : 'UnprocessedKeys';
      output[key] = { ...((output[key] as object | undefined) ?? {}), ...dropped };
      return result;
    },
    { step: 'initialize', priority: 'high', name: 'testUnprocessedFaults' },
  );

  return state;
}
