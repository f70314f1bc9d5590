// own module registry: it starts an SES emulator of its own, and the email client keeps the endpoint it first sees.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { handler as postMessage } from '../../../functions/handlers/messages/post-message';
import { dynamo } from '../../../functions/lib/dynamo';
import { SendMessageResponse } from '../../../functions/shared/schemas/messages';
import { TripPlan, TripPlanList } from '../../../functions/shared/schemas/trip-plans';
import { sendDueEmails } from '../../../functions/usecases/email';
import { callRoute, userClaims } from '../../support/api-events';
import { useOwnTables } from '../../support/own-tables';
import { sentTo, useSesEmulator } from '../../support/ses-emulator';
import { daysAhead, setDisplayName } from '../group-activities/helpers';
import { call, partnerPair } from '../partners/helpers';

// The outbox job sends every due message in its table: own tables keep another file's mail out of this emulator.
useOwnTables();

const ses = useSesEmulator();

const tag = () => randomBytes(4).toString('hex');
const DAY = daysAhead(3);

function planBody(contact: string, trailhead = 'Lynn Headwaters') {
  return {
    trailhead,
    route: 'Lynn Peak loop',
    area: 'North Shore',
    startDate: DAY,
    startTime: '08:00',
    returnDate: DAY,
    returnTime: '17:00',
    graceMinutes: 60,
    vehicle: '',
    contacts: [{ name: 'Sam', email: contact }],
  };
}

const filePlan = (owner: string, body: object, key?: string) =>
  callRoute('post-trip-plan', {
    claims: userClaims(owner),
    body,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });

const myPlans = async (owner: string) =>
  TripPlanList.parse((await callRoute('get-trip-plans', { claims: userClaims(owner) })).json).plans;

async function mailTo(contact: string) {
  await sendDueEmails(new Date());
  return sentTo(await ses.emails(), contact);
}

/**
 * The reviewer's stalled database, as the client sees it: the next transaction commits, then its answer is lost (the
 * SDK gives up and the use case throws). The work is done; the request fails.
 */
function loseTheNextTransactionsAnswer(): () => void {
  let armed = true;
  const name = `lose-answer-${tag()}`;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (armed && context.commandName === 'TransactWriteCommand') {
        armed = false;
        throw Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
      }
      return result;
    },
    { step: 'initialize', name },
  );
  return () => dynamo().middlewareStack.remove(name);
}

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe('Idempotency-Key on trip plans', () => {
  it('a retry with the same key returns the first plan, files nothing more and mails the contact once', async () => {
    const owner = `idem-${tag()}`;
    const contact = `c-${tag()}@example.org`;
    await setDisplayName(owner, 'Avery');
    const key = randomUUID();

    const first = await filePlan(owner, planBody(contact), key);
    const retry = await filePlan(owner, planBody(contact), key);

    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(TripPlan.parse(retry.json).id).toBe(TripPlan.parse(first.json).id);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await myPlans(owner)).toHaveLength(1);
    expect(await mailTo(contact)).toHaveLength(1);
  });

  it('a request that committed and then failed is not done again: its retry gets the plan it filed', async () => {
    const owner = `idem-${tag()}`;
    const contact = `c-${tag()}@example.org`;
    const key = randomUUID();

    restore = loseTheNextTransactionsAnswer();
    const first = await filePlan(owner, planBody(contact), key);
    restore();
    const retry = await filePlan(owner, planBody(contact), key);

    // The plan was filed, so the first answer is the plan too (its record committed with it).
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(TripPlan.parse(retry.json).id).toBe(TripPlan.parse(first.json).id);
    expect(await myPlans(owner)).toHaveLength(1);
    expect(await mailTo(contact)).toHaveLength(1);
  });

  it('two concurrent requests with one key file one plan, and both answer it', async () => {
    const owner = `idem-${tag()}`;
    const contact = `c-${tag()}@example.org`;
    const key = randomUUID();

    const [a, b] = await Promise.all([
      filePlan(owner, planBody(contact), key),
      filePlan(owner, planBody(contact), key),
    ]);

    expect([a.status, b.status]).toEqual([201, 201]);
    expect(TripPlan.parse(a.json).id).toBe(TripPlan.parse(b.json).id);
    expect(await myPlans(owner)).toHaveLength(1);
    expect(await mailTo(contact)).toHaveLength(1);
  });

  it('the same key with another request is a 422 that files nothing; a new key files a new plan', async () => {
    const owner = `idem-${tag()}`;
    const contact = `c-${tag()}@example.org`;
    const key = randomUUID();
    await filePlan(owner, planBody(contact), key);

    const reused = await filePlan(owner, planBody(contact, 'Cypress Bowl'), key);
    expect(reused.status).toBe(422);
    expect(reused.json).toMatchObject({ error: { code: 'idempotency_key_reused' } });
    expect(await myPlans(owner)).toHaveLength(1);

    expect((await filePlan(owner, planBody(contact, 'Cypress Bowl'), randomUUID())).status).toBe(201);
    expect(await myPlans(owner)).toHaveLength(2);
  });

  it('keys are the caller’s own: another person’s request with the same key is their own', async () => {
    const key = randomUUID();
    const a = `idem-${tag()}`;
    const b = `idem-${tag()}`;
    const contact = `c-${tag()}@example.org`;
    const first = await filePlan(a, planBody(contact), key);
    const other = await filePlan(b, planBody(contact), key);
    expect(other.status).toBe(201);
    expect(TripPlan.parse(other.json).id).not.toBe(TripPlan.parse(first.json).id);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a malformed key is a 400 that files nothing; without a key each request is its own', async () => {
    const owner = `idem-${tag()}`;
    const contact = `c-${tag()}@example.org`;
    for (const bad of ['', 'x'.repeat(256), 'key with spaces', 'ключ']) {
      const response = await filePlan(owner, planBody(contact), bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(response.json).toMatchObject({ error: { code: 'invalid_idempotency_key' } });
    }
    expect(await myPlans(owner)).toHaveLength(0);

    await filePlan(owner, planBody(contact));
    await filePlan(owner, planBody(contact));
    expect(await myPlans(owner)).toHaveLength(2);
  });
});

