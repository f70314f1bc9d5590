import { createHmac, randomBytes } from 'node:crypto';

/**
 * The state of the local Stripe: prices, Checkout Sessions, customers, subscriptions, invoices, charges, portal
 * sessions, and the events sent to the webhook endpoint. Shapes follow Stripe's API reference and the pinned SDK's
 * types (stripe@23.1.0, API version 2026-10-28.endive; read 2026-11-29):
 *
 * - A subscription's billing period lives on its items (`items.data[].current_period_start/end`): API version
 *   2025-03-31.basil removed `current_period_start/end` from the subscription itself.
 * - An invoice names its subscription under `parent.subscription_details.subscription` (basil moved it there too).
 * - Errors: `{ error: { type, code, message, param } }` with 400 (invalid request), 401 (bad API key), 402 (card
 *   declined), 404 (`resource_missing`).
 * - Events: `{ id: 'evt_…', object: 'event', api_version, created, data: { object, previous_attributes? }, livemode,
 *   pending_webhooks, request, type }`, signed in `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 *   "<t>.<raw body>" keyed with the endpoint secret>`; the SDK refuses a timestamp older than 300 s.
 * - Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined (card_declined / generic_decline),
 *   4000 0025 0000 3155 needs authentication (3D Secure) before it succeeds.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  authenticationRequired: '4000002500003155',
} as const;

export interface SimPrice {
  id: string;
  currency: string;
  unit_amount: number;
  interval: 'month' | 'year';
  product: string;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
}

/** One webhook delivery as it goes over the wire: the raw body and its signature header. */
export interface SignedDelivery {
  eventId: string;
  type: string;
  payload: string;
  signature: string;
}

type Obj = Record<string, unknown>;

export class StripeRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error: Obj },
  ) {
    super(String(body.error.message));
  }
}

