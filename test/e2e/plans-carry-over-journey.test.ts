import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatWallDate, planDateOf } from '../../functions/shared/schemas/group-activities';
import { DEFAULT_PROFILE_SETTINGS } from '../../functions/shared/schemas/profile';
import { NotificationsResponse } from '../../functions/shared/schemas/notifications';
import { useBrowserPage } from '../support/chromium';
import { createActivityThroughForm, joinFromNearby, secondSession } from '../support/e2e-activities';
import { createConfirmedUser, idTokenOf, newEmail, signInThroughUi } from '../support/e2e-accounts';
import type { EmulatorEmail } from '../support/ses-emulator';

const stack = inject('stack');
const currentPage = useBrowserPage(stack.url, { timezoneId: 'America/Vancouver' });
const SHOTS = '/tmp/plans-shots';

/** The outbox job, as EventBridge would run it, against the stack's tables and SES emulator. */
async function sendMailNow(): Promise<void> {
  Object.assign(process.env, stack.dynamoEnv, { SES_ENDPOINT: stack.emailUrl, SITE_URL: stack.url });
  const { sendDueEmails } = await import('../../functions/usecases/email');
  await sendDueEmails(new Date());
}

async function inbox(address: string): Promise<EmulatorEmail[]> {
  const res = await fetch(`${stack.emailUrl}/store`);
  const { emails } = (await res.json()) as { emails: EmulatorEmail[] };
  return emails.filter((e) => e.destination.to.includes(address));
}

async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

async function setDisplayName(page: Page, displayName: string): Promise<void> {
  const res = await fetch(`${stack.url}/api/profile`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await idTokenOf(page)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEFAULT_PROFILE_SETTINGS, displayName }),
  });
  expect(res.status).toBe(200);
}

async function notificationsVia(page: Page): Promise<NotificationsResponse['notifications']> {
  const res = await fetch(`${stack.url}/api/notifications`, {
    headers: { authorization: `Bearer ${await idTokenOf(page)}` },
  });
  return NotificationsResponse.parse(await res.json()).notifications;
}

async function runLate(page: Page, returnTime: string, reason: string): Promise<void> {
  await page.getByRole('button', { name: 'Running late' }).click();
  const late = page.getByRole('form', { name: 'Running late' });
  await late.getByLabel('New return time').fill(returnTime);
  await late.getByLabel('Why are you running late?').fill(reason);
  await late.getByRole('button', { name: 'Move expected return' }).click();
  await expect.poll(() => late.isVisible(), { timeout: 15_000 }).toBe(false);
  await expect
    .poll(() => page.getByText(`Running late`, { exact: false }).filter({ hasText: reason }).isVisible())
    .toBe(true);
}

