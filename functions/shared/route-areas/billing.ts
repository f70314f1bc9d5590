import type { RouteDefinition, ScheduledJobDefinition } from '../routes';

const billing = (name: string) => `functions/handlers/billing/${name}.ts`;

/** Premium through Stripe: Checkout, the Customer Portal, the plan, and Stripe's webhook (docs/billing.md). */
export const BILLING_ROUTES: readonly RouteDefinition[] = [
  {
    id: 'get-billing',
    method: 'GET',
    path: '/api/billing',
    entry: billing('get-billing'),
    public: false,
    access: { users: 'read' },
  },
  {
    id: 'post-billing-checkout',
    method: 'POST',
    path: '/api/billing/checkout',
    entry: billing('post-checkout'),
    public: false,
    secrets: ['stripeSecretKey'],
    access: { users: 'write' },
  },
  {
    id: 'post-billing-portal',
    method: 'POST',
    path: '/api/billing/portal',
    entry: billing('post-portal'),
    public: false,
    secrets: ['stripeSecretKey'],
    access: { users: 'read' },
  },
  // Public: Stripe has no Cognito session; the handler verifies the Stripe-Signature instead.
  {
    id: 'post-billing-webhook',
    method: 'POST',
    path: '/api/billing/webhook',
    entry: billing('post-webhook'),
    public: true,
    secrets: ['stripeSecretKey', 'stripeWebhookSecret'],
    access: { users: 'write' },
  },
];

/** Ends at Stripe what deleted accounts left: their subscriptions, their open checkout (docs/billing.md). */
export const BILLING_SCHEDULED_JOBS: readonly ScheduledJobDefinition[] = [
  {
    id: 'billing-stripe-cleanup',
    entry: billing('stripe-cleanup-job'),
    schedule: 'rate(1 minute)',
    secrets: ['stripeSecretKey'],
    access: { users: 'write' },
  },
];