const missing = (kind: string, id: string) =>
  new StripeRequestError(404, {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${kind}: '${id}'`,
      param: 'id',
    },
  });

export const invalid = (message: string, param?: string) =>
  new StripeRequestError(400, {
    error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) },
  });

/** Stripe signs `${t}.${payload}` with the endpoint secret (HMAC-SHA256, hex), header `t=…,v1=…`. */
export function signPayload(payload: string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

export function addMonths(seconds: number, months: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
}

export class StripeWorld {
  readonly prices = new Map<string, SimPrice>();
  readonly sessions = new Map<string, Obj>();
  readonly portalSessions = new Map<string, Obj>();
  readonly customers = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly charges = new Map<string, Obj>();
  readonly events: StripeEvent[] = [];
  /** Milliseconds the simulated clock is ahead of `clock()` (advanceClock, renewals). */
  private offsetMs = 0;

  constructor(
    readonly clock: () => Date,
    prices: readonly SimPrice[],
  ) {
    for (const price of prices) this.prices.set(price.id, price);
  }

  nowSeconds(): number {
    return Math.floor((this.clock().getTime() + this.offsetMs) / 1000);
  }

  advanceClock(ms: number): void {
    this.offsetMs += ms;
  }

  private id(prefix: string): string {
    return `${prefix}_test_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
  }

  private event(type: string, object: Obj, previous?: Obj): StripeEvent {
    const event: StripeEvent = {
      id: this.id('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: this.nowSeconds(),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.events.push(event);
    return event;
  }

  createCheckoutSession(params: Obj, baseUrl: string): Obj {
    if (params.mode !== 'subscription') throw invalid('This simulator supports mode=subscription only.', 'mode');
    const items = params.line_items as Obj[] | undefined;
    const priceId = items?.[0]?.price;
    if (typeof priceId !== 'string') throw invalid('Missing required param: line_items[0][price].', 'line_items');
    const price = this.prices.get(priceId);
    if (!price) throw missing('price', priceId);
    if (typeof params.success_url !== 'string') throw invalid('Missing required param: success_url.', 'success_url');
    if (typeof params.customer === 'string' && !this.customers.has(params.customer))
      throw missing('customer', params.customer);
    const id = this.id('cs');
    const session: Obj = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      url: `${baseUrl}/c/pay/${id}`,
      amount_total: price.unit_amount * Number(items?.[0]?.quantity ?? 1),
      currency: price.currency,
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      subscription: null,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      automatic_tax: { enabled: (params.automatic_tax as Obj | undefined)?.enabled === 'true' },
      created: this.nowSeconds(),
      expires_at: this.nowSeconds() + 24 * 3600,
      livemode: false,
      // Kept for completing the session; Stripe copies subscription_data.metadata onto the subscription.
      __price: price.id,
      __subscriptionMetadata: (params.subscription_data as Obj | undefined)?.metadata ?? {},
    };
    this.sessions.set(id, session);
    return this.publicSession(session);
  }

  publicSession(session: Obj): Obj {
    return Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('__')));
  }

  session(id: string): Obj {
    const session = this.sessions.get(id);
    if (!session) throw missing('checkout.session', id);
    return session;
  }

  /**
   * `POST /v1/checkout/sessions/:id/expire`: only an open session can be expired (Stripe answers an error for the
   * rest); it can no longer be paid, and `checkout.session.expired` is sent.
   */
  expireCheckoutSession(id: string): StripeEvent[] {
    const session = this.session(id);
    if (session.status !== 'open')
      throw invalid(`This Checkout Session is ${String(session.status)} and can no longer be expired.`);
    Object.assign(session, { status: 'expired', expires_at: this.nowSeconds() });
    return [this.event('checkout.session.expired', this.publicSession(session))];
  }

  /** The card's outcome on the hosted page: paid, declined, or a 3D Secure step first. */
  completeCheckout(sessionId: string, email: string): StripeEvent[] {
    const session = this.session(sessionId);
    if (session.status !== 'open') throw invalid('This Checkout Session is no longer open.');
    const now = this.nowSeconds();
    let customerId = session.customer as string | null;
    if (!customerId) {
      customerId = this.id('cus');
      this.customers.set(customerId, {
        id: customerId,
        object: 'customer',
        email: session.customer_email ?? email,
        created: now,
        livemode: false,
        metadata: {},
      });
    }
    const price = this.prices.get(session.__price as string)!;
    const subscriptionId = this.id('sub');
    const subscription: Obj = {
      id: subscriptionId,
      object: 'subscription',
      customer: customerId,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: now,
      start_date: now,
      currency: price.currency,
      livemode: false,
      metadata: session.__subscriptionMetadata,
      latest_invoice: null,
      items: {
        object: 'list',
        data: [
          {
            id: this.id('si'),
            object: 'subscription_item',
            subscription: subscriptionId,
            price: { id: price.id, object: 'price', currency: price.currency, unit_amount: price.unit_amount },
            quantity: 1,
            current_period_start: now,
            current_period_end: addMonths(now, price.interval === 'year' ? 12 : 1),
          },
        ],
        has_more: false,
      },
    };
    this.subscriptions.set(subscriptionId, subscription);
    const invoice = this.invoiceFor(subscription, true);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customerId,
      subscription: subscriptionId,
    });
    return [
      this.event('checkout.session.completed', this.publicSession(session)),
      this.event('customer.subscription.created', subscription),
      this.event('invoice.paid', invoice),
    ];
  }

  private invoiceFor(subscription: Obj, paid: boolean): Obj {
    const item = itemOf(subscription);
    const price = item.price as Obj;
    const now = this.nowSeconds();
    const invoiceId = this.id('in');
    let chargeId: string | null = null;
    if (paid) {
      chargeId = this.id('ch');
      this.charges.set(chargeId, {
        id: chargeId,
        object: 'charge',
        amount: price.unit_amount,
        amount_refunded: 0,
        refunded: false,
        disputed: false,
        currency: price.currency,
        customer: subscription.customer,
        paid: true,
        status: 'succeeded',
        created: now,
        livemode: false,
        // Not a Stripe field: where the simulator finds the subscription when the charge is refunded or disputed.
        __subscription: subscription.id,
      });
    }
    const invoice: Obj = {
      id: invoiceId,
      object: 'invoice',
      customer: subscription.customer,
      status: paid ? 'paid' : 'open',
      amount_due: price.unit_amount,
      amount_paid: paid ? price.unit_amount : 0,
      currency: price.currency,
      attempt_count: 1,
      billing_reason: subscription.latest_invoice ? 'subscription_cycle' : 'subscription_create',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      created: now,
      livemode: false,
      __charge: chargeId,
    };
    this.invoices.set(invoiceId, invoice);
    subscription.latest_invoice = invoiceId;
    return this.publicObject(invoice);
  }

  publicObject(object: Obj): Obj {
    return Object.fromEntries(Object.entries(object).filter(([key]) => !key.startsWith('__')));
  }

  subscription(id: string): Obj {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw missing('subscription', id);
    return subscription;
  }

  listSubscriptions(customer: string | null, status: string | null): Obj {
    const data = [...this.subscriptions.values()].filter(
      (s) =>
        (customer === null || s.customer === customer) &&
        (status === 'all' || (status === null ? s.status !== 'canceled' : s.status === status)),
    );
    return { object: 'list', data, has_more: false, url: '/v1/subscriptions' };
  }

  charge(id: string): Obj {
    const charge = this.charges.get(id);
    if (!charge) throw missing('charge', id);
    return this.publicObject(charge);
  }

  /** Cancel at period end (or undo it), as the portal's button or `subscriptions.update` does. */
  setCancelAtPeriodEnd(id: string, cancel: boolean): StripeEvent[] {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') throw invalid('A canceled subscription can only update its metadata.');
    const previous = { cancel_at_period_end: subscription.cancel_at_period_end, cancel_at: subscription.cancel_at };
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? itemOf(subscription).current_period_end : null;
    subscription.canceled_at = cancel ? this.nowSeconds() : null;
    return [this.event('customer.subscription.updated', subscription, previous)];
  }

  /** Cancels at once (`DELETE /v1/subscriptions/:id`). */
  cancelNow(id: string): StripeEvent[] {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') return [];
    const now = this.nowSeconds();
    Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now, cancel_at_period_end: false });
    return [this.event('customer.subscription.deleted', subscription)];
  }

  /**
   * The clock moves to the end of the current period and the renewal runs: paid (a new period, invoice.paid), failed
   * (past_due: Stripe still moves the period on and retries the open invoice, invoice.payment_failed), or, for a
   * subscription set to cancel at period end, it ends (customer.subscription.deleted).
   */
  renew(id: string, outcome: 'paid' | 'failed'): StripeEvent[] {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') throw invalid('This subscription is canceled.');
    const item = itemOf(subscription);
    const end = item.current_period_end as number;
    if (end > this.nowSeconds()) this.advanceClock((end - this.nowSeconds()) * 1000);
    if (subscription.cancel_at_period_end) return this.cancelNow(id);
    const previous = {
      status: subscription.status,
      items: structuredClone(subscription.items),
    };
    const interval = (this.prices.get((item.price as Obj).id as string)?.interval ?? 'month') === 'year' ? 12 : 1;
    item.current_period_start = end;
    item.current_period_end = addMonths(end, interval);
    subscription.status = outcome === 'paid' ? 'active' : 'past_due';
    const invoice = this.invoiceFor(subscription, outcome === 'paid');
    return [
      this.event('customer.subscription.updated', subscription, previous),
      this.event(outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice),
    ];
  }

  /** The latest paid charge of a subscription is refunded in full (charge.refunded) or disputed (charge.dispute.created). */
  refundOrDispute(subscriptionId: string, kind: 'refund' | 'dispute'): StripeEvent[] {
    const charge = [...this.charges.values()].filter((c) => c.__subscription === subscriptionId).at(-1);
    if (!charge) throw invalid(`Subscription ${subscriptionId} has no paid charge.`);
    if (kind === 'refund') {
      Object.assign(charge, { refunded: true, amount_refunded: charge.amount });
      return [this.event('charge.refunded', this.publicObject(charge))];
    }
    charge.disputed = true;
    const dispute = {
      id: this.id('dp'),
      object: 'dispute',
      amount: charge.amount,
      currency: charge.currency,
      charge: charge.id,
      reason: 'fraudulent',
      status: 'needs_response',
      created: this.nowSeconds(),
      livemode: false,
    };
    return [this.event('charge.dispute.created', dispute)];
  }

  createPortalSession(params: Obj, baseUrl: string): Obj {
    const customer = params.customer;
    if (typeof customer !== 'string') throw invalid('Missing required param: customer.', 'customer');
    if (!this.customers.has(customer)) throw missing('customer', customer);
    const id = this.id('bps');
    const session = {
      id,
      object: 'billing_portal.session',
      customer,
      return_url: params.return_url ?? null,
      url: `${baseUrl}/p/session/${id}`,
      created: this.nowSeconds(),
      livemode: false,
    };
    this.portalSessions.set(id, session);
    return session;
  }

  portalSession(id: string): Obj {
    const session = this.portalSessions.get(id);
    if (!session) throw missing('billing_portal.session', id);
    return session;
  }

  event_(id: string): StripeEvent {
    const event = this.events.find((e) => e.id === id);
    if (!event) throw missing('event', id);
    return event;
  }
}

export function itemOf(subscription: Obj): Obj {
  return ((subscription.items as Obj).data as Obj[])[0]!;
}