describe('Idempotency-Key on "We’re back"', () => {
  const checkIn = (owner: string, planId: string, key: string) =>
    callRoute('post-trip-check-in', {
      claims: userClaims(owner),
      pathParameters: { planId },
      body: { kind: 'back' },
      headers: { 'Idempotency-Key': key },
    });
  const backMail = async (contact: string) =>
    (await mailTo(contact)).filter((mail) => mail.subject === 'Trip plan closed: the party is back');

  it('a check-in kept offline and sent again with its key closes the plan once and tells the contact once', async () => {
    const owner = `idem-${tag()}`;
    const contact = `c-${tag()}@example.org`;
    const plan = TripPlan.parse((await filePlan(owner, planBody(contact))).json);
    const key = randomUUID();

    const first = await checkIn(owner, plan.id, key);
    const retry = await checkIn(owner, plan.id, key);

    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(TripPlan.parse(retry.json)).toMatchObject({ id: plan.id, status: 'closed' });
    expect(await backMail(contact)).toHaveLength(1);
  });

  it('a check-in whose answer was lost is not done again: the retry finds the plan closed and nobody is told twice', async () => {
    const owner = `idem-${tag()}`;
    const contact = `c-${tag()}@example.org`;
    const plan = TripPlan.parse((await filePlan(owner, planBody(contact))).json);
    const key = randomUUID();

    restore = loseTheNextTransactionsAnswer();
    await checkIn(owner, plan.id, key);
    restore();
    const retry = await checkIn(owner, plan.id, key);

    // The plan closes once whatever the first answer was; the retry answers it closed, either as the first answer
    // replayed or as a 409 trip_plan_closed, which the client counts as delivered (features/trip-plans/offline).
    if (retry.status === 409) expect(retry.json).toMatchObject({ error: { code: 'trip_plan_closed' } });
    else expect(TripPlan.parse(retry.json)).toMatchObject({ id: plan.id, status: 'closed' });
    const stored = TripPlan.parse(
      (await callRoute('get-trip-plan', { claims: userClaims(owner), pathParameters: { planId: plan.id } })).json,
    );
    expect(stored.status).toBe('closed');
    expect(await backMail(contact)).toHaveLength(1);
  });
});

describe('Idempotency-Key on messages and reports', () => {
  const on = (userId: string) => ({ pathParameters: { userId } });

  it('a message retried after its answer was lost is sent once and counted once', async () => {
    const [ana, ben] = await partnerPair();
    const key = randomUUID();
    const send = () =>
      call(postMessage, 'post-conversation-message', ana, {
        ...on(ben),
        body: { text: 'Grouse Grind on Saturday?' },
        headers: { 'Idempotency-Key': key },
      });

    restore = loseTheNextTransactionsAnswer();
    const first = await send();
    restore();
    const retry = await send();

    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    const sent = SendMessageResponse.parse(retry.json);
    expect(sent.message.id).toBe(SendMessageResponse.parse(first.json).message.id);
    expect(sent.quota.used).toBe(1);
    const conversation = await callRoute('get-conversation-messages', { claims: userClaims(ben), ...on(ana) });
    expect((conversation.json as { messages: unknown[] }).messages).toHaveLength(1);
  });

  it('a report retried with its key returns the first receipt', async () => {
    const [ana, ben] = await partnerPair();
    const key = randomUUID();
    const report = () =>
      callRoute('post-report', {
        claims: userClaims(ana),
        body: { kind: 'person', userId: ben, reason: 'spam', note: 'Sends links' },
        headers: { 'Idempotency-Key': key },
      });
    const first = await report();
    const retry = await report();
    expect(first.status).toBe(201);
    expect(retry.json).toEqual(first.json);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });
});
