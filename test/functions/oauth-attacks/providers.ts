import type { RouteDefinition } from '../../../functions/shared/routes';
import { ROUTES } from '../../../functions/shared/routes';
import type { ApiUnderTest } from '../../local/fuzz/harness';
import { consentForm as googleConsentForm } from '../../local/simulators/google/helpers';
import { consentForm as stravaConsentForm } from '../../local/simulators/strava/helpers';

/** What the provider's simulator redirected back with, after consent. */
export interface Callback {
  code: string;
  state: string;
  scope: string;
}

/** One OAuth provider as the attacks see it: its two routes, and how a person consents at its simulator. */
export interface OAuthProvider {
  name: string;
  /** The connection's provider type in GET /api/connections. */
  providerType: string;
  authorizeRoute: RouteDefinition;
  connectRoute: RouteDefinition;
  /** Follows the app's authorize URL through the simulator's consent page, as a person would. */
  consent(api: ApiUnderTest, authorizeUrl: string): Promise<Callback>;
}

const callbackOf = (response: Response): Callback => {
  const location = new URL(response.headers.get('location') ?? 'http://invalid/');
  return {
    code: location.searchParams.get('code') ?? '',
    state: location.searchParams.get('state') ?? '',
    scope: location.searchParams.get('scope') ?? '',
  };
};

/** How to consent at each provider's simulator; a provider without an entry here fails the suite loudly. */
const CONSENT: Record<string, { providerType: string; consent: OAuthProvider['consent'] }> = {
  strava: {
    providerType: 'strava',
    async consent(api, authorizeUrl) {
      const page = await (await fetch(authorizeUrl.replace('approval_prompt=auto', 'approval_prompt=force'))).text();
      const { action, fields } = stravaConsentForm(page);
      fields.set('athlete_id', String(api.strava.control.athletes()[1]!.id));
      fields.set('decision', 'authorize');
      return callbackOf(
        await fetch(`${api.strava.url}${action}`, { method: 'POST', body: fields, redirect: 'manual' }),
      );
    },
  },
  google: {
    providerType: 'google_health',
    async consent(api, authorizeUrl) {
      const page = await (await fetch(authorizeUrl)).text();
      const { action, fields } = googleConsentForm(page);
      fields.set('account', api.google.control.users()[0]!.sub);
      fields.set('decision', 'allow');
      return callbackOf(
        await fetch(`${api.google.url}${action}`, { method: 'POST', body: fields, redirect: 'manual' }),
      );
    },
  },
};

/** Every provider with an authorize-url + connect route pair in the shared route list (Strava, Google when present, …). */
export function oauthProviders(): OAuthProvider[] {
  return ROUTES.flatMap((route) => {
    const name = /^get-([a-z]+)-authorize-url$/.exec(route.id)?.[1];
    if (!name) return [];
    const connectRoute = ROUTES.find((r) => r.id === `post-${name}-connect`);
    if (!connectRoute) throw new Error(`${route.id} has no post-${name}-connect route`);
    const driver = CONSENT[name];
    if (!driver)
      throw new Error(`No consent driver for the ${name} simulator in test/functions/oauth-attacks/providers.ts`);
    return [{ name, providerType: driver.providerType, authorizeRoute: route, connectRoute, consent: driver.consent }];
  });
}
