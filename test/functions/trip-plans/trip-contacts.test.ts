// own module registry: it starts an SES emulator of its own, and the email client keeps the endpoint it first sees.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { wallClockInstant } from '../../../functions/domain/plan-time';
import { NEW_TRIP_CONTACTS_PER_DAY, TRIP_PLANS_PER_DAY } from '../../../functions/domain/trip-plan';
import { TripPlanInput, type TripPlanInput as TripPlanInputType } from '../../../functions/shared/schemas/trip-plans';
import { sendDueEmails } from '../../../functions/usecases/email';
import { checkInTripPlan, fileTripPlan, runTripPlanSchedule } from '../../../functions/usecases/trip-plans';
import { callRoute, userClaims } from '../../support/api-events';
import { sentTo, type EmulatorEmail, useSesEmulator } from '../../support/ses-emulator';
import { useOwnTables } from '../../support/own-tables';
import { daysAhead, setDisplayName } from '../group-activities/helpers';

// The outbox job sends every due message in its table: own tables keep another file's mail out of this emulator.
useOwnTables();

const ses = useSesEmulator();

const tag = () => randomBytes(4).toString('hex');
const address = () => `contact-${tag()}@example.org`;
const RETURN_DATE = daysAhead(3);
const PHISH = 'URGENT: your bank account is locked';

function rawPlan(contacts: string[], overrides: Partial<TripPlanInputType> = {}) {
  return {
    trailhead: PHISH,
    route: 'Call 555-0100 now to unlock your account',
    area: 'North Shore',
    startDate: RETURN_DATE,
    startTime: '08:00',
    returnDate: RETURN_DATE,
    returnTime: '17:00',
    graceMinutes: 60,
    vehicle: 'Visit http://phish.example',
    contacts: contacts.map((email) => ({ name: 'Dear customer of Big Bank', email })),
    ...overrides,
  };
}
const planInput = (contacts: string[]): TripPlanInputType => TripPlanInput.parse(rawPlan(contacts));

const file = (owner: string, contacts: string[], overrides: Partial<TripPlanInputType> = {}) =>
  callRoute('post-trip-plan', { claims: userClaims(owner), body: rawPlan(contacts, overrides) });

const stopToken = (mail: EmulatorEmail, stop: 'sender' | 'address') =>
  new RegExp(`/trip-stop/([A-Za-z0-9_-]{43})\\?stop=${stop}`).exec(mail.body.text ?? '')?.[1];

async function mailTo(contact: string): Promise<EmulatorEmail[]> {
  await sendDueEmails(new Date());
  return sentTo(await ses.emails(), contact);
}

describe('what a contact receives', () => {
  it('the first email to an address is a fixed-text notice naming the filer, with nothing else they wrote', async () => {
    const owner = `relay-${tag()}`;
    const contact = address();
    await setDisplayName(owner, 'Avery Owner');
    expect((await file(owner, [contact])).status).toBe(201);

    const [notice] = await mailTo(contact);
    expect(notice!.subject).toBe('You were named as an emergency contact on TrailBuddy');
    expect(notice!.body.text).toContain('Avery Owner');
    expect(notice!.body.text).toMatch(/\/trip-link#[A-Za-z0-9_-]{43}/);
    for (const written of [PHISH, 'Call 555-0100', 'phish.example', 'Big Bank', 'North Shore'])
      expect(`${notice!.subject}\n${notice!.body.text}\n${notice!.body.html}`).not.toContain(written);
    expect(stopToken(notice!, 'sender')).toBeDefined();
    expect(stopToken(notice!, 'address')).toBeDefined();
  });

  it('later mail to a known address carries the plan, never sender-written text in its subject, and the stop links', async () => {
    const owner = `relay-${tag()}`;
    const contact = address();
    await file(owner, [contact]);
    await mailTo(contact);
    ses.clear();

    expect((await file(owner, [contact])).status).toBe(201);
    const [plan] = await mailTo(contact);
    expect(plan!.subject).toBe('Trip plan: you are an emergency contact');
    expect(plan!.body.text).toContain(PHISH);
    expect(stopToken(plan!, 'sender')).toBeDefined();
    expect(stopToken(plan!, 'address')).toBeDefined();

    // The overdue alert too.
    const overdue = new Date(wallClockInstant(RETURN_DATE, '18:01').getTime());
    await runTripPlanSchedule(overdue);
    await sendDueEmails(overdue);
    const alerts = sentTo(await ses.emails(), contact).filter((m) => m.subject.startsWith('Overdue'));
    expect(alerts.length).toBeGreaterThan(0);
    for (const alert of alerts) {
      expect(alert.subject).not.toContain(PHISH);
      expect(stopToken(alert, 'sender')).toBeDefined();
    }
  });
});

describe('daily limits', () => {
  it(`a person files at most ${TRIP_PLANS_PER_DAY} plans a day: then 429 with a message and retry-after, nothing mailed`, async () => {
    const owner = `relay-${tag()}`;
    const contact = address();
    for (let i = 0; i < TRIP_PLANS_PER_DAY; i += 1) expect((await file(owner, [contact])).status).toBe(201);
    const before = (await mailTo(contact)).length;

    const refused = await file(owner, [contact]);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ error: { code: 'trip_plan_limit' } });
    expect((refused.json as { error: { message: string } }).error.message).toContain(`${TRIP_PLANS_PER_DAY}`);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailTo(contact)).toHaveLength(before);

    // The next day the limit starts again.
    const tomorrow = new Date(Date.now() + 86_400_000);
    await expect(fileTripPlan(owner, planInput([contact]), tomorrow)).resolves.toMatchObject({ ownerId: owner });
  });

  it(`a person names at most ${NEW_TRIP_CONTACTS_PER_DAY} new addresses a day; known ones still work`, async () => {
    const owner = `relay-${tag()}`;
    const first = [address(), address(), address()];
    expect((await file(owner, first)).status).toBe(201);
    const tooMany = [address(), address(), address()];
    const refused = await file(owner, tooMany);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ error: { code: 'trip_contact_limit' } });
    for (const contact of tooMany) expect(await mailTo(contact)).toHaveLength(0);

    // The refused plan counted nothing: two more new addresses fit, and known ones cost nothing.
    expect((await file(owner, [first[0]!, tooMany[0]!, tooMany[1]!])).status).toBe(201);
    expect((await file(owner, [first[1]!, first[2]!])).status).toBe(201);
    expect((await file(owner, [address()])).status).toBe(429);
  });

  it('a refused plan (bad dates) takes nothing from the day', async () => {
    const owner = `relay-${tag()}`;
    const contact = address();
    for (let i = 0; i < TRIP_PLANS_PER_DAY + 2; i += 1)
      expect((await file(owner, [contact], { startDate: '1900-01-01' })).status).toBe(400);
    expect((await file(owner, [contact])).status).toBe(201);
  });
});

