/**
 * `npm start`: the whole product on this machine, no AWS account, no Docker.
 * Ports: PORT (3000), DYNAMODB_PORT (8000), COGNITO_PORT (9229). State: .data/ (git-ignored), or TRAILBUDDY_DATA_DIR.
 */
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { claimDataDir } from './data-dir-lock';
import { configuredPort } from './ports';
import { startLocalStack, type LocalStack } from './stack';

const rootDir = resolve(fileURLToPath(import.meta.url), '../../..');

// Node 20 is this project's local runtime by decision (Lambda runs 22); the SDK's upgrade notice is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

async function main(): Promise<void> {
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  if (major < 20 || (major === 20 && minor < 19))
    throw new Error(`Node.js 20.19 or newer is required; this is ${process.version}.`);

  // Real Strava credentials may live in .env (git-ignored); without them the simulator stands in.
  if (existsSync(resolve(rootDir, '.env'))) process.loadEnvFile(resolve(rootDir, '.env'));
  const stravaCredentials =
    process.env.STRAVA_CLIENT_ID && process.env.STRAVA_CLIENT_SECRET
      ? { clientId: process.env.STRAVA_CLIENT_ID, clientSecret: process.env.STRAVA_CLIENT_SECRET }
      : undefined;
  const googleCredentials =
    process.env.GOOGLE_CLIENT_ID && process.env.GOOGLE_CLIENT_SECRET
      ? { clientId: process.env.GOOGLE_CLIENT_ID, clientSecret: process.env.GOOGLE_CLIENT_SECRET }
      : undefined;
  const portFromEnv = (name: string, fallback: number) => configuredPort(name, process.env[name], fallback);
  const port = await portFromEnv('PORT', 3000);
  const dynamoPort = await portFromEnv('DYNAMODB_PORT', 8000);
  const cognitoPort = await portFromEnv('COGNITO_PORT', 9229);
  const stravaPort = await portFromEnv('STRAVA_SIMULATOR_PORT', 4100);
  const googlePort = await portFromEnv('GOOGLE_SIMULATOR_PORT', 4200);
  const emailPort = await portFromEnv('EMAIL_PORT', 8005);
  const dataDir = resolve(rootDir, process.env.TRAILBUDDY_DATA_DIR || '.data');
  const releaseDataDir = claimDataDir(dataDir, `http://localhost:${port}`);
  process.on('exit', releaseDataDir);
  console.log('Starting TrailBuddy locally…');

  const starting = startLocalStack({
    rootDir,
    port,
    dynamoPort,
    cognitoPort,
    stravaPort,
    ...(stravaCredentials ? { stravaCredentials } : {}),
    googlePort,
    emailPort,
    ...(googleCredentials ? { googleCredentials } : {}),
    dataDir,
    runSchedules: true,
    // The per-IP limits WAF applies on AWS; EDGE_RATE_LIMITS=off for a local load test from one machine.
    edgeRateLimits: process.env.EDGE_RATE_LIMITS !== 'off',
    log: (line) => console.log(line),
  });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping DynamoDB Local, the Cognito emulator and the web server…`);
    // A stack still starting is awaited, so no child process outlives us.
    const stack: LocalStack | undefined = await starting.catch(() => undefined);
    await stack?.stop();
    console.log('Stopped. Nothing left running.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));

  const stack = await starting;
  if (stopping) return;

  console.log(
    [
      '',
      `  TrailBuddy is running at ${stack.url}`,
      '',
      `  Web app + API (same origin)   ${stack.url}  (API under ${stack.url}/api, health: ${stack.url}/api/health)`,
      `  DynamoDB Local                ${stack.dynamo.endpoint}  (data in ${relative(rootDir, dataDir)}/dynamodb)`,
      `  Cognito emulator              ${stack.cognito.endpoint}  (pool ${stack.cognito.userPoolId}, data in ${relative(rootDir, dataDir)}/cognito)`,
      stack.strava
        ? `  Strava simulator              ${stack.strava.url}  (set STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET in .env to use real Strava)`
        : '  Strava                        https://www.strava.com  (real credentials from STRAVA_CLIENT_ID / STRAVA_CLIENT_SECRET)',
      stack.google
        ? `  Google simulator              ${stack.google.url}  (Google Health API v4; set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET in .env to use real Google)`
        : '  Google Health                 https://health.googleapis.com  (real credentials from GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET)',
      `  Email inbox (SES v2 emulator)  ${stack.email.url}  (every email the app sends: trip plans, alerts, notifications)`,
      '',
      '  Codes the pool would email are printed here: "[cognito] confirmation code for …" (sign-up, resend),',
      '  "[cognito] password reset code for …" and "[cognito] email verification code for …".',
      '  Press Ctrl-C to stop everything.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(`\nCould not start TrailBuddy: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
