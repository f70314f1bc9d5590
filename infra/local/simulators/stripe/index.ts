import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearer, readBody, readJson, redirect, startSimulatorServer, type Outcome } from '../kit';
import { renderAuthenticationPage, renderCheckoutPage, renderPortalPage } from './pages';
import {
  itemOf,
  invalid,
  signPayload,
  StripeRequestError,
  StripeWorld,
  TEST_CARDS,
  type SignedDelivery,
  type SimPrice,
  type StripeEvent,
} from './world';

export { signPayload, STRIPE_API_VERSION, TEST_CARDS, type SignedDelivery, type StripeEvent } from './world';

/**
 * The local Stripe: the API calls TrailBuddy makes through the official SDK (pointed here by its `host`, `port` and
 * `protocol` options), the hosted Checkout page with Stripe's test cards, the Customer Portal, and webhooks signed
 * with Stripe's scheme. A control plane (in process, or JSON under /__simulator/) renews, fails, cancels, refunds and
 * disputes subscriptions, holds and reorders deliveries, and replays events.
 */
export const DEFAULT_STRIPE_SECRET_KEY = 'sk_test_trailbuddy_simulator';
export const DEFAULT_STRIPE_WEBHOOK_SECRET = 'whsec_trailbuddy_simulator';
export const DEFAULT_PREMIUM_PRICE: SimPrice = {
  id: 'price_trailbuddy_premium_monthly_cad',
  currency: 'cad',
  unit_amount: 900,
  interval: 'month',
  product: 'prod_trailbuddy_premium',
};

/** Where events go: an HTTP endpoint (as Stripe posts them), or a function (tests calling the handler in process). */
export interface WebhookEndpoint {
  secret: string;
  url?: string;
  deliver?: (delivery: SignedDelivery) => Promise<number>;
}

export interface DeliveryRecord {
  eventId: string;
  type: string;
  status: number;
}

export interface StripeSimulatorOptions {
  port?: number;
  host?: string;
  /** The billing clock's base (advanced by renewals); signatures always use the wall clock, as Stripe's test clocks do. */
  clock?: () => Date;
  secretKey?: string;
  webhook?: WebhookEndpoint;
  prices?: SimPrice[];
}

export interface StripeSimulatorControl {
  setWebhookEndpoint(endpoint: WebhookEndpoint | null): void;
  /** Pays an open Checkout Session as the hosted page would with this card (default: the success card). */
  payCheckout(
    sessionId: string,
    options?: { card?: string; email?: string },
  ): Promise<'paid' | 'declined' | 'authentication_required'>;
  /** The billing clock moves to the period's end and the renewal is paid or fails (past_due). */
  renew(subscriptionId: string, outcome?: 'paid' | 'failed'): Promise<void>;
  cancelAtPeriodEnd(subscriptionId: string, cancel?: boolean): Promise<void>;
  /** Moves the billing clock (negative: into the past, so a test can start a subscription weeks ago). */
  advanceClock(ms: number): void;
  cancelNow(subscriptionId: string): Promise<void>;
  /** While on, every API call (/v1/…) answers 500 `api_error`, as during a Stripe outage; hosted pages still work. */
  outage(on: boolean): void;
  refund(subscriptionId: string): Promise<void>;
  dispute(subscriptionId: string): Promise<void>;
  /** While held, events queue instead of going out; `release` sends them in the order given (default: as created). */
  holdDeliveries(hold: boolean): void;
  held(): SignedDelivery[];
  release(eventIds?: string[]): Promise<void>;
  /** Sends an event again, freshly signed (Stripe retries and "Resend" in the Dashboard do this). */
  resend(eventId: string): Promise<number>;
  /** Signs a payload as Stripe would, for tests that forge or tamper. */
  sign(payload: string, secret?: string, timestampSeconds?: number): string;
  events(type?: string): StripeEvent[];
  deliveries(): DeliveryRecord[];
  subscriptions(): Record<string, unknown>[];
  sessions(): Record<string, unknown>[];
  reset(): void;
}

export interface StripeSimulator {
  /** Base URL; the SDK's host/port/protocol are taken from it (stripeClientOptions). */
  url: string;
  secretKey: string;
  price: SimPrice;
  control: StripeSimulatorControl;
  stop(): Promise<void>;
}

/** The SDK options that point `new Stripe(key, options)` at a simulator's base URL. */
export function stripeClientOptions(baseUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(baseUrl);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return { host: url.hostname, port: Number(url.port || (protocol === 'https' ? 443 : 80)), protocol };
}