describe('stop links', () => {
  async function noticeFor(owner: string, contact: string) {
    await file(owner, [contact]);
    const [notice] = await mailTo(contact);
    return notice!;
  }
  const show = (token: string) => callRoute('get-trip-contact-stop', { pathParameters: { token } });
  const stop = (token: string, kind: 'sender' | 'address') =>
    callRoute('post-trip-contact-stop', { pathParameters: { token }, body: { stop: kind } });

  it('GET only shows who it is about; it stops nothing (mail scanners open links)', async () => {
    const owner = `relay-${tag()}`;
    const contact = address();
    await setDisplayName(owner, 'Scanner Test');
    const token = stopToken(await noticeFor(owner, contact), 'sender')!;
    const shown = await show(token);
    expect(shown.status).toBe(200);
    expect(shown.json).toEqual({ senderName: 'Scanner Test' });
    expect((await show(stopToken(await noticeFor(owner, contact), 'address')!)).status).toBe(200);
    expect((await file(owner, [contact])).status).toBe(201);
    expect((await show(randomBytes(32).toString('base64url'))).status).toBe(404);
  });

  it('"I don\'t know this person" stops every later plan and alert from that sender to that address, not others\'', async () => {
    const owner = `relay-${tag()}`;
    const other = `relay-${tag()}`;
    const contact = address();
    const token = stopToken(await noticeFor(owner, contact), 'sender')!;
    // A plan filed (and mailed) before the stop: its overdue alert must not reach the address either.
    expect((await file(owner, [contact])).status).toBe(201);
    await mailTo(contact);

    const stopped = await stop(token, 'sender');
    expect(stopped.status).toBe(200);
    expect(stopped.json).toMatchObject({ stopped: 'sender' });
    expect((await stop(token, 'sender')).status).toBe(200);

    const refused = await file(owner, [address(), contact]);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      error: { code: 'contact_opted_out', fields: { 'contacts.1.email': expect.stringContaining('asked not to') } },
    });
    ses.clear();
    const overdue = wallClockInstant(RETURN_DATE, '18:01');
    await runTripPlanSchedule(overdue);
    await sendDueEmails(overdue);
    expect(sentTo(await ses.emails(), contact)).toHaveLength(0);

    expect((await file(other, [contact])).status).toBe(201);
  });

  it('"Never email me" stops every TrailBuddy plan to that address, from anyone', async () => {
    const owner = `relay-${tag()}`;
    const contact = address();
    const token = stopToken(await noticeFor(owner, contact), 'address')!;
    expect((await stop(token, 'address')).json).toMatchObject({ stopped: 'address' });
    for (const filer of [owner, `relay-${tag()}`]) {
      const refused = await file(filer, [contact]);
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({ error: { code: 'contact_opted_out' } });
    }
  });
});

describe('trip dates are bounded', () => {
  it('refuses a start long past or too far ahead and a trip longer than the limit, on the server', async () => {
    const owner = `relay-${tag()}`;
    const contact = address();
    const past = await file(owner, [contact], { startDate: daysAhead(-3) });
    expect(past.status).toBe(400);
    expect(past.json).toMatchObject({ error: { fields: { startDate: expect.any(String) } } });
    const far = await file(owner, [contact], { startDate: daysAhead(400), returnDate: daysAhead(400) });
    expect(far.status).toBe(400);
    expect(far.json).toMatchObject({ error: { fields: { startDate: expect.any(String) } } });
    const forever = await file(owner, [contact], { startDate: '1900-01-01', returnDate: '9999-12-31' });
    expect(forever.status).toBe(400);
    expect(forever.json).toMatchObject({ error: { fields: { returnDate: expect.any(String) } } });
    expect(await mailTo(contact)).toHaveLength(0);
  });

  it('refuses "running late" to a return beyond the longest trip', async () => {
    const owner = `relay-${tag()}`;
    const plan = await fileTripPlan(owner, planInput([address()]), new Date());
    await expect(
      checkInTripPlan(
        owner,
        plan.id,
        { kind: 'late', returnDate: '9999-12-31', returnTime: '17:00', reason: 'Slow going' },
        new Date(),
      ),
    ).rejects.toMatchObject({ status: 400 });
  });
});
