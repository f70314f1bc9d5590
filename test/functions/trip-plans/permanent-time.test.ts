// own module registry: it starts an SES emulator of its own, and the email client keeps the endpoint it first sees.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TripPlanInput } from '../../../functions/shared/schemas/trip-plans';
import { TripPlanInput as TripPlanInputSchema } from '../../../functions/shared/schemas/trip-plans';
import { sendDueEmails } from '../../../functions/usecases/email';
import { fileTripPlan, getTripPlanFor, runTripPlanSchedule } from '../../../functions/usecases/trip-plans';
import { useOwnTables } from '../../support/own-tables';
import { sentTo, startSesEmulator, type SesEmulator } from '../../support/ses-emulator';
import { setDisplayName } from '../group-activities/helpers';

// The schedule moves every due plan in its table and the outbox sends all due mail: this file's clock (November 2026)
// must not move other files' plans or send their mail.
useOwnTables();

let ses: SesEmulator;
beforeAll(async () => {
  ses = await startSesEmulator();
});
afterAll(() => ses.stop());

const contact = `contact-${randomBytes(4).toString('hex')}@example.org`;
const input = (): TripPlanInput =>
  TripPlanInputSchema.parse({
    trailhead: 'Lynn Headwaters',
    route: 'Lynn Loop',
    area: 'North Shore',
    startDate: '2026-11-29',
    startTime: '08:00',
    returnDate: '2026-11-29',
    returnTime: '11:30',
    graceMinutes: 60,
    vehicle: '',
    essentials: [],
    contacts: [{ name: 'Casey Contact', email: contact }],
  });

describe('a plan due back at 11:30 on 29 Nov 2026, now that British Columbia keeps UTC−7', () => {
  it('alerts the contacts at 19:30 UTC (11:30 + 60 min grace), not an hour later, naming times on BC clocks', async () => {
    const owner = `trip-owner-${randomBytes(4).toString('hex')}`;
    await setDisplayName(owner, 'Robin Permanent');
    // 13:00 in Vancouver on UTC−7 (12:00 on the UTC−8 that the runtime's old data would assume).
    const plan = await fileTripPlan(owner, input(), new Date('2026-11-28T20:00:00Z'));

    const beforeDue = new Date('2026-11-29T19:29:00Z');
    await runTripPlanSchedule(beforeDue);
    expect((await getTripPlanFor(owner, plan.id, beforeDue)).overdueAlertsSent).toBe(0);

    const due = new Date('2026-11-29T19:30:00Z');
    await runTripPlanSchedule(due);
    expect((await getTripPlanFor(owner, plan.id, due)).overdueAlertsSent).toBe(1);

    await sendDueEmails(due);
    const alert = sentTo(await ses.emails(), contact).find((mail) => mail.subject.startsWith('Overdue'));
    expect(alert?.body.text).toContain(
      'Last check-in: Robin Permanent filed the plan on Sat, Nov 28, 1:00 p.m. (British Columbia time).',
    );
  });
});
