import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { BillingResponse } from '../../functions/shared/schemas/billing';
import { MESSAGE_QUOTA_EXCEEDED_MESSAGE } from '../../functions/shared/schemas/messages';
import type { ProfileSettingsInput } from '../../functions/shared/schemas/profile';
import { axeViolations, describeViolations } from '../support/axe';
import { useBrowserPage } from '../support/chromium';
import { createConfirmedUser, idTokenOf, newEmail, signInThroughUi } from '../support/e2e-accounts';
import { secondSession } from '../support/e2e-activities';
import { simulatorControl } from '../support/simulator-control';

const stack = inject('stack');
const currentPage = useBrowserPage(stack.url, { timezoneId: 'America/Vancouver' });
const SHOTS = '/tmp/premium-shots';

async function api(page: Page, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${stack.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${await idTokenOf(page)}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function ok(response: Promise<Response>): Promise<Response> {
  const answered = await response;
  expect(answered.ok, `${answered.url}: ${await answered.clone().text()}`).toBe(true);
  return answered;
}

/** The signed-in member's id: the ID token's subject. */
async function userIdOf(page: Page): Promise<string> {
  const payload = (await idTokenOf(page)).split('.')[1]!;
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub;
}

const settings = (displayName: string, discoverable: boolean): ProfileSettingsInput => ({
  displayName,
  homeArea: 'north-vancouver',
  activities: ['running'],
  availability: ['weekends'],
  bio: '',
  discoverable,
  visibleFields: ['homeArea', 'activities', 'level', 'availability', 'bio'],
});

const visible = (locator: ReturnType<Page['getByText']>, timeout = 15_000) =>
  expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

async function sendMessage(page: Page, text: string) {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await visible(page.getByRole('list', { name: /^Messages with / }).getByText(text));
}

async function plan(page: Page): Promise<BillingResponse> {
  return BillingResponse.parse(await (await ok(api(page, 'GET', '/billing'))).json());
}

/** The plan screen at both widths, for a look; the page never scrolls sideways. */
async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
        .documentElement;
      return root.scrollWidth - (globalThis as unknown as { innerWidth: number }).innerWidth;
    });
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** "December 29, 2026", as the screen writes a plan date (in the page's time zone). */
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'America/Vancouver' }).format(new Date(iso));

