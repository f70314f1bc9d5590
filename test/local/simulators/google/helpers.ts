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
export const FITNESS_ACTIVITY = 'https://www.googleapis.com/auth/fitness.activity.read';
export const FITNESS_LOCATION = 'https://www.googleapis.com/auth/fitness.location.read';
export const FITNESS_HEART_RATE = 'https://www.googleapis.com/auth/fitness.heart_rate.read';
export const DAY_MS = 86_400_000;

export function startSimulator(options: GoogleSimulatorOptions = {}): Promise<GoogleSimulator> {
  return startGoogleSimulator({ seed: 7, ...options });
}

export function authorizeUrl(sim: GoogleSimulator, params: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    client_id: CLIENT.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: ['openid', 'email', 'profile', ...GOOGLE_FULL_SCOPES.filter((s) => s.includes('fitness'))].join(' '),
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

/** Through consent as `sub` (optionally ticking only some fitness scopes); what the redirect carried. */
export async function authorizeAs(
  sim: GoogleSimulator,
  sub: string,
  options: { params?: Record<string, string>; fitnessScopes?: string[] } = {},
) {
  const page = await (await fetch(authorizeUrl(sim, options.params))).text();
  const response = await submitConsent(sim, page, 'allow', (fields) => {
    fields.set('account', sub);
    if (options.fitnessScopes) {
      fields.delete('granted_scope');
      for (const scope of options.fitnessScopes) fields.append('granted_scope', scope);
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

export function aggregate(sim: GoogleSimulator, accessToken: string | null, body: unknown): Promise<Response> {
  return fetch(`${sim.url}/fitness/v1/users/me/dataset:aggregate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function sessions(sim: GoogleSimulator, accessToken: string | null, query: string): Promise<Response> {
  return fetch(`${sim.url}/fitness/v1/users/me/sessions?${query}`, {
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
export const json = (response: Response): Promise<Json> => response.json() as Promise<Json>;
