import type { BillingResponse } from '../shared/schemas/billing';

/** After a renewal payment fails, Premium is kept this long while Stripe retries the card (Smart Retries). */
export const PAST_DUE_GRACE_DAYS = 7;
/**
 * An active subscription stays Premium this long past its period's end: Stripe renews at the period's end and the
 * webhook with the outcome (paid, or past_due) follows within hours, never a day.
 */
export const RENEWAL_LEEWAY_HOURS = 24;

const HOUR_MS = 3_600_000;

/** What Stripe's subscription said when an event was last applied (read from Stripe, never from the event). */
export interface BillingState {
  customerId: string;
  subscriptionId: string;
  /** Stripe's subscription status: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused. */
  status: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  /** The payment was refunded in full or disputed: Premium ends whatever the subscription says. */
  endedBy: 'refund' | 'dispute' | null;
}

/** The part of a Stripe subscription the plan follows (its period lives on its items since API version 2025-03-31). */
export interface SubscriptionSnapshot {
  id: string;
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  items: { data: { current_period_start: number; current_period_end: number }[] };
}

const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);
/** Statuses a subscription never leaves: nothing more is charged. */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);

/** A subscription in this status may bill the member (or already gives Premium). */
export const isLiveStatus = (status: string): boolean => LIVE_STATUSES.has(status);
/** A subscription in this status will never bill again. */
export const isEndedStatus = (status: string): boolean => ENDED_STATUSES.has(status);

export function billingStateOf(
  subscription: SubscriptionSnapshot,
  endedBy: BillingState['endedBy'] = null,
): BillingState {
  const periods = subscription.items.data;
  const start = Math.min(...periods.map((item) => item.current_period_start));
  const end = Math.max(...periods.map((item) => item.current_period_end));
  return {
    customerId: subscription.customer,
    subscriptionId: subscription.id,
    status: subscription.status,
    currentPeriodStart: new Date(start * 1000).toISOString(),
    currentPeriodEnd: new Date(end * 1000).toISOString(),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    endedBy,
  };
}

/**
 * The state to keep when a subscription's current state comes in: a person with two subscriptions (bought twice)
 * keeps the live one; a late event about an ended one does not overwrite it. A refund or dispute of a subscription
 * stays recorded against it.
 */
export function nextBillingState(stored: BillingState | null, incoming: BillingState): BillingState {
  if (!stored) return incoming;
  if (stored.subscriptionId === incoming.subscriptionId)
    return { ...incoming, endedBy: incoming.endedBy ?? stored.endedBy };
  const storedLive = LIVE_STATUSES.has(stored.status) && !stored.endedBy;
  const incomingLive = LIVE_STATUSES.has(incoming.status) && !incoming.endedBy;
  return storedLive && !incomingLive ? stored : incoming;
}

/** The plan as of `now`. */
export function planOf(state: BillingState | null, now: Date): BillingResponse {
  const free: BillingResponse = {
    plan: 'free',
    premiumUntil: null,
    cancelAtPeriodEnd: false,
    pastDue: null,
    canManageBilling: state !== null,
  };
  if (!state || state.endedBy) return free;
  const periodEnd = Date.parse(state.currentPeriodEnd);
  if (state.status === 'active' || state.status === 'trialing') {
    const lastsUntil = state.cancelAtPeriodEnd ? periodEnd : periodEnd + RENEWAL_LEEWAY_HOURS * HOUR_MS;
    if (now.getTime() >= lastsUntil) return free;
    return {
      ...free,
      plan: 'premium',
      premiumUntil: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    };
  }
  if (state.status === 'past_due') {
    // The renewal that failed was due when the current (unpaid) period started.
    const graceEndsAt = Date.parse(state.currentPeriodStart) + PAST_DUE_GRACE_DAYS * 24 * HOUR_MS;
    if (now.getTime() >= graceEndsAt) return free;
    const until = new Date(graceEndsAt).toISOString();
    return {
      ...free,
      plan: 'premium',
      premiumUntil: until,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      pastDue: { graceEndsAt: until },
    };
  }
  return free;
}

export const isPremium = (state: BillingState | null, now: Date): boolean => planOf(state, now).plan === 'premium';
