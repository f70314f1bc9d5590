/**
 * The one route list. The CDK HTTP API and the local API host are both built from it.
 * `entry` is relative to the repository root; each entry exports `handler`.
 */
import { APPLE_ROUTES } from './route-areas/apple';
import { BILLING_ROUTES, BILLING_SCHEDULED_JOBS } from './route-areas/billing';
import { ANALYSIS_ROUTES } from './route-areas/analysis';
import { GOOGLE_ROUTES } from './route-areas/google';
import { PARTNER_ROUTES } from './route-areas/partners';
import { GROUP_ACTIVITY_ROUTES, GROUP_ACTIVITY_SCHEDULED_JOBS } from './route-areas/group-activities';
import { PROFILE_ROUTES } from './route-areas/profile';
import { MODERATION_ROUTES } from './route-areas/moderation';
import { SUPPORT_ROUTES } from './route-areas/support';
import { TRIP_PLAN_ROUTES, TRIP_PLAN_SCHEDULED_JOBS } from './route-areas/trip-plans';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  /** Stable kebab-case id, used for the Lambda's construct id and in logs. */
  id: string;
  method: HttpMethod;
  /** API Gateway v2 path, always under /api, with {param} placeholders. */
  path: `/api/${string}` | '/api';
  entry: string;
  /** Public routes skip the JWT authorizer (OAuth callbacks, webhooks, ingest, health). */
  public: boolean;
  /**
   * The tables the function reads or writes and how: it gets their names in its environment (tablesOf) and the CDK
   * grants exactly this (test/infra/stacks/least-privilege.test.ts).
   */
  access: TableAccessMap;
  /** Secrets the function reads (Secrets Manager in AWS, env locally); the CDK grants read on exactly these. */
  secrets?: readonly SecretId[];
  /** Longer than the 10 s default for routes that call a provider more than once (API Gateway caps at 30 s). */
  timeoutSeconds?: number;
  /** Cognito admin actions on the user pool the function may call (CDK grants exactly these and sets USER_POOL_ID). */
  userPoolActions?: readonly UserPoolAction[];
}

/**
 * Least privilege by declaration. 'read' = GetItem, BatchGetItem, Query, ConditionCheckItem; 'write' adds PutItem,
 * UpdateItem, DeleteItem, BatchWriteItem (transactions are authorised by these item actions). `indexes` adds Query on
 * those GSIs; `scan` adds Scan, allowed only for the retention purge and the daily refresh job (no HTTP route)
 * (test/infra/stacks/least-privilege.test.ts).
 */
export type TableAccessMode = 'read' | 'write';
export type IndexName = import('./tables').TableDefinition['indexes'][number]['name'];
export interface TableAccess {
  mode: TableAccessMode;
  indexes?: readonly IndexName[];
  scan?: true;
}
export type TableAccessMap = Readonly<Partial<Record<import('./tables').TableId, TableAccessMode | TableAccess>>>;

/** The tables a declaration names: the function gets exactly their names in its environment. */
export function tablesOf(access: TableAccessMap): import('./tables').TableId[] {
  return Object.keys(access) as import('./tables').TableId[];
}

/** The long form of one table's declaration. */
export function tableAccessOf(declared: TableAccessMode | TableAccess): TableAccess {
  return typeof declared === 'string' ? { mode: declared } : declared;
}

export type UserPoolAction = 'cognito-idp:AdminDisableUser' | 'cognito-idp:AdminUserGlobalSignOut';

/**
 * stravaClientSecret / googleClientSecret: the providers' OAuth client secrets; appSecret: signs OAuth state and
 * encrypts provider tokens; vapidPrivateKey: signs Web Push requests; stripeSecretKey / stripeWebhookSecret: Stripe's
 * API key and the webhook endpoint's signing secret.
 */
export type SecretId =
  | 'stravaClientSecret'
  | 'googleClientSecret'
  | 'appSecret'
  | 'vapidPrivateKey'
  | 'stripeSecretKey'
  | 'stripeWebhookSecret';
const STRAVA_SECRETS: readonly SecretId[] = ['stravaClientSecret', 'appSecret'];
/** Sync and disconnect serve every provider: Google's refresh and revoke need its client secret too. */
const ALL_PROVIDER_SECRETS: readonly SecretId[] = ['stravaClientSecret', 'googleClientSecret', 'appSecret'];

