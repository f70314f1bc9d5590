import { planOf } from '../domain/billing';
import { getBillingState } from '../repositories/billing';
import type { BillingResponse } from '../shared/schemas/billing';

/** GET /api/billing: the plan as Stripe's webhooks last left it, as of now (no call to Stripe, no Stripe SDK). */
export async function getPlan(userId: string, now: Date): Promise<BillingResponse> {
  return planOf(await getBillingState(userId), now);
}
