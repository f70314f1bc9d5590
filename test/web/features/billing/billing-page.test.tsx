import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BillingResponse } from '@shared/schemas/billing';
import { BillingScreen } from '@/features/billing/routes/billing-page';
import { ApiError, type ApiClient } from '@/lib/api-client';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../test-utils';

const FREE: BillingResponse = {
  plan: 'free',
  premiumUntil: null,
  cancelAtPeriodEnd: false,
  pastDue: null,
  canManageBilling: false,
};
// Midday UTC: the same calendar day in every time zone the tests may run in.
const PREMIUM: BillingResponse = {
  plan: 'premium',
  premiumUntil: '2026-12-29T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  pastDue: null,
  canManageBilling: true,
};
const CHECKOUT_URL = 'https://checkout.stripe.com/c/pay/cs_test_1';
const PORTAL_URL = 'https://billing.stripe.com/p/session/bps_1';

function renderBilling(
  overrides: Partial<ApiClient>,
  { path = '/profile/billing', confirmPollMs = 20, confirmPatienceMs = 5_000 } = {},
) {
  const leave = vi.fn<(url: string) => void>();
  const apiClient = createFakeApiClient(overrides);
  renderRoutes(
    [
      {
        path: '/profile/billing',
        element: <BillingScreen leave={leave} confirmPollMs={confirmPollMs} confirmPatienceMs={confirmPatienceMs} />,
      },
    ],
    { path, service: createFakeAuthService(SIGNED_IN_USER), apiClient },
  );
  return { leave, apiClient };
}

const plan = () => screen.getByRole('region', { name: 'Your plan' });

