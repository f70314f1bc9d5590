import { describe, expect, it } from 'vitest';
import { BillingResponse } from '@shared/schemas/billing';
import { createBillingDemoApi } from '@/features/billing/demo/billing-demo';
import { ApiError } from '@/lib/api/api-error';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const now = new Date('2026-11-29T18:00:00.000Z');
const demoApi = (storage = memoryStorage()) =>
  createBillingDemoApi({ now: () => now, origin: 'https://demo.test', storage, wait: async () => {} });

describe('Premium in demo mode', () => {
  it('starts on the free plan, in the server’s shape', async () => {
    const plan = BillingResponse.parse(await demoApi().billing());
    expect(plan).toMatchObject({ plan: 'free', premiumUntil: null, canManageBilling: false });
  });

  it('Upgrade makes the demo member Premium for a month without payment, and returns as Checkout does', async () => {
    const storage = memoryStorage();
    const api = demoApi(storage);
    expect(await api.startCheckout()).toEqual({ url: 'https://demo.test/profile/billing?checkout=success' });
    // Kept for the tab: another client on the same storage (the page reloaded) sees Premium.
    expect(BillingResponse.parse(await demoApi(storage).billing())).toMatchObject({
      plan: 'premium',
      premiumUntil: '2026-12-29T18:00:00.000Z',
      cancelAtPeriodEnd: false,
      pastDue: null,
    });
    await expect(api.startCheckout()).rejects.toMatchObject({ status: 409, code: 'already_premium' });
  });

  it('has no billing portal, and says why', async () => {
    const failure = await demoApi()
      .openBillingPortal()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, code: 'no_billing_account' });
    expect((failure as ApiError).message).toMatch(/^Demo mode has no billing portal/);
  });
});
