import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { stageDueAt } from '../../functions/domain/trip-plan';
import { planDateOf } from '../../functions/shared/schemas/group-activities';
import { DEFAULT_PROFILE_SETTINGS } from '../../functions/shared/schemas/profile';
import { useBrowserPage } from '../support/chromium';
import { createActivityThroughForm, joinFromNearby, secondSession } from '../support/e2e-activities';
import { createConfirmedUser, E2E_PASSWORD, idTokenOf, newEmail, signInThroughUi } from '../support/e2e-accounts';
import type { EmulatorEmail } from '../support/ses-emulator';

const stack = inject('stack');
const currentPage = useBrowserPage(stack.url, { timezoneId: 'America/Vancouver' });
const SHOTS = '/tmp/shots';

/**
 * The scheduled jobs at a time of the test's choosing. The e2e stack runs no schedules of its own; the test plays
 * EventBridge: it calls the same use cases the `trip-plans` and `email-outbox` handlers call, with an injected `now`,
 * against the stack's DynamoDB Local and SES emulator.
 */
async function scheduledJobs() {
  Object.assign(process.env, stack.dynamoEnv, { SES_ENDPOINT: stack.emailUrl, SITE_URL: stack.url });
  const [{ runTripPlanSchedule }, { sendDueEmails }] = await Promise.all([
    import('../../functions/usecases/trip-plans'),
    import('../../functions/usecases/email'),
  ]);
  return {
    /** The trip-plans job, then the outbox job, each fired twice at once (a duplicated schedule event). */
    async runAt(now: Date) {
      await Promise.all([runTripPlanSchedule(now), runTripPlanSchedule(now)]);
      await Promise.all([sendDueEmails(now), sendDueEmails(now)]);
    },
  };
}

async function inbox(address: string): Promise<EmulatorEmail[]> {
  const res = await fetch(`${stack.emailUrl}/store`);
  expect(res.status).toBe(200);
  const { emails } = (await res.json()) as { emails: EmulatorEmail[] };
  return emails.filter((e) => e.destination.to.includes(address));
}

const subjects = async (address: string) => (await inbox(address)).map((e) => e.subject);

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

async function fillTripPlan(
  page: Page,
  plan: { trailhead: string; date: string; contactName: string; contactEmail: string },
): Promise<string> {
  const form = page.getByRole('form', { name: 'Trip plan' });
  await form.getByLabel('Trailhead').fill(plan.trailhead);
  await form.getByLabel('Area').fill('North Shore Mountains');
  await form.getByLabel('Route description').fill('Grouse Grind up, BCMC trail down.');
  await form.getByLabel('Start date').fill(plan.date);
  await form.getByLabel('Start time').fill('08:00');
  await form.getByLabel('Expected return date').fill(plan.date);
  await form.getByLabel('Expected return time').fill('17:00');
  await form.getByLabel('Grace period').selectOption('30');
  await form.getByLabel('Vehicle (optional)').fill('Blue Subaru Outback');
  await form.getByLabel('First aid kit').check();
  await form.getByLabel('Contact 1 name').fill(plan.contactName);
  await form.getByLabel('Contact 1 email').fill(plan.contactEmail);
  await form.getByRole('button', { name: 'File trip plan' }).click();
  await page.waitForURL(/\/trip-plans\/[0-9A-Z]{26}$/, { timeout: 20_000 });
  await expect.poll(() => page.getByRole('heading', { level: 1, name: plan.trailhead }).isVisible()).toBe(true);
  return new URL(page.url()).pathname.split('/').pop()!;
}

