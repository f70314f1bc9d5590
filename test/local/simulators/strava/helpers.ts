import {
  startStravaSimulator,
  DEFAULT_CLIENT,
  type StravaSimulator,
  type StravaSimulatorOptions,
} from '../../../../infra/local/simulators/strava';

export const CLIENT = DEFAULT_CLIENT;
export const REDIRECT_URI = 'http://localhost:5173/auth/strava/callback';
export const MAYA = 40100001;
export const LIAM = 40100002;
export const SOFIA = 40100003;
export const NOAH = 40100004;

/** A clock the test moves by hand. */
export function manualClock(startIso: string) {
  let nowMs = Date.parse(startIso);
  return {
    now: () => new Date(nowMs),
    set: (iso: string) => {
      nowMs = Date.parse(iso);
    },
    advance: (ms: number) => {
      nowMs += ms;
    },
  };
}

export async function startSimulator(options: StravaSimulatorOptions = {}): Promise<StravaSimulator> {
  return startStravaSimulator({ seed: 7, ...options });
}

export function authorizeUrl(sim: StravaSimulator, params: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    client_id: CLIENT.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'activity:read,profile:read_all',
    approval_prompt: 'auto',
    state: 'state-123',
    ...params,
  });
  return `${sim.url}/oauth/authorize?${query.toString()}`;
}

/** The consent form's action and fields, read from the page as a browser would submit it. */
export function consentForm(html: string): { action: string; fields: URLSearchParams } {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no consent form on the page');
  const fields = new URLSearchParams();
  const unescape = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields.append(match[1] as string, unescape(match[2] as string));
  for (const match of html.matchAll(/<input type="checkbox" name="granted_scope" value="([^"]+)" checked>/g))
    fields.append('granted_scope', match[1] as string);
  const selected = /<option value="(\d+)" selected>/.exec(html)?.[1];
  if (selected) fields.set('athlete_id', selected);
  return { action, fields };
}

export async function submitConsent(
  sim: StravaSimulator,
  html: string,
  decision: 'authorize' | 'cancel',
  change: (fields: URLSearchParams) => void = () => {},
): Promise<Response> {
  const { action, fields } = consentForm(html);
  change(fields);
  fields.set('decision', decision);
  return fetch(`${sim.url}${action}`, { method: 'POST', body: fields, redirect: 'manual' });
}

/** Goes through consent as `athleteId` and returns the code from the redirect. */
export async function authorizeAs(
  sim: StravaSimulator,
  athleteId: number,
  params: Record<string, string> = {},
): Promise<{ code: string; scope: string; state: string }> {
  const page = await (await fetch(authorizeUrl(sim, { approval_prompt: 'force', ...params }))).text();
  const response = await submitConsent(sim, page, 'authorize', (fields) => fields.set('athlete_id', String(athleteId)));
  const location = new URL(response.headers.get('location') ?? '');
  return {
    code: location.searchParams.get('code') ?? '',
    scope: location.searchParams.get('scope') ?? '',
    state: location.searchParams.get('state') ?? '',
  };
}

export async function postToken(sim: StravaSimulator, params: Record<string, string>): Promise<Response> {
  return fetch(`${sim.url}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, ...params }),
  });
}

export async function exchangeCode(
  sim: StravaSimulator,
  code: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  return postToken(sim, { code, grant_type: 'authorization_code', ...extra });
}

export async function api(
  sim: StravaSimulator,
  path: string,
  accessToken: string | null,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  return fetch(`${sim.url}/api/v3${path}`, { ...init, headers });
}

/** Response bodies in these tests are checked by assertions, so they are read untyped. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
export function json(response: Response): Promise<Json> {
  return response.json() as Promise<Json>;
}
