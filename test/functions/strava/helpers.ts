import { randomBytes, randomUUID } from 'node:crypto';
import {
  acquireStravaCall,
  recordStravaResponse,
  type StravaAppConfig,
} from '../../../functions/repositories/strava-rate-limiter';
import type { StravaLimiter } from '../../../functions/adapters/strava/client';
import { stravaDeps, type StravaDeps, type StravaDepsOptions } from '../../../functions/usecases/strava-deps';
import { createAuthorizeUrl, connectStrava } from '../../../functions/usecases/strava-connect';
import {
  DEFAULT_CLIENT,
  startStravaSimulator,
  type StravaSimulator,
  type StravaSimulatorOptions,
} from '../../../infra/local/simulators/strava';
import { consentForm } from '../../local/simulators/strava/helpers';

export const MAYA = 40100001;
export const LIAM = 40100002;
export const SOFIA = 40100003;
export const SITE_URL = 'http://localhost:3000';
export const VERIFY_TOKEN = 'test-verify-token';

/** A simulator on a free port, and the env the Strava functions read pointed at it (as the local stack does). */
/** Strava's read limits are far above what a whole-window import per test needs, unless a test sets its own. */
const ROOMY_LIMITS = {
  overall: { fifteenMin: 100_000, daily: 1_000_000 },
  read: { fifteenMin: 100_000, daily: 1_000_000 },
};

export async function startStrava(options: StravaSimulatorOptions = {}): Promise<StravaSimulator> {
  const sim = await startStravaSimulator({ seed: 7, limits: ROOMY_LIMITS, ...options });
  Object.assign(process.env, {
    STRAVA_CLIENT_ID: DEFAULT_CLIENT.clientId,
    STRAVA_CLIENT_SECRET: DEFAULT_CLIENT.clientSecret,
    STRAVA_OAUTH_BASE_URL: `${sim.url}/oauth`,
    STRAVA_API_BASE_URL: `${sim.url}/api/v3`,
    STRAVA_WEBHOOK_VERIFY_TOKEN: VERIFY_TOKEN,
    STRAVA_WEBHOOK_SUBSCRIPTION_ID: '1',
    SITE_URL,
    APP_SECRET: process.env.APP_SECRET ?? randomBytes(32).toString('base64url'),
  });
  return sim;
}

export const newUserId = () => `user-${randomUUID()}`;

/**
 * The real limiter (engineer B's, against DynamoDB Local) counting against a config of this test file's own,
 * so parallel test files never share a window.
 */
export function isolatedLimiter(
  limits: { fifteenMinLimit?: number; dailyLimit?: number } = {},
): StravaLimiter & { config: StravaAppConfig } {
  const config: StravaAppConfig = {
    id: `test-${randomUUID()}`,
    name: 'test',
    clientId: DEFAULT_CLIENT.clientId,
    secretRef: 'env:STRAVA_CLIENT_SECRET',
    isActive: true,
    dailyLimit: limits.dailyLimit ?? 100_000,
    fifteenMinLimit: limits.fifteenMinLimit ?? 100_000,
  };
  return { config, configForUser: async () => config, acquire: acquireStravaCall, record: recordStravaResponse };
}

export interface TestDeps extends StravaDeps {
  sleeps: number[];
  metricsCalls: string[];
}

/** Real adapters against the simulator; sleeps are recorded instead of waited (429 back-off), metrics calls counted. */
export async function testDeps(options: StravaDepsOptions = {}): Promise<TestDeps> {
  const sleeps: number[] = [];
  const metricsCalls: string[] = [];
  const deps = await stravaDeps({
    limiter: isolatedLimiter(),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    recalculateMetrics: async (userId) => {
      metricsCalls.push(userId);
    },
    ...options,
  });
  return Object.assign(deps, { sleeps, metricsCalls });
}

/** Follows an authorize URL through the simulator's consent page as `athleteId`; returns what the callback receives. */
export async function consentAs(
  sim: StravaSimulator,
  authorizeUrl: string,
  athleteId: number,
  options: { untick?: string[] } = {},
): Promise<{ code: string; state: string; scope: string }> {
  const page = await (await fetch(authorizeUrl.replace('approval_prompt=auto', 'approval_prompt=force'))).text();
  const { action, fields } = consentForm(page);
  fields.set('athlete_id', String(athleteId));
  const kept = fields.getAll('granted_scope').filter((scope) => !options.untick?.includes(scope));
  fields.delete('granted_scope');
  for (const scope of kept) fields.append('granted_scope', scope);
  fields.set('decision', 'authorize');
  const response = await fetch(`${sim.url}${action}`, { method: 'POST', body: fields, redirect: 'manual' });
  const location = new URL(response.headers.get('location') ?? '');
  if (!location.href.startsWith(`${SITE_URL}/auth/strava/callback`))
    throw new Error(`unexpected redirect ${location.href}`);
  return {
    code: location.searchParams.get('code') ?? '',
    state: location.searchParams.get('state') ?? '',
    scope: location.searchParams.get('scope') ?? '',
  };
}

/** The whole connect journey at the use-case level. */
export async function connectAs(sim: StravaSimulator, userId: string, athleteId: number, deps: StravaDeps) {
  const { url } = await createAuthorizeUrl(userId, deps);
  const callback = await consentAs(sim, url, athleteId);
  return connectStrava(userId, callback, deps);
}

/** Activities Strava shows with activity:read, newest first. */
export function visibleAtStrava(sim: StravaSimulator, athleteId: number) {
  return sim.control.activities(athleteId).filter((a) => a.visibility !== 'only_me');
}
