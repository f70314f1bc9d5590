import type { EnvVar } from '../shared/env';
import { tableEnvVar, type TableId } from '../shared/tables';

/** Physical table name, injected by CDK (and by the local host) as TABLE_<ID>. */
export function tableName(id: TableId): string {
  const name = process.env[tableEnvVar(id)];
  if (!name) throw new Error(`Missing env ${tableEnvVar(id)}: the table '${id}' is not configured for this function`);
  return name;
}

/** A setting that may be unset (an empty value counts as unset). */
export function optionalEnv(name: EnvVar): string | undefined {
  return process.env[name] || undefined;
}

/** A setting the function cannot run without (names: functions/shared/env.ts). */
export function requiredEnv(name: EnvVar): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing env ${name}`);
  return value;
}

function positiveIntEnv(name: EnvVar, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`Env ${name} must be a positive whole number, got '${raw}'`);
  return value;
}

/** Strava settings that are not secret (the client secret and APP_SECRET come from functions/lib/secrets.ts). */
export interface StravaSettings {
  clientId: string;
  /** e.g. https://www.strava.com/oauth (no trailing slash). */
  oauthBaseUrl: string;
  /** e.g. https://www.strava.com/api/v3 (no trailing slash). */
  apiBaseUrl: string;
  /** Disconnecting: STRAVA_REVOKE_URL, else `${oauthBaseUrl}/deauthorize` (Strava's /oauth/revoke from June 2027). */
  revokeUrl: string;
  /** SITE_URL + '/auth/strava/callback'. */
  redirectUri: string;
  /** First sync: how far back (spec §9: 30 days). */
  initialSyncDays: number;
  /** Items per /athlete/activities page (Strava's maximum, 200, by default: every import reads its whole window). */
  syncPageSize: number;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function stravaSettings(): StravaSettings {
  const oauthBaseUrl = trimSlash(requiredEnv('STRAVA_OAUTH_BASE_URL'));
  return {
    clientId: requiredEnv('STRAVA_CLIENT_ID'),
    oauthBaseUrl,
    revokeUrl: optionalEnv('STRAVA_REVOKE_URL') ?? `${oauthBaseUrl}/deauthorize`,
    apiBaseUrl: trimSlash(requiredEnv('STRAVA_API_BASE_URL')),
    redirectUri: `${trimSlash(requiredEnv('SITE_URL'))}/auth/strava/callback`,
    initialSyncDays: positiveIntEnv('STRAVA_INITIAL_SYNC_DAYS', 30),
    syncPageSize: Math.min(200, positiveIntEnv('STRAVA_SYNC_PAGE_SIZE', 200)),
  };
}

/** The token Strava echoes when a webhook subscription is created; unset means every verification is refused. */
export function stravaWebhookVerifyToken(): string | undefined {
  return optionalEnv('STRAVA_WEBHOOK_VERIFY_TOKEN');
}

/** The id Strava gave our push subscription; events naming any other are ignored. Unset: every event is ignored. */
export function stravaWebhookSubscriptionId(): number | undefined {
  const raw = optionalEnv('STRAVA_WEBHOOK_SUBSCRIPTION_ID');
  return raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/** Strava calls webhook events may spend per athlete and quarter hour (default 5, a small share of the app's 90). */
export function stravaWebhookCallsPerAthlete(): number {
  return positiveIntEnv('STRAVA_WEBHOOK_CALLS_PER_ATHLETE', 5);
}

/** Apple Health settings (no secrets: ingest tokens are per user and stored hashed). */
export interface AppleSettings {
  /** SITE_URL + '/api/apple/ingest': where the Shortcut posts. */
  ingestUrl: string;
  /** A published iCloud link to the TrailBuddy Shortcut (APPLE_SHORTCUT_URL); null: the setup dialog's steps build it. */
  shortcutUrl: string | null;
}

export function appleSettings(): AppleSettings {
  return {
    ingestUrl: `${trimSlash(requiredEnv('SITE_URL'))}/api/apple/ingest`,
    shortcutUrl: optionalEnv('APPLE_SHORTCUT_URL') ?? null,
  };
}

/** Google Health settings that are not secret (the client secret comes from functions/lib/secrets.ts). */
export interface GoogleSettings {
  clientId: string;
  /** Where the consent page lives, e.g. https://accounts.google.com (authorize at /o/oauth2/v2/auth). */
  accountsBaseUrl: string;
  /** Token, tokeninfo and revoke, e.g. https://oauth2.googleapis.com. */
  oauthBaseUrl: string;
  /** The Google Health API's service endpoint without a version, e.g. https://health.googleapis.com (calls go to /v4/…). */
  healthApiBaseUrl: string;
  /** SITE_URL + '/auth/health/callback?provider=google_health' (the health callback screen reads `provider`). */
  redirectUri: string;
  /** How many local days each sync reads (spec §9: 30). */
  syncDays: number;
}

export function googleSettings(): GoogleSettings {
  return {
    clientId: requiredEnv('GOOGLE_CLIENT_ID'),
    accountsBaseUrl: trimSlash(requiredEnv('GOOGLE_ACCOUNTS_BASE_URL')),
    oauthBaseUrl: trimSlash(requiredEnv('GOOGLE_OAUTH_BASE_URL')),
    healthApiBaseUrl: trimSlash(requiredEnv('GOOGLE_HEALTH_API_BASE_URL')),
    redirectUri: `${trimSlash(requiredEnv('SITE_URL'))}/auth/health/callback?provider=google_health`,
    syncDays: positiveIntEnv('GOOGLE_SYNC_DAYS', 30),
  };
}

/** Billing settings that are not secret (the Stripe keys come from functions/lib/secrets.ts). */
export interface BillingSettings {
  /** The Stripe Price Checkout sells: Premium, monthly, in CAD. */
  priceId: string;
  /** Where Checkout and the portal send people back (the site origin). */
  siteUrl: string;
  /** Locally the Stripe simulator's base URL; unset on AWS (the SDK's default, api.stripe.com). */
  apiUrl: string | undefined;
}

export function billingSettings(): BillingSettings {
  return {
    priceId: requiredEnv('STRIPE_PRICE_ID'),
    siteUrl: trimSlash(requiredEnv('SITE_URL')),
    apiUrl: optionalEnv('STRIPE_API_URL'),
  };
}