const CORE_ROUTES: readonly RouteDefinition[] = [
  {
    id: 'get-health',
    method: 'GET',
    path: '/api/health',
    entry: 'functions/handlers/health/get-health.ts',
    public: true,
    access: { users: 'read', connections: 'read', activities: 'read', social: 'read', rateLimits: 'read' },
  },
  {
    id: 'get-me',
    method: 'GET',
    path: '/api/me',
    entry: 'functions/handlers/me/get-me.ts',
    public: false,
    access: { users: 'write' },
  },
  {
    id: 'get-my-data',
    method: 'GET',
    path: '/api/me/export',
    entry: 'functions/handlers/me/get-my-data.ts',
    public: false,
    // Every table holds items under the person's partition; conversations, activities and trip plans sit in social.
    // users is written only to create the profile of a person who never opened it (as GET /api/me does).
    access: {
      users: 'write',
      connections: 'read',
      activities: 'read',
      social: { mode: 'read', indexes: ['gsi1'] },
      rateLimits: 'read',
    },
    timeoutSeconds: 29,
  },
  {
    id: 'get-strava-authorize-url',
    method: 'GET',
    path: '/api/strava/authorize-url',
    entry: 'functions/handlers/strava/get-authorize-url.ts',
    public: false,
    secrets: STRAVA_SECRETS,
    access: { users: 'write' },
  },
  {
    id: 'post-strava-connect',
    method: 'POST',
    path: '/api/strava/connect',
    entry: 'functions/handlers/strava/post-connect.ts',
    public: false,
    secrets: STRAVA_SECRETS,
    timeoutSeconds: 29,
    access: { users: 'write', connections: 'write', activities: 'write', rateLimits: 'write' },
  },
  {
    id: 'get-connections',
    method: 'GET',
    path: '/api/connections',
    entry: 'functions/handlers/connections/get-connections.ts',
    public: false,
    access: { connections: 'read' },
  },
  {
    id: 'delete-connection',
    method: 'DELETE',
    path: '/api/connections/{provider}',
    entry: 'functions/handlers/connections/delete-connection.ts',
    public: false,
    secrets: ALL_PROVIDER_SECRETS,
    timeoutSeconds: 29,
    access: { users: 'write', connections: 'write', activities: 'write', rateLimits: 'write' },
  },
  {
    id: 'post-connection-sync',
    method: 'POST',
    path: '/api/connections/{provider}/sync',
    entry: 'functions/handlers/connections/post-sync.ts',
    public: false,
    secrets: ALL_PROVIDER_SECRETS,
    timeoutSeconds: 29,
    access: { users: 'write', connections: 'write', activities: 'write', rateLimits: 'write' },
  },
  {
    id: 'get-import-jobs',
    method: 'GET',
    path: '/api/connections/jobs',
    entry: 'functions/handlers/import-jobs/get-import-jobs.ts',
    public: false,
    access: { connections: 'read' },
  },
  {
    id: 'get-sync-requests',
    method: 'GET',
    path: '/api/sync-requests',
    entry: 'functions/handlers/sync-requests/get-sync-requests.ts',
    public: false,
    access: { rateLimits: 'read' },
  },
  {
    id: 'get-activities',
    method: 'GET',
    path: '/api/activities',
    entry: 'functions/handlers/activities/get-activities.ts',
    public: false,
    access: { activities: { mode: 'read', indexes: ['gsi1', 'byDistance', 'byDuration', 'byElevation'] } },
  },
  {
    id: 'get-strava-webhook',
    method: 'GET',
    path: '/api/webhooks/strava',
    entry: 'functions/handlers/strava/get-webhook.ts',
    public: true,
    access: {},
  },
  {
    id: 'post-strava-webhook',
    method: 'POST',
    path: '/api/webhooks/strava',
    entry: 'functions/handlers/strava/post-webhook.ts',
    public: true,
    secrets: STRAVA_SECRETS,
    access: {
      users: 'write',
      connections: { mode: 'write', indexes: ['gsi1'] },
      activities: 'write',
      rateLimits: 'write',
    },
  },
  {
    id: 'get-strava-usage',
    method: 'GET',
    path: '/api/strava/usage',
    entry: 'functions/handlers/strava/get-usage.ts',
    public: false,
    access: { rateLimits: 'write' },
  },
];

