import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../../functions/lib/config';
import { dynamo } from '../../../functions/lib/dynamo';
import { billingKeys } from '../../../functions/repositories/keys';
import { BillingRedirectResponse, BillingResponse } from '../../../functions/shared/schemas/billing';
import {
  DEFAULT_STRIPE_WEBHOOK_SECRET,
  startStripeSimulator,
  type SignedDelivery,
  type StripeSimulator,
} from '../../../infra/local/simulators/stripe';
import { callRoute, userClaims } from '../../support/api-events';

/**
 * The Stripe simulator in this process, its webhooks delivered to POST /api/billing/webhook through callRoute (as
 * API Gateway would hand them over), and the settings the billing functions read pointed at it.
 */
export async function startBillingWorld(): Promise<{ sim: StripeSimulator; statuses: number[] }> {
  const sim = await startStripeSimulator();
  const statuses: number[] = [];
  sim.control.setWebhookEndpoint({
    secret: DEFAULT_STRIPE_WEBHOOK_SECRET,
    deliver: async (delivery) => {
      const status = (await deliver(delivery)).status;
      statuses.push(status);
      return status;
    },
  });
  Object.assign(process.env, {
    SITE_URL: 'http://localhost:3000',
    STRIPE_API_URL: sim.url,
    STRIPE_SECRET_KEY: sim.secretKey,
    STRIPE_WEBHOOK_SECRET: DEFAULT_STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_ID: sim.price.id,
  });
  return { sim, statuses };
}

export const deliver = (delivery: Pick<SignedDelivery, 'payload' | 'signature'>) =>
  callRoute('post-billing-webhook', {
    body: delivery.payload,
    headers: { 'stripe-signature': delivery.signature },
  });

export const newMember = () => `member-${randomUUID()}`;

export async function plan(userId: string): Promise<BillingResponse> {
  const result = await callRoute('get-billing', { claims: userClaims(userId) });
  if (result.status !== 200) throw new Error(`GET /api/billing: ${result.status} ${JSON.stringify(result.json)}`);
  return BillingResponse.parse(result.json);
}

/** POST /api/billing/checkout; the Checkout Session's id from its URL. */
export async function checkout(userId: string): Promise<string> {
  const result = await callRoute('post-billing-checkout', { claims: userClaims(userId) });
  if (result.status !== 200) throw new Error(`checkout: ${result.status} ${JSON.stringify(result.json)}`);
  return /\/c\/pay\/([\w-]+)$/.exec(BillingRedirectResponse.parse(result.json).url)![1]!;
}

/** Checkout, paid with the success card; the new subscription's id. */
export async function subscribe(sim: StripeSimulator, userId: string): Promise<string> {
  const sessionId = await checkout(userId);
  await sim.control.payCheckout(sessionId);
  return String(sim.control.sessions().find((s) => s.id === sessionId)!.subscription);
}

/** The raw plan item, to see that a replay wrote nothing (its version). */
export async function billingItem(userId: string) {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName('users'), Key: billingKeys.billing(userId), ConsistentRead: true }),
  );
  return result.Item;
}

export const DAY_MS = 86_400_000;
