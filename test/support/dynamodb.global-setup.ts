import type { TestProject } from 'vitest/node';
import { startLocalDynamo } from '../../infra/local/dynamodb';
import { freePort } from '../../infra/local/ports';
import { raiseDefaultStravaLimits } from './strava-default-config';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEnv: Record<string, string>;
  }
}

type LocalDynamo = Awaited<ReturnType<typeof startLocalDynamo>>;

/** The one DynamoDB Local of this vitest run, shared by the projects that list this file (see setup). */
const shared = globalThis as typeof globalThis & { trailbuddyDynamo?: { dynamo: Promise<LocalDynamo>; users: number } };

async function startDynamo(): Promise<LocalDynamo> {
  const dynamo = await startLocalDynamo({ port: await freePort(), tablePrefix: 'test', shortLived: true });
  await raiseDefaultStravaLimits(dynamo.env);
  return dynamo;
}

/**
 * One in-memory DynamoDB Local for the whole run, with every table created from the shared definitions. Both
 * back-end projects (functions, functions-isolated) list this file: global setups run in vitest's main process, so
 * the first starts it, the second shares it, and the last one's teardown stops it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.trailbuddyDynamo ??= { dynamo: startDynamo(), users: 0 };
  const entry = shared.trailbuddyDynamo;
  entry.users++;
  const dynamo = await entry.dynamo;
  project.provide('dynamoEnv', dynamo.env);
  return async () => {
    if (--entry.users > 0) return;
    delete shared.trailbuddyDynamo;
    await dynamo.stop();
  };
}
