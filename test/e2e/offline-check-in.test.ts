import { describe, expect, inject, it } from 'vitest';
import { stageDueAt } from '../../functions/domain/trip-plan';
import { planDateOf } from '../../functions/shared/schemas/group-activities';
import { TripPlan } from '../../functions/shared/schemas/trip-plans';
import { useBrowserPage } from '../support/chromium';
import { createConfirmedUser, idTokenOf, newEmail, signInThroughUi } from '../support/e2e-accounts';
import type { EmulatorEmail } from '../support/ses-emulator';

const stack = inject('stack');
const currentPage = useBrowserPage(stack.url, { timezoneId: 'America/Vancouver' });

/** The outbox and trip-plan jobs at a time of the test's choosing (the e2e stack runs no schedules of its own). */
async function scheduledJobs() {
  Object.assign(process.env, stack.dynamoEnv, { SES_ENDPOINT: stack.emailUrl, SITE_URL: stack.url });
  const [{ runTripPlanSchedule }, { sendDueEmails }] = await Promise.all([
    import('../../functions/usecases/trip-plans'),
    import('../../functions/usecases/email'),
  ]);
  return {
    async runAt(now: Date) {
      await runTripPlanSchedule(now);
      await sendDueEmails(now);
    },
  };
}

async function subjectsTo(address: string): Promise<string[]> {
  const res = await fetch(`${stack.emailUrl}/store`);
  const { emails } = (await res.json()) as { emails: EmulatorEmail[] };
  return emails.filter((e) => e.destination.to.includes(address)).map((e) => e.subject);
}

describe('"We’re back" without signal', () => {
  it('is kept and said to be unsent while offline, then delivered once when the network returns', async () => {
    const jobs = await scheduledJobs();
    const page = currentPage();
    const email = newEmail('offline');
    const contact = newEmail('offline-contact');
    await createConfirmedUser(stack, email);
    await signInThroughUi(page, email);
    // Two days ahead: the jobs run here at this plan's times never reach a stage of trip-plan-journey's plans (three).
    const date = planDateOf(new Date(Date.now() + 2 * 86_400_000));
    const trailhead = `Mount Seymour ${Date.now().toString(36)}`;
    const token = await idTokenOf(page);
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${stack.url}/api${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
    const filed = await api('/trip-plans', {
      method: 'POST',
      body: JSON.stringify({
        trailhead,
        route: 'Brockton Point to the first pump.',
        area: 'North Shore',
        startDate: date,
        startTime: '08:00',
        returnDate: date,
        returnTime: '17:00',
        graceMinutes: 30,
        contacts: [{ name: 'Sam Rivera', email: contact }],
      }),
    });
    expect(filed.status).toBe(201);
    const plan = TripPlan.parse(await filed.json());
    await jobs.runAt(new Date());

    await page.goto(`/trip-plans/${plan.id}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: trailhead }).isVisible(), { timeout: 15_000 })
      .toBe(true);

    // The app's service worker has the app shell once it is active.
    await page.evaluate(async () => {
      await (globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } }).navigator
        .serviceWorker.ready;
    });

    // The signal drops (DevTools protocol network emulation). The person opens their plan again: the app from the
    // worker's cache, the plan as last read on this device, said so; then they press "We're back".
    await page.context().setOffline(true);
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: trailhead }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(
      await page.getByText(/No connection: this is the plan as it was last updated on this device/).isVisible(),
    ).toBe(true);
    expect(await page.getByText(contact).first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'We’re back' }).click();
    const notice = page.getByRole('status', { name: 'Not sent yet: your check-in has not reached anyone' });
    await expect.poll(() => notice.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await notice.textContent()).toContain('call or text them yourself');
    expect(await notice.getByRole('link', { name: contact }).getAttribute('href')).toBe(`mailto:${contact}`);
    const whileOffline = TripPlan.parse(await (await api(`/trip-plans/${plan.id}`)).json());
    expect(whileOffline.status).toBe('open');
    // Pressing again while offline keeps the one check-in.
    await notice.getByRole('button', { name: 'Try sending now' }).click();
    await expect.poll(() => notice.isVisible()).toBe(true);

    // The network returns: the browser's `online` event sends the kept check-in.
    await page.context().setOffline(false);
    await expect
      .poll(() => page.getByText('Everyone is back: this plan is closed and your contacts were told.').isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await notice.isVisible()).toBe(false);
    const delivered = TripPlan.parse(await (await api(`/trip-plans/${plan.id}`)).json());
    expect(delivered).toMatchObject({ status: 'closed', lastCheckIn: { kind: 'back' } });

    // Opening the app again sends nothing more; the contact hears once that the party is back, and no alert later.
    await page.reload();
    await expect
      .poll(() => page.getByText('Everyone is back: this plan is closed and your contacts were told.').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    const times = { returnDate: date, returnTime: '17:00', graceMinutes: 30 };
    await jobs.runAt(new Date(stageDueAt(times, 'overdue1')!.getTime() + 60_000));
    expect((await subjectsTo(contact)).sort()).toEqual(
      ['Trip plan closed: the party is back', 'You were named as an emergency contact on TrailBuddy'].sort(),
    );
  }, 120_000);
});
