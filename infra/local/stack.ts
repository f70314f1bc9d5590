import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { addMissingActivityOrderKeys } from '../../functions/repositories/activities';
import type { EnvSettings } from '../../functions/shared/env';
import { ROUTES, SCHEDULED_JOBS } from '../../functions/shared/routes';
import { routeFactsSetting } from '../../functions/shared/route-facts';
import type { RuntimeConfig } from '../../functions/shared/schemas/runtime-config';
import type { IncomingRequest } from './api-gateway-event';
import { createApiHost } from './api-host';
import { createEdgeRateLimiter } from './edge-rate-limiter';
import { startLocalCognito, type ConfirmationCodeMessage, type LocalCognito } from './cognito';
import { startLocalDynamo, type LocalDynamo } from './dynamodb';
import { startLocalEmail, type LocalEmail } from './email';
import { createJwtAuthorizer } from './jwt-authorizer';
import { attachLiveHost, LOCAL_LIVE_PATH } from './live-host';
import { startLocalImportQueue, type LocalImportQueue } from './import-queue';
import { startScheduler } from './scheduler';
import { DEFAULT_GOOGLE_CLIENT, startGoogleSimulator, type GoogleSimulator } from './simulators/google';
import { DEFAULT_STRIPE_WEBHOOK_SECRET, startStripeSimulator, type StripeSimulator } from './simulators/stripe';
import webpush from 'web-push';
import { startLocalPushService, type LocalPushService } from './simulators/push';
import { DEFAULT_CLIENT, startStravaSimulator, type StravaSimulator } from './simulators/strava';
import { assertWebBuilt, createSiteHandler } from './site';

/** API Gateway's payload limit; larger bodies never reach a Lambda. */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript)|image\/svg)/;

export interface LocalStackOptions {
  rootDir: string;
  port: number;
  dynamoPort: number;
  cognitoPort: number;
  /** The Strava simulator's port (0 = any free one). Ignored when real Strava credentials are given. */
  stravaPort?: number;
  /** Days of seeded history per simulated Strava athlete (the simulator's default: 182). */
  stravaHistoryDays?: number;
  /** Real Strava app credentials; without them the Strava simulator stands in for Strava. */
  stravaCredentials?: { clientId: string; clientSecret: string };
  /** The Google simulator's port (0 = any free one). Ignored when real Google credentials are given. */
  googlePort?: number;
  /** A real Google OAuth client (with the Google Health API enabled); without it the Google simulator stands in. */
  googleCredentials?: { clientId: string; clientSecret: string };
  /** The SES v2 emulator's port (0 = any free one); its page is the local inbox. */
  emailPort?: number;
  /** Where DynamoDB Local and the emulator keep state; omit for an in-memory, throwaway stack (tests). */
  dataDir?: string;
  /** A test run's stack: DynamoDB Local's JVM starts for minutes of traffic (SHORT_LIVED_JVM in ./dynamodb). */
  shortLived?: boolean;
  /** Run scheduled jobs on their EventBridge rates (on for `npm start`, off in tests). */
  runSchedules?: boolean;
  /**
   * Refuse a client IP's requests over the WAF rate-based limits (infra/constructs/edge-limits.ts) with 429, as on
   * AWS (on for `npm start`; off in tests and the bench, whose many requests all come from 127.0.0.1).
   */
  edgeRateLimits?: boolean;
  log?: (line: string) => void;
}

export interface LocalStack {
  url: string;
  dynamo: LocalDynamo;
  cognito: LocalCognito;
  /** Present when the simulator stands in for Strava. */
  strava: StravaSimulator | undefined;
  /** Present when the simulator stands in for Google (OAuth and the Google Health API). */
  google: GoogleSimulator | undefined;
  /** The Stripe simulator: Checkout, the portal and webhooks to /api/billing/webhook (nothing reaches Stripe). */
  stripe: StripeSimulator;
  /** The SES v2 emulator: every email the app sends lands in its inbox page. */
  email: LocalEmail;
  /** The local push service: stands in for the browser vendors' push services (infra/local/simulators/push). */
  push: LocalPushService;
  config: RuntimeConfig;
  /** The in-process stand-in for the SQS import queue. */
  importQueue: LocalImportQueue;
  stop(): Promise<void>;
}

