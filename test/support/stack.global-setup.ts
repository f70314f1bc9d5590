import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../infra/local/ports';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { chromiumPath } from './chromium';
import { shareAcrossProjects } from './shared-across-projects';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: {
      url: string;
      stravaUrl: string;
      googleUrl: string;
      cognitoEndpoint: string;
      cognitoDataDir: string;
      userPoolId: string;
      clientId: string;
      dynamoEnv: Record<string, string>;
      /** The SES v2 emulator the functions send to (its inbox JSON at /store). */
      emailUrl: string;
      /** The local push service (infra/local/simulators/push), steered under /__simulator/. */
      pushUrl: string;
      /** What the push-outbox job reads (the VAPID pair, a throwaway one per run), so a test can run it. */
      pushEnv: Record<string, string>;
    };
  }
}

async function startStack(): Promise<LocalStack> {
  return startLocalStack({
    rootDir: resolve(import.meta.dirname, '../..'),
    port: await freePort(),
    dynamoPort: await freePort(),
    cognitoPort: await freePort(),
    // The journeys compare screens with the activities held (the last 30 days). With older history the year
    // backfill adds it to the totals; the journey that tests the backfill adds its older activities itself.
    stravaHistoryDays: 29,
    shortLived: true,
  });
}

function pushJobEnv(): Record<string, string> {
  const names = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT', 'LOCAL_PUSH_SERVICE_URL', 'SITE_URL'];
  return Object.fromEntries(names.map((name) => [name, process.env[name] ?? '']));
}

/**
 * The whole local stack (in-memory DynamoDB Local, a throwaway emulator pool, the built SPA) on free ports. The
 * browser projects (e2e, e2e-parallel) both list this file and share it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  chromiumPath(); // fail fast, with install instructions, before starting anything
  const { service: stack, release } = await shareAcrossProjects('local-stack', startStack);
  project.provide('stack', {
    url: stack.url,
    stravaUrl: stack.strava?.url ?? '',
    googleUrl: stack.google?.url ?? '',
    cognitoEndpoint: stack.cognito.endpoint,
    cognitoDataDir: stack.cognito.dataDir,
    userPoolId: stack.cognito.userPoolId,
    clientId: stack.cognito.clientId,
    dynamoEnv: stack.dynamo.env,
    emailUrl: stack.email.url,
    pushUrl: stack.push.url,
    pushEnv: pushJobEnv(),
  });
  return release;
}
