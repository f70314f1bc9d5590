import { escapeHtml } from '../strava/consent-page';

/** The hosted pages: Checkout's payment form, its 3D Secure step, and the Customer Portal. Plain HTML forms. */
const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Stripe simulator</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.75rem 0 .25rem}
input{width:100%;padding:.5rem;box-sizing:border-box}button{margin-top:1rem;padding:.6rem 1rem}.error{color:#b00020}</style>
</head><body><p><small>Stripe simulator (test mode)</small></p>${body}</body></html>`;

const money = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;

export function renderCheckoutPage(
  session: { id: string; amount_total: unknown; currency: unknown; customer_email: unknown; cancel_url: unknown },
  error?: string,
): string {
  const cancel = session.cancel_url ? `<p><a href="/c/pay/${session.id}/cancel">Cancel and go back</a></p>` : '';
  return page(
    'Subscribe',
    `<h1>Subscribe to TrailBuddy Premium</h1>
<p>${escapeHtml(money(Number(session.amount_total), String(session.currency)))} per month</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/c/pay/${session.id}">
<label for="email">Email</label><input id="email" name="email" type="email" value="${escapeHtml(String(session.customer_email ?? ''))}" required>
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<label for="exp">Expiry (MM / YY)</label><input id="exp" name="exp" placeholder="12 / 34">
<label for="cvc">CVC</label><input id="cvc" name="cvc" placeholder="123">
<button type="submit">Subscribe</button>
</form>${cancel}
<p><small>Test cards: 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined), 4000 0025 0000 3155 (asks for authentication).</small></p>`,
  );
}

export function renderAuthenticationPage(sessionId: string, email: string): string {
  return page(
    'Authenticate',
    `<h1>Confirm this payment</h1><p>Your bank asks you to confirm this payment (3D Secure test).</p>
<form method="post" action="/c/pay/${sessionId}/authenticate"><input type="hidden" name="email" value="${escapeHtml(email)}">
<button type="submit" name="decision" value="complete">Complete authentication</button>
<button type="submit" name="decision" value="fail">Fail authentication</button></form>`,
  );
}

export function renderPortalPage(
  sessionId: string,
  returnUrl: string | null,
  subscriptions: { id: string; status: string; cancelAtPeriodEnd: boolean; periodEnd: number }[],
): string {
  const rows = subscriptions
    .map((s) => {
      const until = new Date(s.periodEnd * 1000).toISOString().slice(0, 10);
      const action = s.status === 'canceled' ? '' : s.cancelAtPeriodEnd ? 'resume' : 'cancel';
      const label = action === 'resume' ? 'Renew plan' : 'Cancel plan';
      const form = action
        ? `<form method="post" action="/p/session/${sessionId}/${action}"><input type="hidden" name="subscription" value="${escapeHtml(s.id)}"><button type="submit">${label}</button></form>`
        : '';
      const state = s.cancelAtPeriodEnd
        ? `cancels on ${until}`
        : s.status === 'canceled'
          ? 'canceled'
          : `renews on ${until}`;
      return `<li>TrailBuddy Premium — ${escapeHtml(s.status)}, ${escapeHtml(state)}${form}</li>`;
    })
    .join('');
  const back = returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Return to TrailBuddy</a></p>` : '';
  return page('Billing', `<h1>Manage your billing</h1><ul>${rows || '<li>No subscriptions.</li>'}</ul>${back}`);
}