describe('Premium in a real browser', () => {
  it('a free member hits the quota, buys Premium on Checkout, messages on, cancels at period end, and sees a failed renewal', async () => {
    const page = currentPage();
    const partner = await secondSession(page, stack.url);
    try {
      const suffix = Math.random().toString(36).slice(2, 7);
      const [email, partnerEmail] = [newEmail('premium'), newEmail('premium-partner')];
      await Promise.all([createConfirmedUser(stack, email), createConfirmedUser(stack, partnerEmail)]);
      await signInThroughUi(page, email);
      await signInThroughUi(partner.page, partnerEmail);
      const [member, other] = [await userIdOf(page), await userIdOf(partner.page)];

      // Partners already (the partners journey shows how they become so).
      await ok(api(page, 'PUT', '/profile', settings(`Pia ${suffix}`, true)));
      await ok(api(partner.page, 'PUT', '/profile', settings(`Quinn ${suffix}`, false)));
      await ok(api(partner.page, 'POST', `/partners/${member}/connect`));
      await ok(api(page, 'POST', `/partners/${other}/accept`));

      // The free plan's five, then the quota and its way to Premium.
      await page.goto(`/messages?with=${other}`);
      for (let n = 1; n <= 5; n++) await sendMessage(page, `Trail note ${n} ${suffix}`);
      await visible(page.getByText(MESSAGE_QUOTA_EXCEEDED_MESSAGE));
      expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
      await page.getByRole('link', { name: 'Upgrade to Premium' }).click();
      await page.waitForURL('**/profile/billing');
      await visible(page.getByRole('region', { name: 'Your plan' }).getByText('Free', { exact: true }));
      await screenshots(page, 'plan-free');

      // Checkout, on the simulator's hosted page, with the test card that succeeds.
      await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
      await page.waitForURL('**/c/pay/**');
      const stripeUrl = new URL(page.url()).origin;
      expect(stripeUrl).not.toBe(new URL(stack.url).origin);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Subscribe' }).click();

      // Back on TrailBuddy: welcome, once the webhook has made the member Premium.
      await page.waitForURL('**/profile/billing?checkout=success');
      await visible(page.getByRole('heading', { name: 'Welcome to Premium' }));
      const premium = await plan(page);
      expect(premium).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: false, pastDue: null });
      const planCard = page.getByRole('region', { name: 'Your plan' });
      await visible(planCard.getByText(`Premium until ${longDate(premium.premiumUntil!)}; it renews then.`));
      await visible(planCard.getByText('$9/month (CAD)'));
      expect(describeViolations('/profile/billing', await axeViolations(page))).toEqual([]);
      await screenshots(page, 'plan-premium');

      // The sixth message goes through.
      await page.goto(`/messages?with=${other}`);
      await visible(page.getByText('Premium: unlimited messages.'));
      await sendMessage(page, `Sixth, as Premium ${suffix}`);

      // The portal: cancel at the period's end, then back; still Premium, until the date it cancels on.
      await page.goto('/profile/billing');
      await page.getByRole('button', { name: 'Manage billing' }).click();
      await page.waitForURL(`${stripeUrl}/p/session/**`);
      await page.getByRole('button', { name: 'Cancel plan' }).click();
      await visible(page.getByText(/cancels on \d{4}-\d{2}-\d{2}/));
      await page.getByRole('link', { name: 'Return to TrailBuddy' }).click();
      await page.waitForURL('**/profile/billing');
      const cancelling = await plan(page);
      expect(cancelling).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: true });
      await visible(planCard.getByText(`Cancels on ${longDate(cancelling.premiumUntil!)}.`, { exact: false }));
      expect(await planCard.getByText('Premium', { exact: true }).isVisible()).toBe(true);
      await screenshots(page, 'plan-cancelling');

      // Renewed again, then the renewal's payment fails (the simulator's control plane): the banner, and the portal.
      const subscriptions = await simulatorControl<{ id: string; metadata: Record<string, string> }[]>(
        stripeUrl,
        'GET',
        'subscriptions',
      );
      const subscription = subscriptions.find((s) => s.metadata.trailbuddyUserId === member)!;
      await simulatorControl(stripeUrl, 'POST', `subscriptions/${subscription.id}/cancel-at-period-end`, {
        cancel: false,
      });
      await simulatorControl(stripeUrl, 'POST', `subscriptions/${subscription.id}/renew`, { outcome: 'failed' });
      const pastDue = await plan(page);
      expect(pastDue).toMatchObject({ plan: 'premium', pastDue: { graceEndsAt: expect.any(String) } });
      await page.reload();
      const banner = page.getByRole('region', { name: 'Your Premium renewal payment failed' });
      await visible(
        banner.getByText(`Premium stays on until ${longDate(pastDue.pastDue!.graceEndsAt)}`, { exact: false }),
      );
      expect(describeViolations('/profile/billing past due', await axeViolations(page))).toEqual([]);
      await screenshots(page, 'plan-past-due');

      // During the grace Premium holds: another message goes through.
      await page.goto(`/messages?with=${other}`);
      await sendMessage(page, `During the grace ${suffix}`);

      // Update your card leads to the portal.
      await page.goto('/profile/billing');
      await banner.getByRole('button', { name: 'Update your card' }).click();
      await page.waitForURL(`${stripeUrl}/p/session/**`);
      await visible(page.getByRole('heading', { name: 'Manage your billing' }));
      // The grace's end (free limits back) needs the server's clock 7 days on, which a journey cannot move:
      // test/functions/billing/premium-messages.test.ts covers it at the API.
    } finally {
      await partner.close();
    }
  }, 240_000); // one long journey: two sign-ins, six messages, two hosted Stripe pages and four screenshots at two widths
});
