import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { planDateOf } from '../../functions/shared/schemas/group-activities';
import { NotificationsResponse } from '../../functions/shared/schemas/notifications';
import { useBrowserPage } from '../support/chromium';
import { createActivityThroughForm, joinFromNearby, secondSession } from '../support/e2e-activities';
import { createConfirmedUser, idTokenOf, newEmail, signInThroughUi } from '../support/e2e-accounts';

const stack = inject('stack');
// Meeting times are wall-clock times in Vancouver: every browser here sits in another zone, and they must still read as typed.
const currentPage = useBrowserPage(stack.url, { timezoneId: 'Asia/Tokyo' });

async function notificationsVia(page: Page): Promise<NotificationsResponse['notifications']> {
  const res = await fetch(`${stack.url}/api/notifications`, {
    headers: { authorization: `Bearer ${await idTokenOf(page)}` },
  });
  expect(res.status).toBe(200);
  return NotificationsResponse.parse(await res.json()).notifications;
}

describe('planning together in a real browser', () => {
  it('A creates an activity, B joins and offers a ride, A books the seat, and both are notified', async () => {
    const pageA = currentPage();
    const [emailA, emailB] = [newEmail('organizer'), newEmail('driver')];
    await Promise.all([createConfirmedUser(stack, emailA), createConfirmedUser(stack, emailB)]);
    const b = await secondSession(pageA, stack.url, { timezoneId: 'UTC' });
    const pageB = b.page;
    try {
      await signInThroughUi(pageA, emailA);
      await signInThroughUi(pageB, emailB);
      const title = `Grouse Grind ${Date.now().toString(36)}`;

      // A creates the activity through the form; it resets afterwards and shows up in A's list.
      const form = await createActivityThroughForm(pageA, {
        title,
        date: planDateOf(new Date(Date.now() + 3 * 86_400_000)),
        location: 'Grouse Mountain base',
      });
      expect(await form.getByLabel('Title').inputValue()).toBe('');
      const mine = pageA.locator('section', { has: pageA.getByRole('heading', { name: 'Your upcoming activities' }) });
      await expect.poll(() => mine.getByText(title).isVisible(), { timeout: 15_000 }).toBe(true);

      // B finds it nearby (North Vancouver) and joins.
      expect(await joinFromNearby(pageB, title)).toContain('1/4 participants');

      // B offers a ride from the activity page.
      await pageB
        .getByRole('link', { name: `View details of ${title}` })
        .first()
        .click();
      await pageB.waitForURL('**/plan-activity/*');
      const activityPath = new URL(pageB.url()).pathname;
      await expect
        .poll(() => pageB.getByRole('button', { name: 'Leave Activity' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await pageB.getByRole('button', { name: 'Offer a Ride' }).click();
      const offer = pageB.getByRole('form', { name: 'Offer a ride' });
      await offer.getByLabel('Vehicle make').fill('Subaru');
      await offer.getByLabel('Vehicle model').fill('Outback');
      await offer.getByLabel('Vehicle year').fill('2021');
      await offer.getByLabel('Vehicle colour').fill('Green');
      await offer.getByLabel('Seats offered').selectOption('3');
      await offer.getByLabel('Departure time').fill('07:15');
      await offer.getByLabel('Pickup locations').fill('Kitsilano Beach parking\nBurrard SkyTrain Station');
      await offer.getByLabel('Cost per person ($)').fill('20');
      await offer.getByRole('button', { name: 'Offer Ride' }).click();
      // Above cost recovery: refused on the spot, with the reason.
      await expect.poll(() => offer.getByText(/ask at most \$15 per person/).isVisible()).toBe(true);
      await offer.getByLabel('Cost per person ($)').fill('10');
      await offer.getByRole('button', { name: 'Offer Ride' }).click();
      await expect
        .poll(() => pageB.getByText('Your ride is offered to the group.').isVisible(), { timeout: 15_000 })
        .toBe(true);

      // A books the seat from the same page.
      await pageA.goto(activityPath);
      const rides = pageA.locator('section', { has: pageA.getByRole('heading', { name: 'Rides' }) });
      const ride = rides.getByRole('listitem').filter({ hasText: 'Subaru Outback' });
      await expect
        .poll(() => ride.getByRole('button', { name: 'Join Ride' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(await ride.textContent()).toContain('3 of 3');
      // As typed, in a Tokyo browser (A) and a UTC browser (B): the departure 7:15 a.m. next to the activity's 8:00 a.m.
      expect(await ride.textContent()).toContain('7:15 a.m.');
      expect(await pageA.getByText(/ at 8:00 a\.m\. · Grouse Mountain base/).isVisible()).toBe(true);
      await pageB.reload();
      const ownRide = pageB
        .locator('section', { has: pageB.getByRole('heading', { name: 'Rides' }) })
        .getByRole('listitem')
        .filter({ hasText: 'Subaru Outback' });
      await expect.poll(() => ownRide.textContent(), { timeout: 15_000 }).toContain('7:15 a.m.');
      expect(await pageB.getByText(/ at 8:00 a\.m\. · Grouse Mountain base/).isVisible()).toBe(true);
      await ride.getByRole('button', { name: 'Join Ride' }).click();
      await expect
        .poll(() => ride.getByRole('button', { name: 'Cancel My Seat' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(await ride.textContent()).toContain('2 of 3');

      // Both are told: A that B joined, B that A booked a seat.
      await pageA.goto('/notifications');
      await expect
        .poll(() => pageA.getByText(new RegExp(`joined ${title}\\.`)).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await pageB.goto('/notifications');
      await expect
        .poll(() => pageB.getByText(new RegExp(`booked a seat in your ride to ${title}\\.`)).isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      expect((await notificationsVia(pageA)).map((n) => n.type)).toContain('activity_joined');
      expect((await notificationsVia(pageB)).map((n) => n.type)).toContain('ride_booked');
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
    // Two users and a dozen page loads: longer than one journey's default on a busy machine.
  }, 150_000);
});

describe('demo rides in a browser far from Vancouver', () => {
  it('shows the sample departure as typed (7:15 a.m. for the 8:00 a.m. Grouse Grind) in a Tokyo browser', async () => {
    const page = currentPage();
    await page.goto('/dashboard?demo=true');
    const upcoming = page
      .locator('section', { has: page.getByRole('heading', { name: 'Upcoming Activities' }) })
      .getByRole('listitem')
      .filter({ hasText: 'Grouse Grind Challenge' });
    await expect.poll(() => upcoming.textContent(), { timeout: 15_000 }).toContain('at 8:00 a.m.');
    await page.getByRole('tab', { name: 'Find Rides' }).click({ timeout: 10_000 });
    const ride = page.getByRole('listitem').filter({ hasText: 'Subaru Outback' });
    await expect.poll(() => ride.textContent(), { timeout: 15_000 }).toContain('7:15 a.m.');
  });
});
