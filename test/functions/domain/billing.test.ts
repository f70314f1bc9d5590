import { describe, expect, it } from 'vitest';
import {
  billingStateOf,
  nextBillingState,
  PAST_DUE_GRACE_DAYS,
  planOf,
  RENEWAL_LEEWAY_HOURS,
  type BillingState,
} from '../../../functions/domain/billing';

const HOUR = 3_600_000;
const start = Date.parse('2026-11-01T08:00:00.000Z');
const end = Date.parse('2026-12-01T08:00:00.000Z');

const state = (overrides: Partial<BillingState> = {}): BillingState => ({
  customerId: 'cus_1',
  subscriptionId: 'sub_1',
  status: 'active',
  currentPeriodStart: new Date(start).toISOString(),
  currentPeriodEnd: new Date(end).toISOString(),
  cancelAtPeriodEnd: false,
  endedBy: null,
  ...overrides,
});
const at = (ms: number) => new Date(ms);

describe('the plan as of a moment', () => {
  it('is free without a subscription', () => {
    expect(planOf(null, at(start))).toMatchObject({ plan: 'free', canManageBilling: false });
  });

  it('is Premium while active, a little past the period end for the renewal to arrive, then free', () => {
    expect(planOf(state(), at(end - 1))).toMatchObject({ plan: 'premium', premiumUntil: '2026-12-01T08:00:00.000Z' });
    expect(planOf(state(), at(end + RENEWAL_LEEWAY_HOURS * HOUR - 1)).plan).toBe('premium');
    expect(planOf(state(), at(end + RENEWAL_LEEWAY_HOURS * HOUR))).toMatchObject({
      plan: 'free',
      canManageBilling: true,
    });
  });

  it('cancelling at period end: Premium until the period ends exactly', () => {
    const cancelling = state({ cancelAtPeriodEnd: true });
    expect(planOf(cancelling, at(end - 1))).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: true });
    expect(planOf(cancelling, at(end)).plan).toBe('free');
  });

  it(`past due: Premium for ${PAST_DUE_GRACE_DAYS} days from the failed renewal, then free`, () => {
    const graceEnd = start + PAST_DUE_GRACE_DAYS * 24 * HOUR;
    const pastDue = state({ status: 'past_due' });
    expect(planOf(pastDue, at(graceEnd - 1))).toMatchObject({
      plan: 'premium',
      pastDue: { graceEndsAt: new Date(graceEnd).toISOString() },
    });
    expect(planOf(pastDue, at(graceEnd))).toMatchObject({ plan: 'free', pastDue: null });
  });

  it('is free once canceled, unpaid or incomplete, and after a refund or dispute whatever the status', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'])
      expect(planOf(state({ status }), at(start)).plan, status).toBe('free');
    expect(planOf(state({ endedBy: 'refund' }), at(start)).plan).toBe('free');
    expect(planOf(state({ endedBy: 'dispute' }), at(start)).plan).toBe('free');
  });
});

describe('the state kept when a subscription state comes in', () => {
  it('keeps a live subscription over late news of an ended one, and takes a live one over an ended one', () => {
    const live = state({ subscriptionId: 'sub_new' });
    const ended = state({ subscriptionId: 'sub_old', status: 'canceled' });
    expect(nextBillingState(live, ended)).toBe(live);
    expect(nextBillingState(ended, live)).toBe(live);
  });

  it('keeps a refund recorded against the same subscription', () => {
    const refunded = state({ status: 'canceled', endedBy: 'refund' });
    expect(nextBillingState(refunded, state({ status: 'canceled' })).endedBy).toBe('refund');
  });

  it("reads the period from the subscription's items", () => {
    const s = billingStateOf({
      id: 'sub_1',
      customer: 'cus_1',
      status: 'active',
      cancel_at_period_end: false,
      items: { data: [{ current_period_start: start / 1000, current_period_end: end / 1000 }] },
    });
    expect(s).toEqual(state());
  });
});
