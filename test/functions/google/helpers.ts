import { randomBytes, randomUUID } from 'node:crypto';
import {
  DEFAULT_GOOGLE_CLIENT,
  startGoogleSimulator,
  type GoogleSimulator,
  type GoogleSimulatorOptions,
} from '../../../infra/local/simulators/google';
import { connectGoogleHealth, createGoogleAuthorizeUrl } from '../../../functions/usecases/google-connect';
import { googleDeps, type GoogleDeps, type GoogleDepsOptions } from '../../../functions/usecases/google-deps';
import { consentForm } from '../../local/simulators/google/helpers';

export const AVERY = '104729384756102938475';
export const JORDAN = '117364528190736452819';
export const PRIYA = '109283746501928374650';
export const SITE_URL = 'http://localhost:3000';
export const CALLBACK = `${SITE_URL}/auth/health/callback?provider=google_health`;
export const SAM = '112233445566778899001';
export const HEALTH_ACTIVITY = 'https://www.googleapis.com/auth/googlehealth.activity_and_fitness.readonly';

/** A simulator on a free port, and the env the Google Health functions read pointed at it (as the local stack does). */
export async function startGoogle(options: GoogleSimulatorOptions = {}): Promise<GoogleSimulator> {
  const sim = await startGoogleSimulator({ seed: 7, ...options });
  Object.assign(process.env, {
    GOOGLE_CLIENT_ID: DEFAULT_GOOGLE_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: DEFAULT_GOOGLE_CLIENT.clientSecret,
    GOOGLE_ACCOUNTS_BASE_URL: sim.url,
    GOOGLE_OAUTH_BASE_URL: sim.url,
    GOOGLE_HEALTH_API_BASE_URL: sim.url,
    SITE_URL,
    APP_SECRET: process.env.APP_SECRET ?? randomBytes(32).toString('base64url'),
  });
  return sim;
}

export const newUserId = () => `user-${randomUUID()}`;

export interface TestDeps extends GoogleDeps {
  sleeps: number[];
  metricsCalls: string[];
}

/** Real adapters against the simulator; sleeps are recorded instead of waited (429 back-off), metrics calls counted. */
export async function testDeps(options: GoogleDepsOptions = {}): Promise<TestDeps> {
  const sleeps: number[] = [];
  const metricsCalls: string[] = [];
  const deps = await googleDeps({
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

/** Follows an authorize URL through the simulator's consent page as `sub`; returns what the callback screen receives. */
export async function consentAs(
  sim: GoogleSimulator,
  authorizeUrl: string,
  sub: string,
  healthScopes?: string[],
): Promise<{ code: string; state: string; scope: string }> {
  const page = await (await fetch(authorizeUrl)).text();
  const { action, fields } = consentForm(page);
  fields.set('account', sub);
  if (healthScopes) {
    fields.delete('granted_scope');
    for (const scope of healthScopes) fields.append('granted_scope', scope);
  }
  fields.set('decision', 'allow');
  const response = await fetch(`${sim.url}${action}`, { method: 'POST', body: fields, redirect: 'manual' });
  const location = new URL(response.headers.get('location') ?? '');
  if (!location.href.startsWith(CALLBACK)) throw new Error(`unexpected redirect ${location.href}`);
  return {
    code: location.searchParams.get('code') ?? '',
    state: location.searchParams.get('state') ?? '',
    scope: location.searchParams.get('scope') ?? '',
  };
}

/** The whole connect journey at the use-case level. */
export async function connectAs(sim: GoogleSimulator, userId: string, sub: string, deps: GoogleDeps) {
  const { url } = await createGoogleAuthorizeUrl(userId, deps);
  return connectGoogleHealth(userId, await consentAs(sim, url, sub), deps);
}

/** The Google Health user id (Identity.healthUserId) the simulator gives `sub`: what a connection is keyed by. */
export function healthUserIdOf(sim: GoogleSimulator, sub: string): string {
  return sim.control.users().find((u) => u.sub === sub)!.healthUserId;
}
