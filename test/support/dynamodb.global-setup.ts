import type { TestProject } from 'vitest/node';
import { startLocalDynamo } from '../../infra/local/dynamodb';
import { freePort } from '../../infra/local/ports';
import { raiseDefaultStravaLimits } from './strava-default-config';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEnv: Record<string, string>;
  }
}

/** One in-memory DynamoDB Local for the whole run, with every table created from the shared definitions. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dynamo = await startLocalDynamo({ port: await freePort(), tablePrefix: 'test' });
  await raiseDefaultStravaLimits(dynamo.env);
  project.provide('dynamoEnv', dynamo.env);
  return () => dynamo.stop();
}
