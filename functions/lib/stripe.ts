import Stripe from 'stripe';
import { billingSettings } from './config';
import { stripeSecretKey } from './secrets';

/**
 * The official Stripe SDK (stripe@23.1.0, pinned; it calls API version 2026-10-28.endive, read 2026-11-29), with
 * its secret key from Secrets Manager on AWS. Locally STRIPE_API_URL points it at the Stripe simulator through the
 * SDK's `host`, `port` and `protocol` options. Only the billing functions import this module.
 */
let cached: { key: string; apiUrl: string | undefined; client: Stripe } | undefined;

export async function stripeClient(): Promise<Stripe> {
  const key = await stripeSecretKey();
  const { apiUrl } = billingSettings();
  if (cached?.key === key && cached.apiUrl === apiUrl) return cached.client;
  const client = new Stripe(key, {
    ...(apiUrl ? hostOptions(apiUrl) : {}),
    // Retries carry an idempotency key the SDK adds to every POST, so a retried create makes one object.
    maxNetworkRetries: 2,
    // API Gateway gives the function 30 s; a Stripe call that takes longer than this is failed and retried by the caller.
    timeout: 8_000,
    telemetry: false,
  });
  cached = { key, apiUrl, client };
  return client;
}

function hostOptions(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return { host: url.hostname, port: Number(url.port || (protocol === 'https' ? 443 : 80)), protocol };
}

export { Stripe };
