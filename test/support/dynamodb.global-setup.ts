import type { TestProject } from 'vitest/node';
import { startLocalDynamo, type LocalDynamo } from '../../infra/local/dynamodb';
import { freePort } from '../../infra/local/ports';
import { shareAcrossProjects } from './shared-across-projects';
import { raiseDefaultStravaLimits } from './strava-default-config';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEnv: Record<string, string>;
  }
}

async function startDynamo(): Promise<LocalDynamo> {
  const dynamo = await startLocalDynamo({
    port: await freePort(),
    tablePrefix: 'test',
    shortLived: true,
    expireItems: false,
  });
  await raiseDefaultStravaLimits(dynamo.env);
  return dynamo;
}

/**
 * One in-memory DynamoDB Local for the whole run, with every table created from the shared definitions, shared by
 * both back-end projects (functions, functions-isolated) that list this file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { service: dynamo, release } = await shareAcrossProjects('dynamodb', startDynamo);
  project.provide('dynamoEnv', dynamo.env);
  return release;
}
