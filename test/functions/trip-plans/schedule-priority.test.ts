import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { wallClockInstant } from '../../../functions/domain/plan-time';
import type { OutgoingEmail } from '../../../functions/lib/email';
import { createTripPlan, type TripPlanRecord } from '../../../functions/repositories/trip-plans';
import { TripPlanInput } from '../../../functions/shared/schemas/trip-plans';
import { sendDueEmails } from '../../../functions/usecases/email';
import { fileTripPlan, runTripPlanSchedule } from '../../../functions/usecases/trip-plans';
import { useOwnTables } from '../../support/own-tables';
import { daysAhead } from '../group-activities/helpers';

// The schedule reads every due plan in its table: another file's plans must not count among this file's.
useOwnTables();
beforeAll(() => {
  process.env.SITE_URL ??= 'http://localhost:3000';
});

const FLOOD_TIMEOUT_MS = 240_000;
const tag = () => randomBytes(4).toString('hex');
const RETURN_DATE = daysAhead(3);
const RETURN = wallClockInstant(RETURN_DATE, '17:00');
const minutes = (n: number) => n * 60_000;
const at = (offsetMinutes: number) => new Date(RETURN.getTime() + minutes(offsetMinutes));

/** A plan at its reminder stage, due at `dueAt`, written straight to the table (no contact mail queued). */
function reminderDuePlan(owner: string, dueAt: Date): TripPlanRecord {
  return {
    id: ulid(),
    ownerId: owner,
    activityId: null,
    trailhead: 'Quarry Rock',
    route: 'Baden-Powell to Quarry Rock',
    area: 'Deep Cove',
    startDate: RETURN_DATE,
    startTime: '08:00',
    returnDate: RETURN_DATE,
    returnTime: '18:00',
    timeZone: 'America/Vancouver',
    graceMinutes: 60,
    vehicle: '',
    essentials: [],
    contacts: [{ name: 'Pat', email: `pat-${tag()}@example.org` }],
    party: [{ userId: owner, name: 'Busy Filer' }],
    status: 'open',
    lateReason: null,
    returnMoves: 0,
    lastCheckIn: { at: at(-1440).toISOString(), by: owner, kind: 'filed' },
    overdueAlertsSent: 0,
    closedAt: null,
    createdAt: at(-1440).toISOString(),
    stage: 'reminder',
    dueAt: dueAt.toISOString(),
    tokenHash: randomBytes(32).toString('base64url'),
    expiresAt: null,
  };
}

describe('the trip plan schedule under load', () => {
  it(
    'a due overdue alert goes in the next run however many plans fell due before it',
    async () => {
      const hiker = `hiker-${tag()}`;
      const contact = `contact-${tag()}@example.org`;
      const input = TripPlanInput.parse({
        trailhead: 'Lynn Headwaters',
        route: 'Lynn Loop',
        area: 'North Shore',
        startDate: RETURN_DATE,
        startTime: '08:00',
        returnDate: RETURN_DATE,
        returnTime: '17:00',
        graceMinutes: 60,
        vehicle: '',
        essentials: [],
        contacts: [{ name: 'Casey', email: contact }],
      });
      await fileTripPlan(hiker, input, at(-1440));
      await runTripPlanSchedule(at(-20)); // the hiker's reminder: the plan now waits for its overdue alert at +60
      // Then 310 plans of another user, every one due (its reminder, at +30) before the alert.
      const filer = `filer-${tag()}`;
      const plans = Array.from({ length: 310 }, () => reminderDuePlan(filer, at(30)));
      for (let i = 0; i < plans.length; i += 10)
        await Promise.all(plans.slice(i, i + 10).map((plan) => createTripPlan(plan, [], at(-1440))));

      // A run out of time at once still moves one plan: the alert, ahead of the 310 due before it.
      const hurried = await runTripPlanSchedule(at(61), 0);
      expect(hurried.alerts).toBe(1);
      // The rest wait for a run with time, which moves every due plan it has time for, not a fixed number.
      const full = await runTripPlanSchedule(at(61));
      expect(full).toMatchObject({ due: 310, alerts: 0 });
      expect((await runTripPlanSchedule(at(61))).due).toBe(0);

      const sent: string[] = [];
      await sendDueEmails(at(61), {
        send: async (email: OutgoingEmail) => void sent.push(`${email.to} ${email.subject}`),
        quota: async () => ({ maxSendRate: 1, max24HourSend: -1, sentLast24Hours: 0 }),
        pause: async () => {},
      });
      expect(sent[0]).toMatch(new RegExp(`^${contact} Overdue: `));
    },
    FLOOD_TIMEOUT_MS,
  );
});