describe('plans carry over, and changes reach the people they affect', () => {
  it('files a prefilled plan from an activity, runs late twice (the contact hears both), and a cancelled ride tells its passenger', async () => {
    const pageA = currentPage();
    const [emailA, emailB, contact] = [newEmail('passenger'), newEmail('driver'), newEmail('contact')];
    await Promise.all([createConfirmedUser(stack, emailA), createConfirmedUser(stack, emailB)]);
    const b = await secondSession(pageA, stack.url, { timezoneId: 'America/Vancouver' });
    const pageB = b.page;
    try {
      await signInThroughUi(pageA, emailA);
      await signInThroughUi(pageB, emailB);
      const nameB = `Noah ${Date.now().toString(36)}`;
      await setDisplayName(pageA, `Ada ${Date.now().toString(36)}`);
      await setDisplayName(pageB, nameB);
      const title = `Lynn Peak ${Date.now().toString(36)}`;
      const location = `Lynn Headwaters parking ${Date.now().toString(36)}`;
      const date = planDateOf(new Date(Date.now() + 3 * 86_400_000));
      await createActivityThroughForm(pageA, { title, date, location });
      await joinFromNearby(pageB, title);

      // A files a trip plan from the activity: the form opens with its place and times.
      await pageA
        .getByRole('link', { name: `View details of ${title}` })
        .first()
        .click();
      await pageA.waitForURL('**/plan-activity/*');
      const activityPath = new URL(pageA.url()).pathname;
      await pageA.getByRole('link', { name: 'File a trip plan' }).click();
      await expect
        .poll(() => pageA.getByRole('heading', { level: 1, name: `Trip plan for ${title}` }).isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      const form = pageA.getByRole('form', { name: 'Trip plan' });
      expect(await form.getByLabel('Trailhead').inputValue()).toBe(location);
      expect(await form.getByLabel('Area').inputValue()).toBe('North Vancouver');
      expect(await form.getByLabel('Start date').inputValue()).toBe(date);
      expect(await form.getByLabel('Start time').inputValue()).toBe('08:00');
      expect(await form.getByLabel('Expected return date').inputValue()).toBe(date);
      expect(await form.getByLabel('Expected return time').inputValue()).toBe('09:00');
      await screenshots(pageA, 'prefilled-trip-plan');
      await form.getByLabel('Route description').fill('Lynn Loop to the peak and back.');
      await form.getByLabel('Contact 1 name').fill('Sam Rivera');
      await form.getByLabel('Contact 1 email').fill(contact);
      await form.getByRole('button', { name: 'File trip plan' }).click();
      await pageA.waitForURL(/\/trip-plans\/[0-9A-Z]{26}$/, { timeout: 20_000 });

      // Running late, twice: the contact is emailed each new time, in British Columbia time.
      await runLate(pageA, '10:30', 'Slow on the steep part');
      await runLate(pageA, '12:00', 'Helping another hiker down');
      await expect.poll(() => pageA.getByText(/You can move the return once more/).count()).toBe(0);
      await screenshots(pageA, 'running-late-twice');
      // Another suite's outbox run may have claimed a message first and be delivering it: wait for both, and put them
      // in the order they were sent by their reasons (two runs may deliver them in either order).
      await sendMailNow();
      const secondReason = (m: EmulatorEmail) => m.body.text?.includes('Helping another hiker down') ?? false;
      const lateUpdates = async () =>
        (await inbox(contact))
          .filter((m) => m.subject === 'Trip plan update: the party expects to be back later')
          .sort((a, b) => Number(secondReason(a)) - Number(secondReason(b)));
      await expect.poll(async () => (await lateUpdates()).length).toBe(2);
      const updates = await lateUpdates();
      const day = formatWallDate(date);
      expect(updates[0]!.body.text).toContain(`back by ${day}, 10:30 a.m. (British Columbia time)`);
      expect(updates[0]!.body.text).toContain('Slow on the steep part');
      expect(updates[1]!.body.text).toContain(`back by ${day}, 12:00 p.m. (British Columbia time)`);
      expect(updates[1]!.body.text).toContain(`instead of ${day}, 10:30 a.m.`);
      expect(updates[1]!.body.text).toMatch(/trip-stop\/[A-Za-z0-9_-]{43}\?stop=address/);

      // B offers a ride, A books a seat; B cancels it, is asked first and gives a reason; A is told.
      await pageB.goto(activityPath);
      await pageB.getByRole('button', { name: 'Offer a Ride' }).click();
      const offer = pageB.getByRole('form', { name: 'Offer a ride' });
      await offer.getByLabel('Vehicle make').fill('Subaru');
      await offer.getByLabel('Vehicle model').fill('Outback');
      await offer.getByLabel('Vehicle year').fill('2021');
      await offer.getByLabel('Vehicle colour').fill('Green');
      await offer.getByLabel('Seats offered').selectOption('3');
      await offer.getByLabel('Departure time').fill('07:15');
      await offer.getByLabel('Pickup locations').fill('Lonsdale Quay');
      await offer.getByLabel('Cost per person ($)').fill('10');
      await offer.getByRole('button', { name: 'Offer Ride' }).click();
      await expect
        .poll(() => pageB.getByText('Your ride is offered to the group.').isVisible(), { timeout: 15_000 })
        .toBe(true);
      await pageA.goto(activityPath);
      const ridesA = pageA.locator('section', { has: pageA.getByRole('heading', { name: 'Rides' }) });
      const rideA = ridesA.getByRole('listitem').filter({ hasText: 'Subaru Outback' });
      await expect
        .poll(() => rideA.getByRole('button', { name: 'Join Ride' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await rideA.getByRole('button', { name: 'Join Ride' }).click();
      await expect
        .poll(() => rideA.getByRole('button', { name: 'Cancel My Seat' }).isVisible(), { timeout: 15_000 })
        .toBe(true);

      await pageB.reload();
      const ridesB = pageB.locator('section', { has: pageB.getByRole('heading', { name: 'Rides' }) });
      const ownRide = ridesB.getByRole('listitem').filter({ hasText: 'Subaru Outback' });
      await expect.poll(() => ownRide.textContent(), { timeout: 15_000 }).toContain('Passengers:');
      await ownRide.getByRole('button', { name: 'Cancel Ride' }).click();
      const dialog = pageB.getByRole('alertdialog', { name: 'Cancel your ride?' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.textContent()).toContain('They will be told the ride is cancelled');
      await dialog.getByLabel('Reason (optional)').fill('The car will not start.');
      await screenshots(pageB, 'cancel-ride-dialog');
      await dialog.getByRole('button', { name: 'Cancel Ride' }).click();
      await expect
        .poll(() => pageB.getByText('Your ride is cancelled. Your passengers have been told.').isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      await expect.poll(() => ridesB.getByText('No one has offered a ride yet.').isVisible()).toBe(true);

      const told = `${nameB} cancelled the ride to ${title}; your seat is no longer booked. ${nameB}'s reason: The car will not start.`;
      expect((await notificationsVia(pageA)).map((n) => n.message)).toContain(told);
      await sendMailNow();
      await expect.poll(async () => (await inbox(emailA)).some((m) => m.body.text?.includes(told))).toBe(true);
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  }, 240_000);
});