/** DynamoDB Local + the Cognito emulator + one HTTP server for the SPA and /api, on one origin. */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? (() => undefined);
  const distDir = join(options.rootDir, 'web', 'dist');
  assertWebBuilt(distDir);

  const stateDir = options.dataDir ? resolve(options.dataDir) : undefined;
  const stoppers: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stoppers.splice(0).reverse()) await stop().catch(() => undefined);
  };
  try {
    const dynamo = await startLocalDynamo({
      port: options.dynamoPort,
      tablePrefix: 'trailbuddy-local',
      shortLived: options.shortLived ?? false,
      ...(stateDir ? { dataDir: join(stateDir, 'dynamodb') } : {}),
    });
    stoppers.push(() => dynamo.stop());
    Object.assign(process.env, dynamo.env);
    // Activities kept in the data folder from before an index of their table existed lack its keys: only then is a
    // Scan for them worth a start's time.
    if (dynamo.indexesAdded.some((added) => added.table === 'activities')) {
      const updated = await addMissingActivityOrderKeys();
      log(`[dynamodb] ${updated} stored activities got their sort-order keys`);
    }

    const cognitoDir = stateDir ? join(stateDir, 'cognito') : mkdtempSync(join(tmpdir(), 'trailbuddy-cognito-'));
    if (!stateDir) stoppers.push(async () => rmSync(cognitoDir, { recursive: true, force: true }));
    const cognito = await startLocalCognito({ port: options.cognitoPort, dataDir: cognitoDir });
    stoppers.push(() => cognito.stop());
    const codeNames = {
      'sign-up': 'confirmation code',
      'password-reset': 'password reset code',
      'email-verification': 'email verification code',
    } as const;
    cognito.codes.on('code', ({ email, code, purpose }: ConfirmationCodeMessage) =>
      log(`[cognito] ${codeNames[purpose]} for ${email}: ${code}`),
    );

    const siteUrl = `http://localhost:${options.port}`;
    const appSecret = stateDir ? persistentAppSecret(stateDir) : randomBytes(32).toString('base64url');
    let strava: StravaSimulator | undefined;
    let stravaClient: LocalStravaClient;
    if (options.stravaCredentials) {
      stravaClient = {
        ...options.stravaCredentials,
        oauthBaseUrl: 'https://www.strava.com/oauth',
        apiBaseUrl: 'https://www.strava.com/api/v3',
      };
    } else {
      strava = await startStravaSimulator({
        port: options.stravaPort ?? 0,
        host: '127.0.0.1',
        historyDays: options.stravaHistoryDays,
      });
      stoppers.push(() => strava!.stop());
      stravaClient = { ...DEFAULT_CLIENT, oauthBaseUrl: `${strava.url}/oauth`, apiBaseUrl: `${strava.url}/api/v3` };
    }
    let google: GoogleSimulator | undefined;
    let googleClient: LocalGoogleClient;
    if (options.googleCredentials) {
      googleClient = {
        ...options.googleCredentials,
        accountsBaseUrl: 'https://accounts.google.com',
        oauthBaseUrl: 'https://oauth2.googleapis.com',
        healthApiBaseUrl: 'https://health.googleapis.com',
      };
    } else {
      google = await startGoogleSimulator({ port: options.googlePort ?? 0, host: '127.0.0.1' });
      stoppers.push(() => google!.stop());
      googleClient = {
        ...DEFAULT_GOOGLE_CLIENT,
        accountsBaseUrl: google.url,
        oauthBaseUrl: google.url,
        healthApiBaseUrl: google.url,
      };
    }
    const stripe = await startStripeSimulator({
      webhook: { url: `${siteUrl}/api/billing/webhook`, secret: DEFAULT_STRIPE_WEBHOOK_SECRET },
    });
    stoppers.push(() => stripe.stop());
    const email = await startLocalEmail({ port: options.emailPort ?? 0 });
    stoppers.push(() => email.stop());
    const push = await startLocalPushService();
    stoppers.push(() => push.stop());
    Object.assign(
      process.env,
      localFunctionEnv({
        siteUrl,
        appSecret,
        userPoolId: cognito.userPoolId,
        cognitoEndpoint: cognito.endpoint,
        strava: stravaClient,
        google: googleClient,
        emailEndpoint: email.url,
        push: { vapid: stateDir ? persistentVapidKeys(stateDir) : webpush.generateVAPIDKeys(), serviceUrl: push.url },
        liveEndpoint: `http://127.0.0.1:${options.port}`,
        stripe: {
          apiUrl: stripe.url,
          secretKey: stripe.secretKey,
          webhookSecret: DEFAULT_STRIPE_WEBHOOK_SECRET,
          priceId: stripe.price.id,
        },
      }),
    );

    const config: RuntimeConfig = {
      mode: 'local',
      region: 'local',
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.clientId,
      userPoolEndpoint: cognito.endpoint,
      apiBaseUrl: '/api',
      liveUrl: LOCAL_LIVE_PATH,
    };
    const authorize = createJwtAuthorizer({
      issuer: cognito.issuer,
      jwksUri: cognito.jwksUri,
      audience: [cognito.clientId],
    });
    const api = createApiHost({
      routes: ROUTES,
      rootDir: options.rootDir,
      authorize,
      ...(options.edgeRateLimits ? { edgeRateLimiter: createEdgeRateLimiter() } : {}),
    });
    const site = createSiteHandler({ distDir, config });

    const server = createServer((req, res) => {
      void handle(req, res).catch((error: unknown) => {
        log(`[http] ${req.method} ${req.url} failed: ${error instanceof Error ? error.message : String(error)}`);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('Internal error');
      });
    });
    const live = attachLiveHost({ server, rootDir: options.rootDir, authorize, log });
    const handle = async (req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname.startsWith('/@connections/')) {
        const body = await readBody(req);
        if (body !== 'too-large' && live.handleManagement(req, res, body)) return;
        return send(req, res, 404, { 'content-type': 'application/json' }, Buffer.from('{"message":"Not Found"}'));
      }
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
        const body = await readBody(req);
        if (body === 'too-large')
          return send(
            req,
            res,
            413,
            { 'content-type': 'application/json' },
            Buffer.from(JSON.stringify({ message: 'Request Entity Too Large' })),
          );
        const request: IncomingRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          rawQueryString: url.search.slice(1),
          headers: req.headers,
          body,
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        };
        const response = await api(request);
        return send(req, res, response.status, response.headers, response.body);
      }
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return send(req, res, 405, { 'content-type': 'text/plain' }, Buffer.from('Method Not Allowed'));
      const response = await site(url.pathname);
      return send(req, res, response.status, response.headers, response.body, 'site');
    };

    await new Promise<void>((resolveListen, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new Error(`Port ${options.port} is already in use; set PORT to another port.`)
            : error,
        ),
      );
      server.listen(options.port, '127.0.0.1', () => resolveListen());
    });
    stoppers.push(
      () =>
        new Promise<void>((done) => {
          live.stop();
          server.close(() => done());
          server.closeAllConnections();
        }),
    );
    // Import jobs run in this process from the same SQS event shape the worker Lambda gets.
    const importQueue = startLocalImportQueue({ rootDir: options.rootDir, log });
    stoppers.push(async () => importQueue.stop());
    if (options.runSchedules) {
      const stopScheduler = startScheduler(SCHEDULED_JOBS, options.rootDir, log);
      stoppers.push(async () => stopScheduler());
    }

    return { url: siteUrl, dynamo, cognito, strava, google, stripe, email, push, config, importQueue, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

type LocalStravaClient = { clientId: string; clientSecret: string; oauthBaseUrl: string; apiBaseUrl: string };
type LocalGoogleClient = {
  clientId: string;
  clientSecret: string;
  accountsBaseUrl: string;
  oauthBaseUrl: string;
  healthApiBaseUrl: string;
};

/**
 * The settings the local host gives its functions (besides DynamoDB Local's endpoint and table names), under the
 * names of functions/shared/env.ts as the CDK does. USER_POOL_ID + COGNITO_ENDPOINT: DELETE /api/me deletes and
 * moderation disables users in the emulator, as Lambda does in Cognito. APPLE_SHORTCUT_URL passes through when set.
 * ROUTE_FACTS: this one process serves every route, so it gets every route's facts.
 */
export function localFunctionEnv(parts: {
  siteUrl: string;
  appSecret: string;
  userPoolId: string;
  cognitoEndpoint: string;
  strava: LocalStravaClient;
  google: LocalGoogleClient;
  emailEndpoint: string;
  /** Web Push: the VAPID key pair (the private key passed directly, as Secrets Manager holds it on AWS). */
  push?: { vapid: { publicKey: string; privateKey: string }; serviceUrl: string };
  /** Where functions push realtime events (the management API's `POST /@connections/{id}`, served by this host). */
  liveEndpoint: string;
  /** The Stripe simulator and its keys (on AWS the keys come from Secrets Manager). */
  stripe: { apiUrl: string; secretKey: string; webhookSecret: string; priceId: string };
}): EnvSettings {
  return {
    POWERTOOLS_SERVICE_NAME: 'trailbuddy',
    ...stravaEnv(parts.strava),
    ...googleEnv(parts.google),
    SITE_URL: parts.siteUrl,
    APP_SECRET: parts.appSecret,
    USER_POOL_ID: parts.userPoolId,
    COGNITO_ENDPOINT: parts.cognitoEndpoint,
    SES_ENDPOINT: parts.emailEndpoint,
    EMAIL_FROM: 'TrailBuddy <no-reply@trailbuddy.local>',
    SUPPORT_EMAIL: 'support@trailbuddy.local',
    ROUTE_FACTS: routeFactsSetting(ROUTES),
    ...(parts.push
      ? {
          VAPID_PUBLIC_KEY: parts.push.vapid.publicKey,
          VAPID_PRIVATE_KEY: parts.push.vapid.privateKey,
          VAPID_SUBJECT: 'mailto:push@trailbuddy.local',
          LOCAL_PUSH_SERVICE_URL: parts.push.serviceUrl,
        }
      : {}),
    LIVE_ENDPOINT: parts.liveEndpoint,
    STRIPE_API_URL: parts.stripe.apiUrl,
    STRIPE_SECRET_KEY: parts.stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: parts.stripe.webhookSecret,
    STRIPE_PRICE_ID: parts.stripe.priceId,
  };
}

/**
 * What the Strava functions read from env. In AWS the client secret comes from Secrets Manager
 * (STRAVA_CLIENT_SECRET_ARN); locally it is passed directly.
 */
function stravaEnv(strava: LocalStravaClient): EnvSettings {
  return {
    STRAVA_CLIENT_ID: strava.clientId,
    STRAVA_CLIENT_SECRET: strava.clientSecret,
    STRAVA_OAUTH_BASE_URL: strava.oauthBaseUrl,
    STRAVA_API_BASE_URL: strava.apiBaseUrl,
    STRAVA_WEBHOOK_VERIFY_TOKEN: process.env.STRAVA_WEBHOOK_VERIFY_TOKEN ?? 'trailbuddy-local-verify-token',
    STRAVA_WEBHOOK_SUBSCRIPTION_ID: process.env.STRAVA_WEBHOOK_SUBSCRIPTION_ID ?? '1',
  };
}

/** What the Google Health functions read from env (in AWS the client secret comes from GOOGLE_CLIENT_SECRET_ARN). */
function googleEnv(google: LocalGoogleClient): EnvSettings {
  return {
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ACCOUNTS_BASE_URL: google.accountsBaseUrl,
    GOOGLE_OAUTH_BASE_URL: google.oauthBaseUrl,
    GOOGLE_HEALTH_API_BASE_URL: google.healthApiBaseUrl,
  };
}

/** The key that signs OAuth state and encrypts provider tokens; kept in .data so restarts can read old tokens. */
function persistentAppSecret(stateDir: string): string {
  const file = join(stateDir, 'app-secret');
  if (!existsSync(file)) {
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** The VAPID key pair; kept in .data so the browsers' subscriptions (made with its public key) outlive a restart. */
function persistentVapidKeys(stateDir: string): { publicKey: string; privateKey: string } {
  const file = join(stateDir, 'vapid-keys.json');
  if (!existsSync(file)) {
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 });
  }
  return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_REQUEST_BYTES) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The site's files are the same bytes on every request, and a browser suite loads the app's chunks hundreds of times:
 * each is compressed once. API answers differ every time and are compressed as they go.
 */
const compressedSiteFiles = new Map<string, Buffer>();
const MAX_COMPRESSED_SITE_FILES = 500;

function gzipSiteFile(body: Buffer): Buffer {
  const key = createHash('sha256').update(body).digest('base64');
  let compressed = compressedSiteFiles.get(key);
  if (!compressed) {
    if (compressedSiteFiles.size >= MAX_COMPRESSED_SITE_FILES) compressedSiteFiles.clear();
    compressed = gzipSync(body);
    compressedSiteFiles.set(key, compressed);
  }
  return compressed;
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Buffer,
  origin: 'site' | 'api' = 'api',
): void {
  const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (acceptsGzip && body.length > 1024 && COMPRESSIBLE.test(headers['content-type'] ?? '')) {
    body = origin === 'site' ? gzipSiteFile(body) : gzipSync(body);
    headers = { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' };
  }
  res.writeHead(status, { ...headers, 'content-length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}
