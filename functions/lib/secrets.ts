import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { EnvVar } from '../shared/env';

/**
 * Secrets come from env locally (STRAVA_CLIENT_SECRET, APP_SECRET) and from Secrets Manager in AWS
 * (STRAVA_CLIENT_SECRET_ARN, APP_SECRET_ARN). Values are cached per container: a cold start reads them once.
 * Never log what these return.
 */
let client: SecretsManagerClient | undefined;
const cache = new Map<string, Promise<string>>();

async function fromSecretsManager(arn: string, jsonField: string): Promise<string> {
  client ??= new SecretsManagerClient({});
  const result = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  const text = result.SecretString ?? '';
  // A secret may hold the bare value or a JSON object with the value under `jsonField`.
  if (text.trim().startsWith('{')) {
    const value = (JSON.parse(text) as Record<string, unknown>)[jsonField];
    if (typeof value !== 'string' || value === '') throw new Error(`Secret ${arn} has no string field '${jsonField}'`);
    return value;
  }
  if (text === '') throw new Error(`Secret ${arn} is empty`);
  return text;
}

function secret(envName: EnvVar, arnEnvName: EnvVar, jsonField: string): Promise<string> {
  const direct = process.env[envName];
  if (direct) return Promise.resolve(direct);
  const arn = process.env[arnEnvName];
  if (!arn) return Promise.reject(new Error(`Missing env ${envName} or ${arnEnvName}`));
  let pending = cache.get(arn);
  if (!pending) {
    pending = fromSecretsManager(arn, jsonField);
    // A failed read must not poison the container: the next call tries again.
    pending.catch(() => cache.delete(arn));
    cache.set(arn, pending);
  }
  return pending;
}

export const stravaClientSecret = (): Promise<string> =>
  secret('STRAVA_CLIENT_SECRET', 'STRAVA_CLIENT_SECRET_ARN', 'clientSecret');

/** The Google OAuth client's secret (Google Health's server-side flow). */
export const googleClientSecret = (): Promise<string> =>
  secret('GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_SECRET_ARN', 'clientSecret');

/** 32 random bytes, base64url: signs OAuth state and (through HKDF) encrypts provider tokens. */
export const appSecret = (): Promise<string> => secret('APP_SECRET', 'APP_SECRET_ARN', 'appSecret');

/** The VAPID private key (RFC 8292, base64url P-256): signs the JWT each push request carries. */
export const vapidPrivateKey = (): Promise<string> =>
  secret('VAPID_PRIVATE_KEY', 'VAPID_PRIVATE_KEY_ARN', 'privateKey');

/** Stripe's secret API key (sk_live_… / sk_test_…): only the billing functions read it. */
export const stripeSecretKey = (): Promise<string> => secret('STRIPE_SECRET_KEY', 'STRIPE_SECRET_KEY_ARN', 'secretKey');

/** The webhook endpoint's signing secret (whsec_…): verifies the Stripe-Signature of each event. */
export const stripeWebhookSecret = (): Promise<string> =>
  secret('STRIPE_WEBHOOK_SECRET', 'STRIPE_WEBHOOK_SECRET_ARN', 'webhookSecret');
