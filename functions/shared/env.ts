/**
 * Every environment variable the functions read, in one place (as `tableEnvVar` names the table variables).
 * The CDK sets them on the Lambdas, the local host on its own process; test/infra/environment.test.ts checks
 * that both use only these names and that the functions read nothing else.
 */
export const ENV_VARS = {
  SITE_URL: 'the site origin: OAuth redirect URIs and the Apple ingest URL are built from it',
  STRAVA_CLIENT_ID: "Strava's public OAuth client id",
  STRAVA_OAUTH_BASE_URL: "Strava's OAuth base (the simulator locally)",
  STRAVA_API_BASE_URL: "Strava's API base (the simulator locally)",
  STRAVA_REVOKE_URL:
    "where disconnecting posts (default STRAVA_OAUTH_BASE_URL + '/deauthorize'; Strava's /oauth/revoke from June 2027)",
  STRAVA_WEBHOOK_VERIFY_TOKEN:
    'echoed by Strava when the webhook subscription is created; unset refuses every verification',
  STRAVA_WEBHOOK_SUBSCRIPTION_ID: "Strava's id for our push subscription",
  STRAVA_WEBHOOK_CALLS_PER_ATHLETE: 'Imports webhook events may queue per athlete and quarter hour (default 5)',
  STRAVA_INITIAL_SYNC_DAYS: 'first sync window in days (default 30)',
  STRAVA_SYNC_PAGE_SIZE: 'activities per Strava page (default 200)',
  STRAVA_CLIENT_SECRET: 'local only: the Strava client secret itself',
  STRAVA_CLIENT_SECRET_ARN: 'AWS: the Secrets Manager secret holding the Strava client secret',
  GOOGLE_CLIENT_ID: "Google Health's OAuth client id",
  GOOGLE_ACCOUNTS_BASE_URL: "Google's consent screen base (the simulator locally)",
  GOOGLE_OAUTH_BASE_URL: "Google's token, refresh, revoke and tokeninfo base (the simulator locally)",
  GOOGLE_HEALTH_API_BASE_URL: 'The Google Health API endpoint without a version (the simulator locally)',
  GOOGLE_SYNC_DAYS: 'Google Health sync window in days',
  GOOGLE_CLIENT_SECRET: 'local only: the Google client secret itself',
  GOOGLE_CLIENT_SECRET_ARN: 'AWS: the Secrets Manager secret holding the Google client secret',
  APP_SECRET: 'local only: the key that signs OAuth state and encrypts provider tokens',
  APP_SECRET_ARN: 'AWS: the Secrets Manager secret holding APP_SECRET',
  VAPID_PUBLIC_KEY:
    'the VAPID public key (RFC 8292), served to the browser to subscribe with; unset turns Web Push off',
  VAPID_SUBJECT: 'the VAPID contact (a mailto: or https: URL) push services may write to (default SITE_URL)',
  VAPID_PRIVATE_KEY: 'local only: the VAPID private key itself',
  VAPID_PRIVATE_KEY_ARN: 'AWS: the Secrets Manager secret holding the VAPID private key (JSON field privateKey)',
  STRIPE_PRICE_ID: 'the Stripe Price of Premium (monthly, in CAD) that Checkout sells',
  STRIPE_API_URL: "local only: the Stripe simulator's base URL (the SDK's host, port and protocol come from it)",
  STRIPE_SECRET_KEY: 'local only: the Stripe secret API key itself',
  STRIPE_SECRET_KEY_ARN: 'AWS: the Secrets Manager secret holding the Stripe secret key (JSON field secretKey)',
  STRIPE_WEBHOOK_SECRET: "local only: the webhook endpoint's signing secret itself",
  STRIPE_WEBHOOK_SECRET_ARN:
    "AWS: the Secrets Manager secret holding the webhook endpoint's signing secret (JSON field webhookSecret)",
  LOCAL_PUSH_SERVICE_URL: 'local only: the local push service, whose plain-http subscriptions are accepted',
  APPLE_SHORTCUT_URL:
    'a published iCloud link to the TrailBuddy Shortcut (unset: the setup dialog explains how to build it)',
  USER_POOL_ID: 'the Cognito user pool, for the functions that delete or disable users',
  USER_POOL_CLIENT_ID: "AWS: the site's app client, whose ID tokens the realtime channel's $connect authorizer accepts",
  COGNITO_ENDPOINT: 'local only: the cognito-local emulator',
  DYNAMODB_ENDPOINT: 'local only: DynamoDB Local',
  AWS_REGION: 'set by Lambda; "local" locally',
  AWS_ACCESS_KEY_ID: 'set by Lambda; a dummy for DynamoDB Local locally',
  AWS_SECRET_ACCESS_KEY: 'set by Lambda; a dummy for DynamoDB Local locally',
  POWERTOOLS_SERVICE_NAME: 'the service name in structured logs',
  NODE_OPTIONS: 'AWS: --enable-source-maps',
  IMPORT_QUEUE_URL: 'AWS: the SQS queue import jobs are sent to (locally an in-process queue stands in)',
  SES_ENDPOINT: 'local only: the SES v2 emulator (aws-ses-v2-local)',
  EMAIL_FROM: 'the From address of every email (the SES identity on AWS)',
  SUPPORT_EMAIL: "where members' support requests are mailed (default support@trailbuddy.local)",
  SES_CONFIGURATION_SET: 'AWS: the SES configuration set that records bounces and complaints',
  SES_FALLBACK_MAX_SEND_RATE:
    'messages a second the outbox job assumes when SES GetAccount does not answer (default 1, the SES sandbox)',
  SES_FALLBACK_MAX_24H_SEND:
    'messages a day the outbox job assumes when SES GetAccount does not answer (default 200, the SES sandbox)',
  ROUTE_FACTS:
    'the facts of the routes the function serves, by route key: public, reads only (functions/shared/route-facts.ts, from the route list)',
  LIVE_ENDPOINT:
    "the realtime channel's connection management endpoint (AWS: the WebSocket API stage's https URL; locally the API host's); unset: nothing is pushed",
  ORIGIN_VERIFY_TOKEN:
    'AWS: what CloudFront adds to every /api/* request (x-origin-verify); the API refuses requests without it, so its execute-api URL cannot bypass the WAF (unset locally)',
} as const;

export type EnvVar = keyof typeof ENV_VARS;
/** Plain settings by variable name, as the CDK and the local host pass them. */
export type EnvSettings = Partial<Record<EnvVar, string>>;

export function isEnvVar(name: string): name is EnvVar {
  return Object.hasOwn(ENV_VARS, name);
}