describe('Plan & billing', () => {
  it('shows a spinner while the plan loads', async () => {
    renderBilling({ billing: vi.fn(() => new Promise<BillingResponse>(() => {})) });
    expect(await screen.findByRole('status', { name: 'Loading your plan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
  });

  it('says why the plan did not load, and loads it on Try Again', async () => {
    const billing = vi
      .fn<ApiClient['billing']>()
      .mockRejectedValueOnce(new ApiError(500, 'internal_error', 'boom'))
      .mockResolvedValue(FREE);
    renderBilling({ billing });
    expect(await screen.findByRole('alert')).toHaveTextContent('TrailBuddy is having trouble right now.');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Upgrade to Premium' })).toBeInTheDocument();
    expect(billing).toHaveBeenCalledTimes(2);
  });

  it('shows the free plan with what Premium costs, and no billing to manage before the first checkout', async () => {
    renderBilling({ billing: vi.fn(async () => FREE) });
    await screen.findByRole('button', { name: 'Upgrade to Premium' });
    expect(within(plan()).getByText('Free')).toBeInTheDocument();
    expect(plan()).toHaveTextContent('Premium is $9/month (CAD)');
    expect(plan()).toHaveTextContent('makes messaging your partners unlimited');
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your Premium renewal payment failed' })).toBeNull();
  });

  it('Upgrade to Premium starts a checkout and sends the browser to its page', async () => {
    let answer: (value: { url: string }) => void = () => {};
    const startCheckout = vi.fn(() => new Promise<{ url: string }>((resolve) => (answer = resolve)));
    const { leave } = renderBilling({ billing: vi.fn(async () => FREE), startCheckout });
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    expect(screen.getByRole('button', { name: 'Opening checkout…' })).toBeDisabled();
    answer({ url: CHECKOUT_URL });
    await waitFor(() => expect(leave).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(startCheckout).toHaveBeenCalledTimes(1);
  });

  it('works from the keyboard: Tab to Upgrade to Premium and press Enter', async () => {
    const startCheckout = vi.fn(async () => ({ url: CHECKOUT_URL }));
    const { leave } = renderBilling({ billing: vi.fn(async () => FREE), startCheckout });
    const upgrade = await screen.findByRole('button', { name: 'Upgrade to Premium' });
    const user = userEvent.setup();
    for (let tab = 0; tab < 10 && document.activeElement !== upgrade; tab++) await user.tab();
    expect(upgrade).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(leave).toHaveBeenCalledWith(CHECKOUT_URL));
  });

  it('says why a checkout could not start, and reads the plan again when it is already Premium', async () => {
    const billing = vi.fn<ApiClient['billing']>().mockResolvedValueOnce(FREE).mockResolvedValue(PREMIUM);
    const startCheckout = vi.fn(async () => {
      throw new ApiError(409, 'already_premium', 'You already have Premium.');
    });
    const { leave } = renderBilling({ billing, startCheckout });
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have Premium.');
    expect(await within(plan()).findByText('Premium')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
    expect(leave).not.toHaveBeenCalled();
  });

  it('shows Premium with its price and renewal date; Manage billing opens the billing portal', async () => {
    const openBillingPortal = vi.fn(async () => ({ url: PORTAL_URL }));
    const { leave } = renderBilling({ billing: vi.fn(async () => PREMIUM), openBillingPortal });
    await userEvent.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(PORTAL_URL));
    expect(within(plan()).getByText('Premium')).toBeInTheDocument();
    expect(within(plan()).getByText('$9/month (CAD)')).toBeInTheDocument();
    expect(plan()).toHaveTextContent('Premium until December 29, 2026; it renews then.');
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
  });

  it('says when a cancelled Premium ends', async () => {
    renderBilling({ billing: vi.fn(async () => ({ ...PREMIUM, cancelAtPeriodEnd: true })) });
    expect(await within(plan()).findByText(/^Cancels on December 29, 2026\./)).toBeInTheDocument();
  });

  it('after a failed renewal: a banner with the grace end date and a way to update the card', async () => {
    const graceEndsAt = '2026-12-06T12:00:00.000Z';
    const openBillingPortal = vi.fn(async () => ({ url: PORTAL_URL }));
    const { leave } = renderBilling({
      billing: vi.fn(async () => ({ ...PREMIUM, premiumUntil: graceEndsAt, pastDue: { graceEndsAt } })),
      openBillingPortal,
    });
    const banner = await screen.findByRole('region', { name: 'Your Premium renewal payment failed' });
    expect(banner).toHaveTextContent('Premium stays on until December 6, 2026');
    await userEvent.click(within(banner).getByRole('button', { name: 'Update your card' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(PORTAL_URL));
  });

  it('back from a paid checkout: confirming the payment until the webhook makes it Premium, then welcome', async () => {
    const billing = vi
      .fn<ApiClient['billing']>()
      .mockResolvedValueOnce(FREE)
      .mockResolvedValueOnce(FREE)
      .mockResolvedValue(PREMIUM);
    renderBilling({ billing }, { path: '/profile/billing?checkout=success' });
    expect(await screen.findByRole('status', { name: 'Confirming your payment…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome to Premium' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Confirming your payment…' })).toBeNull();
    const calls = billing.mock.calls.length;
    expect(calls).toBeGreaterThanOrEqual(3);
    // Premium: no more polling.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(billing.mock.calls.length).toBe(calls);
  });

  it('back from a paid checkout whose webhook is late: says what to expect, and stops asking', async () => {
    const billing = vi.fn(async () => FREE);
    renderBilling({ billing }, { path: '/profile/billing?checkout=success', confirmPatienceMs: 100 });
    expect(await screen.findByText(/Your payment is still being confirmed/)).toBeInTheDocument();
    const calls = billing.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(billing.mock.calls.length).toBe(calls);
  });

  it('back from a cancelled checkout: nothing was charged', async () => {
    renderBilling({ billing: vi.fn(async () => FREE) }, { path: '/profile/billing?checkout=cancelled' });
    expect(
      await screen.findByText('Checkout was cancelled and nothing was charged. You are still on the free plan.'),
    ).toBeInTheDocument();
  });
});
