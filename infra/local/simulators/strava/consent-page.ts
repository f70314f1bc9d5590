import type { AuthorizeRequest } from './world';
import type { SimAthlete } from './types';

const SCOPE_DESCRIPTIONS: Record<string, string> = {
  read: 'View data about your public profile (required)',
  read_all: 'View data about your private routes, segments and events',
  'profile:read_all': 'View your complete Strava profile',
  'profile:write': 'Update your weight and FTP, and star or unstar segments for you',
  'activity:read': 'View data about your activities',
  'activity:read_all': 'View data about your private activities',
  'activity:write': 'Upload activities to Strava for you',
};

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string,
  );
}

/** The consent screen: pick the (simulated) athlete, opt out of optional scopes, Authorize or Cancel. */
export function renderConsentPage(
  request: AuthorizeRequest,
  athletes: SimAthlete[],
  selectedAthleteId: number | undefined,
): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const athleteOptions = athletes
    .map(
      (a) =>
        `<option value="${a.id}"${a.id === selectedAthleteId ? ' selected' : ''}>${escapeHtml(`${a.firstname} ${a.lastname} (${a.city})`)}</option>`,
    )
    .join('');
  const scopeItems = request.scopes
    .map((scope) => {
      const description = escapeHtml(SCOPE_DESCRIPTIONS[scope] ?? scope);
      if (scope === 'read') return `<li>${description}</li>`;
      return `<li><label><input type="checkbox" name="granted_scope" value="${escapeHtml(scope)}" checked> ${description}</label></li>`;
    })
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authorize application | Strava (simulator)</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #242428; }
  h1 { font-size: 1.4rem; } .brand { color: #fc4c02; font-weight: 700; }
  ul { padding-left: 1.2rem; } li { margin: .4rem 0; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { font-size: 1rem; padding: .6rem 1.4rem; border-radius: 4px; border: 1px solid #fc4c02; cursor: pointer; }
  button[value="authorize"] { background: #fc4c02; color: #fff; } button[value="cancel"] { background: #fff; color: #fc4c02; }
</style>
</head>
<body>
<main>
  <p class="brand">STRAVA <small>(local simulator)</small></p>
  <h1>Authorize application ${escapeHtml(request.client.clientId)} to connect to Strava</h1>
  <form method="post" action="/oauth/accept_application">
    ${hidden('client_id', request.client.clientId)}
    ${hidden('redirect_uri', request.redirectUri)}
    ${hidden('response_type', 'code')}
    ${hidden('scope', request.scopes.join(','))}
    ${hidden('state', request.state)}
    ${hidden('approval_prompt', request.approvalPrompt)}
    <p><label for="athlete_id">Signed in to Strava as</label>
    <select id="athlete_id" name="athlete_id">${athleteOptions}</select></p>
    <p>This application will be able to:</p>
    <ul>${scopeItems}</ul>
    <div class="actions">
      <button type="submit" name="decision" value="authorize">Authorize</button>
      <button type="submit" name="decision" value="cancel">Cancel</button>
    </div>
  </form>
</main>
</body>
</html>`;
}