/** Every HTTP route: the core list above plus one list per capability (functions/shared/route-areas/*). */
export const ROUTES: readonly RouteDefinition[] = [
  ...CORE_ROUTES,
  ...GOOGLE_ROUTES,
  ...APPLE_ROUTES,
  ...ANALYSIS_ROUTES,
  ...PROFILE_ROUTES,
  ...PARTNER_ROUTES,
  ...GROUP_ACTIVITY_ROUTES,
  ...MODERATION_ROUTES,
  ...TRIP_PLAN_ROUTES,
  ...BILLING_ROUTES,
  ...SUPPORT_ROUTES,
];

/**
 * The routes by area: the CDK puts each area in its own nested stack (CloudFormation allows 500 resources per
 * stack, a route takes about 7). Every route of ROUTES must be in exactly one area; a new area gets a new key.
 */
export const ROUTE_AREAS: Readonly<Record<string, readonly RouteDefinition[]>> = {
  core: CORE_ROUTES,
  google: GOOGLE_ROUTES,
  apple: APPLE_ROUTES,
  analysis: ANALYSIS_ROUTES,
  profile: PROFILE_ROUTES,
  partners: PARTNER_ROUTES,
  'group-activities': GROUP_ACTIVITY_ROUTES,
  moderation: MODERATION_ROUTES,
  'trip-plans': TRIP_PLAN_ROUTES,
  billing: BILLING_ROUTES,
  support: SUPPORT_ROUTES,
};

/** Scheduled jobs, also one list shared by CDK and the local host. */
export interface ScheduledJobDefinition {
  id: string;
  entry: string;
  /** EventBridge schedule expression. */
  schedule: string;
  /** As RouteDefinition.access. */
  access: TableAccessMap;
  secrets?: readonly SecretId[];
}

const CORE_SCHEDULED_JOBS: readonly ScheduledJobDefinition[] = [
  {
    id: 'retention-purge',
    entry: 'functions/handlers/retention/purge.ts',
    schedule: 'rate(1 hour)',
    access: { activities: { mode: 'write', scan: true }, connections: { mode: 'write', scan: true } },
  },
  {
    // One daily refresh for every provider: it only queues import jobs (the worker reads the providers).
    id: 'provider-refresh',
    entry: 'functions/handlers/connections/refresh-job.ts',
    schedule: 'rate(1 day)',
    access: { connections: { mode: 'write', scan: true } },
  },
];

/**
 * The import queue's worker (SQS event source in AWS, infra/local/import-queue.ts locally), and the routes
 * that put messages on the queue (the CDK gives them IMPORT_QUEUE_URL and sqs:SendMessage; the worker too).
 */
export const IMPORT_WORKER = {
  id: 'import-worker',
  entry: 'functions/handlers/import-jobs/worker.ts',
  secrets: ALL_PROVIDER_SECRETS,
  access: {
    users: 'write',
    connections: { mode: 'write', indexes: ['gsi1'] },
    activities: 'write',
    rateLimits: 'write',
  },
  /** Deliveries before a message goes to the dead-letter queue (SQS maxReceiveCount; the local queue too). */
  maxReceiveCount: 5,
} satisfies Omit<ScheduledJobDefinition, 'schedule'> & { maxReceiveCount: number };
export const IMPORT_ENQUEUING_ROUTES: readonly string[] = [
  'post-connection-sync',
  'post-strava-connect',
  'post-strava-webhook',
  'post-google-connect',
];
/** Scheduled jobs that queue import jobs (IMPORT_QUEUE_URL and sqs:SendMessage, like the routes above). */
export const IMPORT_ENQUEUING_JOBS: readonly string[] = ['provider-refresh'];

export const SCHEDULED_JOBS: readonly ScheduledJobDefinition[] = [
  ...CORE_SCHEDULED_JOBS,
  ...GROUP_ACTIVITY_SCHEDULED_JOBS,
  ...TRIP_PLAN_SCHEDULED_JOBS,
  ...BILLING_SCHEDULED_JOBS,
];