describe('a trip plan in a real browser', () => {
  it('reaches the contact, alerts once when nobody checks in, and stays quiet for a plan checked in', async () => {
    const jobs = await scheduledJobs();
    const pageA = currentPage();
    const [emailA, emailB] = [newEmail('leader'), newEmail('partner')];
    const [contact, contact2] = [newEmail('contact'), newEmail('contact-two')];
    await Promise.all([createConfirmedUser(stack, emailA), createConfirmedUser(stack, emailB)]);
    const b = await secondSession(pageA, stack.url, { timezoneId: 'UTC' });
    const pageB = b.page;
    try {
      await signInThroughUi(pageA, emailA);
      await signInThroughUi(pageB, emailB);
      const [nameA, nameB] = [`Ada ${Date.now().toString(36)}`, `Ben ${Date.now().toString(36)}`];
      await setDisplayName(pageA, nameA);
      await setDisplayName(pageB, nameB);
      const title = `Lynn Peak ${Date.now().toString(36)}`;
      const date = planDateOf(new Date(Date.now() + 3 * 86_400_000));

      // A creates a group activity; B joins it.
      await createActivityThroughForm(pageA, { title, date, location: 'Lynn Headwaters parking' });
      await joinFromNearby(pageB, title);

      // A files a trip plan from the activity page: the whole party is on it.
      await pageA
        .getByRole('link', { name: `View details of ${title}` })
        .first()
        .click();
      await pageA.waitForURL('**/plan-activity/*');
      await pageA.getByRole('link', { name: 'File a trip plan' }).click();
      await pageA.waitForURL('**/trip-plans/new?activity=*');
      const trailhead = `Lynn Headwaters ${Date.now().toString(36)}`;
      const planId = await fillTripPlan(pageA, { trailhead, date, contactName: 'Sam Rivera', contactEmail: contact });
      expect(await pageA.getByText(contact).isVisible()).toBe(true);
      await screenshots(pageA, 'trip-plan');

      // The outbox job sends the contact their email, with a private link that works without signing in.
      const filedAt = new Date();
      await jobs.runAt(filedAt);
      const [filed, ...moreFiled] = await inbox(contact);
      expect(moreFiled).toEqual([]);
      // A first email to an address is a fixed-text notice naming the filer; no subject carries what a user wrote.
      expect(filed!.subject).toBe('You were named as an emergency contact on TrailBuddy');
      expect(filed!.body.text).toContain(nameA);
      expect(filed!.body.text).not.toContain(trailhead);
      const link = /(http:\/\/\S+\/trip-link#[A-Za-z0-9_-]{43})/.exec(filed!.body.text ?? '')?.[1];
      expect(link).toBeDefined();
      expect(filed!.body.html).toContain(link);
      const contactSession = await secondSession(pageA, stack.url, { timezoneId: 'UTC' });
      try {
        const contactPage = contactSession.page;
        await contactPage.goto(link!);
        await expect
          .poll(() => contactPage.getByRole('heading', { level: 1, name: `Trip plan: ${trailhead}` }).isVisible(), {
            timeout: 15_000,
          })
          .toBe(true);
        const shown = await contactPage.locator('main').textContent();
        expect(shown).toContain('Grouse Grind up, BCMC trail down.');
        expect(shown).toContain(`You are an emergency contact for ${nameA}, ${nameB}.`);
        expect(shown).toContain('call 911 and ask for Search and Rescue');
        expect(shown).not.toContain(contact);
        await screenshots(contactPage, 'trip-link');
        // A wrong token is refused.
        await contactPage.goto(`/trip-link/${'x'.repeat(43)}`);
        await expect
          .poll(() => contactPage.getByText('This trip plan link is not valid.').isVisible(), { timeout: 15_000 })
          .toBe(true);
      } finally {
        await contactSession.close();
      }

      // A second plan, solo, that A checks in from the browser.
      await pageA.goto('/trip-plans/new');
      const trailhead2 = `Grouse Mountain ${Date.now().toString(36)}`;
      const planId2 = await fillTripPlan(pageA, {
        trailhead: trailhead2,
        date,
        contactName: 'Robin Lee',
        contactEmail: contact2,
      });
      expect(planId2).not.toBe(planId);
      await pageA.getByRole('button', { name: 'We’re back' }).click();
      await expect
        .poll(() => pageA.getByText('Everyone is back: this plan is closed and your contacts were told.').isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);

      // Nobody checks in on the first plan. The clock moves on: the reminder before the expected return, then past
      // the return plus grace. Each job fires twice at every step, and once more a minute later.
      const times = { returnDate: date, returnTime: '17:00', graceMinutes: 30 };
      await jobs.runAt(new Date(stageDueAt(times, 'reminder')!.getTime() + 60_000));
      expect(await subjects(emailA)).toContain(`Are you back? Check in on your trip plan for ${trailhead}`);
      // B follows the reminder's check-in link signed out: after signing in, the plan opens with check-in offered.
      const reminder = (await inbox(emailB)).find((e) => e.subject.startsWith('Are you back?'));
      const checkInLink = `${stack.url}/trip-plans/${planId}?check-in=1`;
      expect(reminder?.body.text).toContain(checkInLink);
      const signedOut = await secondSession(pageA, stack.url, { timezoneId: 'UTC' });
      try {
        const page = signedOut.page;
        await page.goto(checkInLink);
        await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
        await page.getByLabel('Email').fill(emailB);
        await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.waitForURL((url) => url.pathname === `/trip-plans/${planId}`, { timeout: 20_000 });
        expect(new URL(page.url()).search).toBe('?check-in=1');
        await expect
          .poll(() => page.getByRole('heading', { name: 'Are you back? Check in' }).isVisible(), { timeout: 15_000 })
          .toBe(true);
      } finally {
        await signedOut.close();
      }
      const overdueAt = stageDueAt(times, 'overdue1')!.getTime();
      await jobs.runAt(new Date(overdueAt + 60_000));
      await jobs.runAt(new Date(overdueAt + 2 * 60_000));

      const alerts = (await subjects(contact)).filter((s) => s.startsWith('Overdue:'));
      expect(alerts).toEqual(['Overdue: a party you are the emergency contact for has not checked in']);
      const alert = (await inbox(contact)).find((e) => e.subject.startsWith('Overdue:'))!;
      expect(alert.body.text).toContain('call 911 and ask for Search and Rescue');
      // The whole party is on the plan: A, who filed it, and B, who joined the activity.
      expect(alert.body.text).toContain(`${nameA} and ${nameB} expected to be back from ${trailhead}`);

      // The plan checked in: its contact got the plan and the all-clear, and no alert.
      expect((await subjects(contact2)).sort()).toEqual(
        ['You were named as an emergency contact on TrailBuddy', 'Trip plan closed: the party is back'].sort(),
      );
    } finally {
      await b.close();
    }
  }, 180_000); // one long journey: two people, an activity, two plans, the scheduled jobs at three times
});
