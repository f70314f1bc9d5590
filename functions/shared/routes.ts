/**
 * The one route list. The CDK HTTP API and the local API host are both built from it.
 * `entry` is relative to the repository root; each entry exports `handler`.
 */
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
  /** Tables the function reads or writes; the CDK grants access to exactly these. */
  tables: readonly import('./tables').TableId[];
}

export const ROUTES: readonly RouteDefinition[] = [
  { id: 'get-health', method: 'GET', path: '/api/health', entry: 'functions/handlers/health/get-health.ts', public: true, tables: ['users', 'connections', 'activities', 'social', 'rateLimits'] },
  { id: 'get-me', method: 'GET', path: '/api/me', entry: 'functions/handlers/me/get-me.ts', public: false, tables: ['users'] },
];

/** Scheduled jobs, also one list shared by CDK and the local host. */
export interface ScheduledJobDefinition {
  id: string;
  entry: string;
  /** EventBridge schedule expression. */
  schedule: string;
  tables: readonly import('./tables').TableId[];
}

export const SCHEDULED_JOBS: readonly ScheduledJobDefinition[] = [
  { id: 'retention-purge', entry: 'functions/handlers/retention/purge.ts', schedule: 'rate(1 hour)', tables: ['activities', 'connections'] },
];
