import {
  DEFAULT_GOOGLE_CLIENT,
  GOOGLE_FULL_SCOPES,
  startGoogleSimulator,
  type GoogleSimulator,
  type GoogleSimulatorOptions,
} from '../../../../infra/local/simulators/google';

export const CLIENT = DEFAULT_GOOGLE_CLIENT;
export const REDIRECT_URI = 'http://localhost:5173/auth/health/callback?provider=google_health';
export const AVERY = '104729384756102938475';
export const JORDAN = '117364528190736452819';
export const PRIYA = '109283746501928374650';
export const SAM = '112233445566778899001';
export const HEALTH_ACTIVITY = 'https://www.googleapis.com/auth/googlehealth.activity_and_fitness.readonly';
export const HEALTH_SLEEP = 'https://www.googleapis.com/auth/googlehealth.sleep.readonly';
export const HEALTH_LOCATION = 'https://www.googleapis.com/auth/googlehealth.location.readonly';
export const DAY_MS = 86_400_000;

export function startSimulator(options: GoogleSimulatorOptions = {}): Promise<GoogleSimulator> {
  return startGoogleSimulator({ seed: 7, ...options });
}

export function authorizeUrl(sim: GoogleSimulator, params: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    client_id: CLIENT.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: ['openid', 'email', 'profile', ...GOOGLE_FULL_SCOPES, HEALTH_SLEEP, HEALTH_LOCATION].join(' '),
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    state: 'state-123',
    ...params,
  });
  return `${sim.url}/o/oauth2/v2/auth?${query.toString()}`;
}

/** The consent form's action and fields, read from the page as a browser would submit it (ticked boxes only). */
export function consentForm(html: string): { action: string; fields: URLSearchParams } {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no consent form on the page');
  const unescape = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields.append(match[1] as string, unescape(match[2] as string));
  for (const match of html.matchAll(/<input type="checkbox" id="[^"]+" name="granted_scope" value="([^"]+)" checked>/g))
    fields.append('granted_scope', unescape(match[1] as string));
  const selected = /<option value="(\d+)" selected>/.exec(html)?.[1];
  if (selected) fields.set('account', selected);
  return { action, fields };
}

export async function submitConsent(
  sim: GoogleSimulator,
  html: string,
  decision: 'allow' | 'deny',
  change: (fields: URLSearchParams) => void = () => {},
): Promise<Response> {
  const { action, fields } = consentForm(html);
  change(fields);
  fields.set('decision', decision);
  return fetch(`${sim.url}${action}`, { method: 'POST', body: fields, redirect: 'manual' });
}

/** Through consent as `sub` (optionally ticking only some Google Health scopes); what the redirect carried. */
export async function authorizeAs(
  sim: GoogleSimulator,
  sub: string,
  options: { params?: Record<string, string>; healthScopes?: string[] } = {},
) {
  const page = await (await fetch(authorizeUrl(sim, options.params))).text();
  const response = await submitConsent(sim, page, 'allow', (fields) => {
    fields.set('account', sub);
    if (options.healthScopes) {
      fields.delete('granted_scope');
      for (const scope of options.healthScopes) fields.append('granted_scope', scope);
    }
  });
  const location = new URL(response.headers.get('location') ?? '');
  return {
    location,
    code: location.searchParams.get('code') ?? '',
    scope: location.searchParams.get('scope') ?? '',
    state: location.searchParams.get('state') ?? '',
  };
}

export function postForm(sim: GoogleSimulator, path: string, params: Record<string, string>): Promise<Response> {
  return fetch(`${sim.url}${path}`, { method: 'POST', body: new URLSearchParams(params) });
}

export function exchangeCode(
  sim: GoogleSimulator,
  code: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  return postForm(sim, '/token', {
    code,
    client_id: CLIENT.clientId,
    client_secret: CLIENT.clientSecret,
    redirect_uri: REDIRECT_URI,
    grant_type: 'authorization_code',
    ...extra,
  });
}

const bearerOf = (accessToken: string | null): Record<string, string> =>
  accessToken ? { authorization: `Bearer ${accessToken}` } : {};

/** GET v4/users/me/dataTypes/exercise/dataPoints with these query parameters. */
export function listExercises(
  sim: GoogleSimulator,
  accessToken: string | null,
  query: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${sim.url}/v4/users/me/dataTypes/exercise/dataPoints?${new URLSearchParams(query).toString()}`, {
    headers: bearerOf(accessToken),
  });
}

/** POST v4/users/me/dataTypes/{dataType}/dataPoints:dailyRollUp. */
export function dailyRollUp(
  sim: GoogleSimulator,
  accessToken: string | null,
  body: unknown,
  dataType = 'steps',
): Promise<Response> {
  return fetch(`${sim.url}/v4/users/me/dataTypes/${dataType}/dataPoints:dailyRollUp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearerOf(accessToken) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** 'YYYY-MM-DD' as the API's Date. */
export const dateOf = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day };
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
export const json = (response: Response): Promise<Json> => response.json() as Promise<Json>;