export async function startStripeSimulator(options: StripeSimulatorOptions = {}): Promise<StripeSimulator> {
  const secretKey = options.secretKey ?? DEFAULT_STRIPE_SECRET_KEY;
  const prices = options.prices ?? [DEFAULT_PREMIUM_PRICE];
  const fresh = () => new StripeWorld(options.clock ?? (() => new Date()), prices);
  const state = {
    world: fresh(),
    endpoint: options.webhook ?? null,
    hold: false,
    outage: false,
    held: [] as SignedDelivery[],
    deliveries: [] as DeliveryRecord[],
    baseUrl: '',
  };

  const signed = (event: StripeEvent, secret: string): SignedDelivery => {
    const payload = JSON.stringify(event, null, 2);
    return {
      eventId: event.id,
      type: event.type,
      payload,
      signature: signPayload(payload, secret, Math.floor(Date.now() / 1000)),
    };
  };

  async function send(delivery: SignedDelivery): Promise<number> {
    const endpoint = state.endpoint;
    if (!endpoint) return 0;
    let status = 0;
    try {
      if (endpoint.deliver) status = await endpoint.deliver(delivery);
      else if (endpoint.url) {
        const response = await fetch(endpoint.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': delivery.signature,
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: delivery.payload,
          signal: AbortSignal.timeout(10_000),
        });
        status = response.status;
      }
    } catch {
      status = 0;
    }
    state.deliveries.push({ eventId: delivery.eventId, type: delivery.type, status });
    return status;
  }

  async function emit(events: StripeEvent[]): Promise<void> {
    const endpoint = state.endpoint;
    if (!endpoint) return;
    for (const event of events) {
      const delivery = signed(event, endpoint.secret);
      if (state.hold) state.held.push(delivery);
      else await send(delivery);
    }
  }

  async function pay(sessionId: string, card: string, email: string) {
    const digits = card.replace(/\D/g, '');
    if (digits === TEST_CARDS.declined) return 'declined' as const;
    if (digits === TEST_CARDS.authenticationRequired) {
      state.world.session(sessionId).__awaitingAuthentication = true;
      return 'authentication_required' as const;
    }
    if (digits !== TEST_CARDS.success) return 'declined' as const;
    await emit(state.world.completeCheckout(sessionId, email));
    return 'paid' as const;
  }

  const control: StripeSimulatorControl = {
    setWebhookEndpoint: (endpoint) => {
      state.endpoint = endpoint;
    },
    payCheckout: (sessionId, opts = {}) =>
      pay(sessionId, opts.card ?? TEST_CARDS.success, opts.email ?? 'member@example.com'),
    renew: (id, outcome = 'paid') => emit(state.world.renew(id, outcome)),
    cancelAtPeriodEnd: (id, cancel = true) => emit(state.world.setCancelAtPeriodEnd(id, cancel)),
    advanceClock: (ms) => state.world.advanceClock(ms),
    cancelNow: (id) => emit(state.world.cancelNow(id)),
    outage: (on) => {
      state.outage = on;
    },
    refund: (id) => emit(state.world.refundOrDispute(id, 'refund')),
    dispute: (id) => emit(state.world.refundOrDispute(id, 'dispute')),
    holdDeliveries: (hold) => {
      state.hold = hold;
    },
    held: () => [...state.held],
    release: async (eventIds) => {
      const order = eventIds ?? state.held.map((d) => d.eventId);
      for (const id of order) {
        const index = state.held.findIndex((d) => d.eventId === id);
        if (index < 0) throw new Error(`No held delivery for ${id}`);
        const [delivery] = state.held.splice(index, 1);
        await send(delivery!);
      }
    },
    resend: async (eventId) => {
      if (!state.endpoint) throw new Error('No webhook endpoint');
      return send(signed(state.world.event_(eventId), state.endpoint.secret));
    },
    sign: (payload, secret, timestampSeconds) =>
      signPayload(
        payload,
        secret ?? state.endpoint?.secret ?? DEFAULT_STRIPE_WEBHOOK_SECRET,
        timestampSeconds ?? Math.floor(Date.now() / 1000),
      ),
    events: (type) => state.world.events.filter((e) => type === undefined || e.type === type),
    deliveries: () => [...state.deliveries],
    subscriptions: () => [...state.world.subscriptions.values()].map((s) => structuredClone(s)),
    sessions: () => [...state.world.sessions.values()].map((s) => state.world.publicSession(s)),
    reset: () => {
      state.world = fresh();
      state.held = [];
      state.deliveries = [];
      state.hold = false;
      state.outage = false;
    },
  };

  const running = await startSimulatorServer<Outcome>({
    port: options.port,
    host: options.host,
    takeFault: (path) => (state.outage && path.startsWith('/v1/') ? { status: 500 } : undefined),
    faultBody: () => ({ error: { type: 'api_error', message: 'Simulated failure.' } }),
    record: () => undefined,
    route: (request) => route(request.method, request.path, request.query, request.req, request.res),
    control: ({ method, path, req }, reply) => handleControl(control, method, path, req, reply),
  });
  state.baseUrl = running.url;

  async function route(
    method: string,
    path: string,
    query: URLSearchParams,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<Outcome | null> {
    try {
      if (path.startsWith('/v1/')) return await api(method, path, query, req);
      return await hosted(method, path, req, res);
    } catch (error) {
      if (error instanceof StripeRequestError) return { status: error.status, body: error.body };
      throw error;
    }
  }

  async function api(method: string, path: string, query: URLSearchParams, req: IncomingMessage): Promise<Outcome> {
    const params = parseStripeForm(method === 'GET' || method === 'DELETE' ? query.toString() : await readBody(req));
    if (bearer(req) !== secretKey)
      return {
        status: 401,
        body: {
          error: {
            type: 'invalid_request_error',
            message: 'Invalid API Key provided. Use the simulator\u2019s test key.',
          },
        },
      };
    const w = state.world;
    const [, , resource, id, sub, action] = path.split('/');
    const ok = (body: unknown) => ({ status: 200, body });
    if (path === '/v1/checkout/sessions' && method === 'POST')
      return ok(w.createCheckoutSession(params, state.baseUrl));
    if (resource === 'checkout' && id === 'sessions' && sub && method === 'GET' && !action)
      return ok(w.publicSession(w.session(sub)));
    if (resource === 'checkout' && id === 'sessions' && sub && action === 'expire' && method === 'POST') {
      const expired = w.expireCheckoutSession(sub);
      await emit(expired);
      return ok(w.publicSession(w.session(sub)));
    }
    if (path === '/v1/billing_portal/sessions' && method === 'POST')
      return ok(w.createPortalSession(params, state.baseUrl));
    if (resource === 'subscriptions' && !id && method === 'GET')
      return ok(
        w.listSubscriptions(
          typeof params.customer === 'string' ? params.customer : null,
          typeof params.status === 'string' ? params.status : null,
        ),
      );
    if (resource === 'subscriptions' && id && method === 'GET') return ok(w.subscription(id));
    if (resource === 'subscriptions' && id && method === 'DELETE') {
      if (w.subscription(id).status === 'canceled')
        throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
      await emit(w.cancelNow(id));
      return ok(w.subscription(id));
    }
    if (resource === 'subscriptions' && id && method === 'POST') {
      if (params.cancel_at_period_end !== undefined)
        await emit(w.setCancelAtPeriodEnd(id, params.cancel_at_period_end === 'true'));
      return ok(w.subscription(id));
    }
    if (resource === 'charges' && id && method === 'GET') return ok(w.charge(id));
    if (resource === 'events' && id && method === 'GET') return ok(w.event_(id));
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } },
    };
  }

  async function hosted(method: string, path: string, req: IncomingMessage, res: ServerResponse): Promise<null> {
    const w = state.world;
    const html = (status: number, body: string): null => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(body);
      return null;
    };
    const form = method === 'POST' ? new URLSearchParams(await readBody(req)) : new URLSearchParams();
    const checkout = /^\/c\/pay\/([\w-]+)(\/cancel|\/authenticate)?$/.exec(path);
    if (checkout) {
      const session = w.sessions.get(checkout[1]!);
      if (!session) return html(404, 'This Checkout Session does not exist.');
      const successUrl = () => String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', String(session.id));
      if (session.status !== 'open')
        return session.status === 'complete'
          ? redirect(res, successUrl(), () => undefined)
          : html(410, 'This Checkout Session has expired.');
      if (checkout[2] === '/cancel') return redirect(res, String(session.cancel_url ?? state.baseUrl), () => undefined);
      const view = session as Parameters<typeof renderCheckoutPage>[0];
      if (checkout[2] === '/authenticate' && method === 'POST') {
        if (!session.__awaitingAuthentication) return html(400, 'No payment is waiting for authentication.');
        session.__awaitingAuthentication = false;
        if (form.get('decision') !== 'complete')
          return html(402, renderCheckoutPage(view, 'We are unable to authenticate your payment method.'));
        await emit(w.completeCheckout(String(session.id), form.get('email') ?? ''));
        return redirect(res, successUrl(), () => undefined);
      }
      if (method === 'GET' && !checkout[2]) return html(200, renderCheckoutPage(view));
      if (method === 'POST' && !checkout[2]) {
        const email = form.get('email') ?? '';
        const outcome = await pay(String(session.id), form.get('card') ?? '', email);
        if (outcome === 'paid') return redirect(res, successUrl(), () => undefined);
        if (outcome === 'authentication_required')
          return html(200, renderAuthenticationPage(String(session.id), email));
        return html(402, renderCheckoutPage(view, 'Your card was declined.'));
      }
    }
    const portal = /^\/p\/session\/([\w-]+)(\/cancel|\/resume)?$/.exec(path);
    if (portal) {
      const session = w.portalSessions.get(portal[1]!);
      if (!session) return html(404, 'This portal session does not exist.');
      if (method === 'POST' && portal[2]) {
        const subscription = w.subscription(form.get('subscription') ?? '');
        if (subscription.customer !== session.customer) throw invalid('Not this customer\u2019s subscription.');
        await emit(w.setCancelAtPeriodEnd(String(subscription.id), portal[2] === '/cancel'));
        return redirect(res, `/p/session/${String(session.id)}`, () => undefined);
      }
      if (method === 'GET' && !portal[2]) {
        const subscriptions = [...w.subscriptions.values()]
          .filter((s) => s.customer === session.customer)
          .map((s) => ({
            id: String(s.id),
            status: String(s.status),
            cancelAtPeriodEnd: s.cancel_at_period_end === true,
            periodEnd: Number(itemOf(s).current_period_end),
          }));
        return html(
          200,
          renderPortalPage(String(session.id), (session.return_url as string | null) ?? null, subscriptions),
        );
      }
    }
    return html(404, 'Not found.');
  }

  return { url: running.url, secretKey, price: prices[0]!, control, stop: running.stop };
}

