import {
  DEFAULT_STRIPE_WEBHOOK_SECRET,
  startStripeSimulator,
  type StripeSimulator,
} from '../../../infra/local/simulators/stripe';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../functions/lib/dynamo';
import { inputSchemasOf, type RouteInputSchemas } from '../../../functions/lib/http';
import type { RouteDefinition } from '../../../functions/shared/routes';
import { TABLES, tableEnvVar } from '../../../functions/shared/tables';
import { createApiHost, type ApiResponse } from '../../../infra/local/api-host';
import { startLocalImportQueue } from '../../../infra/local/import-queue';
import { createJwtAuthorizer } from '../../../infra/local/jwt-authorizer';
import {
  DEFAULT_GOOGLE_CLIENT,
  startGoogleSimulator,
  type GoogleSimulator,
} from '../../../infra/local/simulators/google';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import { startStrava } from '../../functions/strava/helpers';
import { startTestIssuer } from '../../support/jwt';
import { createOwnTables } from '../../support/own-tables';

export const ROOT_DIR = fileURLToPath(new URL('../../..', import.meta.url));
export const AUDIENCE = 'fuzz-client';

/**
 * Everything the suites under test/local/ need to attack the real API host in-process: tables of their own
 * (a fresh prefix in the run's DynamoDB Local, so a full scan sees only this file's data even while other
 * test files write), a JWT issuer the host's authorizer trusts, the Strava simulator, and the host itself
 * built from the shared route list, exactly as `npm start` builds it.
 */
export async function startApiUnderTest(routes: readonly RouteDefinition[]) {
  const restoreTables = await createOwnTables('attack');

  const issuer = await startTestIssuer();
  const strava: StravaSimulator = await startStrava();
  const google: GoogleSimulator = await startGoogleSimulator({ seed: 7 });
  // The same env the local stack gives the Google functions (infra/local/stack.ts).
  Object.assign(process.env, {
    GOOGLE_CLIENT_ID: DEFAULT_GOOGLE_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: DEFAULT_GOOGLE_CLIENT.clientSecret,
    GOOGLE_ACCOUNTS_BASE_URL: google.url,
    GOOGLE_OAUTH_BASE_URL: google.url,
    GOOGLE_HEALTH_API_BASE_URL: google.url,
  });
  // The Stripe simulator and the settings the local stack gives the billing functions (no webhook endpoint: the
  // attacks post to the webhook route themselves).
  const stripe: StripeSimulator = await startStripeSimulator();
  Object.assign(process.env, {
    STRIPE_API_URL: stripe.url,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: DEFAULT_STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_ID: stripe.price.id,
    SITE_URL: process.env.SITE_URL ?? 'http://localhost:3000',
  });
  const authorize = createJwtAuthorizer({ issuer: issuer.issuer, jwksUri: issuer.jwksUri, audience: [AUDIENCE] });
  const host = createApiHost({ routes, authorize, rootDir: ROOT_DIR });
  // Sync and connect put import jobs on the queue, as in the local stack (infra/local/stack.ts).
  const importQueue = startLocalImportQueue({ rootDir: ROOT_DIR, log: () => undefined, visibilityTimeoutMs: 10 });
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const idTokenClaims = (sub: string) => ({
    sub,
    email: `${sub}@example.com`,
    email_verified: true,
    token_use: 'id',
    aud: AUDIENCE,
    iss: issuer.issuer,
    iat: nowSeconds(),
    exp: nowSeconds() + 3600,
  });

  return {
    host,
    issuer,
    strava,
    google,
    importQueue,
    /** A signed-in user's ID token, as Cognito would issue it for the app client. */
    tokenFor: (sub: string) => issuer.sign(idTokenClaims(sub)),
    idTokenClaims,
    async stop() {
      importQueue.stop();
      await strava.stop();
      await google.stop();
      await stripe.stop();
      await issuer.close();
      restoreTables();
    },
  };
}

export type ApiUnderTest = Awaited<ReturnType<typeof startApiUnderTest>>;

/** The input schemas the route's handler declared through httpRoute (undefined if it declared none). */
export async function inputSchemasOfRoute(route: RouteDefinition): Promise<RouteInputSchemas | undefined> {
  const module = (await import(pathToFileURL(resolve(ROOT_DIR, route.entry)).href)) as { handler?: unknown };
  return inputSchemasOf(module.handler);
}

/** Every item of every table (this file's tables), in a stable order, for before/after comparison. */
export async function snapshotTables(): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {};
  for (const table of TABLES) {
    const items: string[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await dynamo().send(
        new ScanCommand({
          TableName: process.env[tableEnvVar(table.id)]!,
          ExclusiveStartKey: startKey,
          ConsistentRead: true,
        }),
      );
      for (const item of page.Items ?? []) items.push(stableJson(item));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    snapshot[table.id] = items.sort();
  }
  return snapshot;
}

/** What changed between two snapshots, as readable lines (empty when nothing did). */
export function snapshotDiff(before: Record<string, string[]>, after: Record<string, string[]>): string[] {
  const lines: string[] = [];
  for (const table of Object.keys(before)) {
    const was = new Set(before[table]);
    const is = new Set(after[table]);
    for (const item of is) if (!was.has(item)) lines.push(`${table} + ${item.slice(0, 400)}`);
    for (const item of was) if (!is.has(item)) lines.push(`${table} - ${item.slice(0, 400)}`);
  }
  return lines;
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Uint8Array) && !(v instanceof Set)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v instanceof Set
        ? [...(v as Set<unknown>)].sort()
        : v,
  );
}

/** Direct puts, for seeding a user's data in tables no route writes yet. */
export async function putItem(table: (typeof TABLES)[number]['id'], item: Record<string, unknown>): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: process.env[tableEnvVar(table)]!, Item: item }));
}

/** Stack frames or server paths in a response: what a rejection must never leak. */
const LEAK_PATTERNS: RegExp[] = [
  /\n\s*at\s/,
  /\bat\s+(?:async\s+)?[\w$.<>[\]]+\s+\((?:file:|node:|\/)/,
  /(?:file:\/\/|\/work\/|\/home\/|\/var\/task\/|\/opt\/)/,
  /node_modules/,
  /[\w-]+\.(?:ts|js|mjs|cjs):\d+(?::\d+)?/,
];

/**
 * Why a response breaks the robustness contract, or null: no 5xx; every 4xx is JSON `{ error: { code, message } }`
 * with strings in both; nothing that looks like a stack frame or a server path (unless the request itself sent it).
 */
export function contractViolation(response: ApiResponse, requestText: string): string | null {
  if (response.status >= 500) return `status ${response.status}`;
  const text = response.body.toString('utf8');
  for (const pattern of LEAK_PATTERNS) {
    const match = pattern.exec(text)?.[0];
    if (match && !requestText.includes(match.trim())) return `the response leaks ${JSON.stringify(match)}`;
  }
  if (response.status < 400) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `a ${response.status} whose body is not JSON: ${text.slice(0, 200)}`;
  }
  const error = (parsed as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (
    typeof error?.code !== 'string' ||
    typeof error.message !== 'string' ||
    error.code === '' ||
    error.message === ''
  ) {
    return `a ${response.status} that is not { error: { code, message } }: ${text.slice(0, 200)}`;
  }
  return null;
}
