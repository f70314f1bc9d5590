import { escapeHtml } from '../strava/consent-page';
import type { SimGoogleUser } from './types';
import { isHealthScope, type AuthorizeRequest } from './world';

/** The scope descriptions of the Google Health API's discovery document. */
const HEALTH_DESCRIPTIONS: Record<string, string> = {
  activity_and_fitness: 'See your Google Health activity and fitness data',
  health_metrics_and_measurements: 'See your Google Health health metrics and measurement data',
  location: 'See exercise GPS location data in Google Health',
  sleep: 'See your Google Health sleep data',
  profile: 'See your Google Health profile data',
  settings: 'See your Google Health settings',
  ecg: 'See your Google Health ECG data',
  irn: 'See your Google Health Irregular Rhythm Notifications data',
};

function describe(scope: string): string {
  const area = /googlehealth\.([a-z_]+)(\.readonly)?$/.exec(scope);
  if (area) return `${HEALTH_DESCRIPTIONS[area[1] as string] ?? scope}${area[2] ? '' : ' (and change it)'}`;
  return scope;
}

/** Google-style consent: choose an account, tick what the app may see (Google Health scopes, each on its own), Allow or Cancel. */
export function renderConsentPage(
  request: AuthorizeRequest,
  users: SimGoogleUser[],
  selectedSub: string | undefined,
): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const accountOptions = users
    .map(
      (u) =>
        `<option value="${u.sub}"${u.sub === selectedSub ? ' selected' : ''}>${escapeHtml(`${u.name} (${u.email})`)}</option>`,
    )
    .join('');
  const health = request.scopes.filter(isHealthScope);
  const healthItems = health
    .map(
      (scope, i) =>
        `<li><input type="checkbox" id="scope-${i}" name="granted_scope" value="${escapeHtml(scope)}" checked> <label for="scope-${i}">${escapeHtml(describe(scope))}</label></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with Google (simulator)</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 34rem; margin: 3rem auto; padding: 0 1rem; color: #202124; }
  h1 { font-size: 1.4rem; font-weight: 500; } .brand { color: #1a73e8; font-weight: 700; }
  ul { padding-left: 0; list-style: none; } li { margin: .5rem 0; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; justify-content: flex-end; }
  button { font-size: 1rem; padding: .55rem 1.4rem; border-radius: 4px; border: 1px solid #1a73e8; cursor: pointer; }
  button[value="allow"] { background: #1a73e8; color: #fff; } button[value="deny"] { background: #fff; color: #1a73e8; }
</style>
</head>
<body>
<main>
  <p class="brand">Google <small>(local simulator)</small></p>
  <h1>${escapeHtml(request.client.clientId)} wants access to your Google Account</h1>
  <form method="post" action="/o/oauth2/v2/approve">
    ${hidden('client_id', request.client.clientId)}
    ${hidden('redirect_uri', request.redirectUri)}
    ${hidden('response_type', 'code')}
    ${hidden('scope', request.scopes.join(' '))}
    ${hidden('state', request.state)}
    ${hidden('access_type', request.accessType)}
    ${hidden('prompt', request.prompt)}
    ${hidden('include_granted_scopes', String(request.includeGrantedScopes))}
    <p><label for="account">Choose an account</label>
    <select id="account" name="account">${accountOptions}</select></p>
    <p>The app will be able to associate you with your personal info on Google (name, email address and profile picture).</p>
    ${health.length > 0 ? `<fieldset><legend>Select what the app can access</legend><ul>${healthItems}</ul></fieldset>` : ''}
    <div class="actions">
      <button type="submit" name="decision" value="deny">Cancel</button>
      <button type="submit" name="decision" value="allow">Allow</button>
    </div>
  </form>
</main>
</body>
</html>`;
}

/** Google's error page for a malformed authorization request (it never redirects back for these). */
export function renderErrorPage(status: number, error: string, description: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Error ${status}: ${escapeHtml(error)}</title></head>
<body><main><h1>Access blocked: authorization error</h1><p>${escapeHtml(description)}</p><p>Error ${status}: ${escapeHtml(error)}</p></main></body>
</html>`;
}