/**
 * Stripe's request encoding: application/x-www-form-urlencoded with bracketed keys (`line_items[0][price]`,
 * `subscription_data[metadata][userId]`); numeric keys make arrays.
 */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

async function handleControl(
  control: StripeSimulatorControl,
  method: string,
  path: string,
  req: IncomingMessage,
  reply: (status: number, payload: unknown) => void,
): Promise<void> {
  const parts = path.split('/').filter(Boolean).slice(1).map(decodeURIComponent);
  try {
    const body = (method === 'GET' ? {} : await readJson(req)) as Record<string, unknown>;
    const [resource, id, action] = parts;
    if (resource === 'health' && method === 'GET') return reply(200, { status: 'ok' });
    if (resource === 'reset' && method === 'POST') {
      control.reset();
      return reply(204, null);
    }
    if (resource === 'events' && !id && method === 'GET') return reply(200, control.events());
    if (resource === 'events' && action === 'resend' && method === 'POST')
      return reply(200, { status: await control.resend(id!) });
    if (resource === 'deliveries' && method === 'GET') return reply(200, control.deliveries());
    if (resource === 'outage' && method === 'POST') {
      control.outage(body.on !== false);
      return reply(204, null);
    }
    if (resource === 'hold' && method === 'POST') {
      control.holdDeliveries(body.hold !== false);
      return reply(204, null);
    }
    if (resource === 'release' && method === 'POST') {
      await control.release(Array.isArray(body.eventIds) ? (body.eventIds as string[]) : undefined);
      return reply(204, null);
    }
    if (resource === 'checkout-sessions' && action === 'pay' && method === 'POST')
      return reply(200, { outcome: await control.payCheckout(id!, body as { card?: string; email?: string }) });
    if (resource === 'subscriptions' && !id && method === 'GET') return reply(200, control.subscriptions());
    if (resource === 'clock' && method === 'POST') {
      control.advanceClock(Number(body.advanceMs ?? 0));
      return reply(204, null);
    }
    if (resource === 'subscriptions' && id && method === 'POST') {
      if (action === 'renew') await control.renew(id, body.outcome === 'failed' ? 'failed' : 'paid');
      else if (action === 'cancel-at-period-end') await control.cancelAtPeriodEnd(id, body.cancel !== false);
      else if (action === 'cancel') await control.cancelNow(id);
      else if (action === 'refund') await control.refund(id);
      else if (action === 'dispute') await control.dispute(id);
      else return reply(404, { error: `unknown action ${action}` });
      return reply(204, null);
    }
    return reply(404, { error: `unknown control path ${path}` });
  } catch (error) {
    reply(400, { error: error instanceof Error ? error.message : String(error) });
  }
}
