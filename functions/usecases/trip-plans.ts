import { ulid } from 'ulid';
import { idempotencyRecordPut, type IdempotencyClaim } from '../repositories/idempotency-records';
import { composeEmail } from '../domain/email-message';
import { formatInstantIn, wallClockInstant } from '../domain/plan-time';
import {
  alertsSentAt,
  CLOSED_TRIP_RETENTION_MS,
  expectedReturn,
  linkIsValid,
  nextStage,
  returnIsInFuture,
  stageAfterMove,
  stageDueAt,
  TRIP_STAGES,
  type TripStage,
  type TripTimes,
} from '../domain/trip-plan';
import { BadRequestError, ConflictError, GoneError, NotFoundError } from '../lib/errors';
import { siteUrl } from '../lib/email';
import { logger } from '../lib/logger';
import type { OutboxMessage } from '../repositories/email';
import { displayNamesOf, getGroupActivity, getMember, listMembers } from '../repositories/group-activities';
import {
  advanceTripStage,
  closeTripPlan,
  createTripPlan,
  getPlanIdByLink,
  getTripPlan,
  getTripPlans,
  listDueTripPlans,
  listTripPlanIdsOf,
  moveTripReturn,
  type TripPlanRecord,
} from '../repositories/trip-plans';
import { FALLBACK_DISPLAY_NAME, PLAN_TIME_ZONE } from '../shared/schemas/group-activities';
import {
  MAX_RETURN_MOVES,
  returnWithinTrip,
  TRIP_ESSENTIAL_LABELS,
  TRIP_FIELD_MESSAGES,
  tripTimingIssues,
  type SharedTripPlan,
  type TripCheckInRequest,
  type TripPlan,
  type TripPlanInput,
  type TripPlanList,
} from '../shared/schemas/trip-plans';
import { joinNames } from '../shared/sentences';
import { emailUser, hashToken, newToken } from './email';
import {
  addressesStillMailable,
  createStopLinks,
  refuseStoppedContacts,
  takeFilingAllowance,
  type StopLinks,
} from './trip-contacts';

/** Web paths the emails link to. */
export const tripPaths = {
  plan: (id: string) => `/trip-plans/${id}`,
  // The token in the fragment never reaches a server or a Referer (docs/edge-limits-and-logs.md).
  shared: (token: string) => `/trip-link#${token}`,
} as const;

const TRIP_FIELDS_ERROR = 'trip_plan_invalid';

function toView(plan: TripPlanRecord): TripPlan {
  const { stage: _stage, dueAt: _dueAt, tokenHash: _hash, expiresAt: _ttl, ...view } = plan;
  return {
    ...view,
    startsAt: wallClockInstant(plan.startDate, plan.startTime, plan.timeZone).toISOString(),
    returnsAt: expectedReturn(plan).toISOString(),
  };
}

export const partyNames = (plan: Pick<TripPlan, 'party'>) => joinNames(plan.party.map((m) => m.name));
export const when = (date: string, time: string) => `${date} at ${time} (Pacific time)`;

function planSummary(plan: TripPlanRecord): string[] {
  const essentials = plan.essentials.length
    ? plan.essentials.map((e) => TRIP_ESSENTIAL_LABELS[e]).join(', ')
    : 'none listed';
  return [
    `Party: ${partyNames(plan)}`,
    `Trailhead: ${plan.trailhead} (${plan.area})`,
    `Route: ${plan.route}`,
    `Start: ${when(plan.startDate, plan.startTime)}. Expected back: ${when(plan.returnDate, plan.returnTime)}, plus ${plan.graceMinutes} minutes' grace.`,
    `Vehicle: ${plan.vehicle || 'not given'}`,
    `Essentials carried: ${essentials}`,
  ];
}

const filerName = (plan: TripPlanRecord) =>
  plan.party.find((m) => m.userId === plan.ownerId)?.name ?? FALLBACK_DISPLAY_NAME;

/**
 * The first email to an address its filer has not named before: fixed text that names the filer and carries nothing
 * else the filer wrote (no trailhead, route or contact name), so nobody can use a plan to mail a stranger their words.
 */
function firstContactNotice(plan: TripPlanRecord): { subject: string; paragraphs: string[] } {
  const sender = filerName(plan);
  return {
    subject: 'You were named as an emergency contact on TrailBuddy',
    paragraphs: [
      'Hello,',
      `${sender} named this address as an emergency contact for a trip and filed a trip plan with TrailBuddy, a site for planning outdoor activities.`,
      'If the party has not checked in by its expected return plus a grace period, we will email you so you can raise the alarm. The link below shows the plan until 48 hours after the trip ends; no sign-in is needed.',
      `If you do not know ${sender}, choose "I don't know this person" at the end of this email and they can no longer send you anything through TrailBuddy. To get no TrailBuddy email at all, choose "Never email me".`,
    ],
  };
}

export interface ContactMail {
  purpose: string;
  /** Fixed text: a subject never carries anything a user wrote. */
  subject: string;
  paragraphs: string[];
  linkUrl: string | null;
}

/**
 * One message per contact that still takes mail from the plan's filer; ids are stable per plan, purpose and contact,
 * so enqueuing twice keeps one. Every message carries the two stop links; an address in `firstContacts` gets the
 * fixed-text notice instead.
 */
export async function contactEmails(
  plan: TripPlanRecord,
  mail: ContactMail,
  now: Date,
  firstContacts: ReadonlySet<string> = new Set(),
): Promise<OutboxMessage[]> {
  const mailable = await addressesStillMailable(
    plan.ownerId,
    plan.contacts.map((c) => c.email),
  );
  const stopLinks = await createStopLinks(plan.ownerId, [...mailable], now);
  return plan.contacts.flatMap((contact, i) => {
    const links = stopLinks.get(contact.email);
    if (!links) return [];
    const { subject, paragraphs } = firstContacts.has(contact.email)
      ? firstContactNotice(plan)
      : { subject: mail.subject, paragraphs: [`Hello ${contact.name},`, ...mail.paragraphs] };
    return [
      {
        id: `trip-${plan.id}-${mail.purpose}-${i}`,
        to: contact.email,
        category: null,
        userIds: plan.party.map((m) => m.userId),
        ...composeEmail({
          subject,
          paragraphs,
          action: mail.linkUrl
            ? { label: 'View the trip plan', url: mail.linkUrl }
            : { label: 'TrailBuddy', url: siteUrl() },
          footerLinks: stopFooter(filerName(plan), links),
        }),
      },
    ];
  });
}

const stopFooter = (sender: string, links: StopLinks) => [
  { label: `I don't know ${sender}: stop all their mail to me`, url: links.sender },
  { label: 'Never email me: stop all TrailBuddy mail to this address', url: links.address },
];

function lastCheckInText(plan: TripPlanRecord): string {
  const by = plan.party.find((m) => m.userId === plan.lastCheckIn.by)?.name ?? 'the party';
  const what =
    plan.lastCheckIn.kind === 'late' ? `said they are running late (${plan.lateReason ?? ''})` : 'filed the plan';
  const zone = plan.timeZone ?? PLAN_TIME_ZONE;
  const when = formatInstantIn(new Date(plan.lastCheckIn.at), zone);
  return `Last check-in: ${by} ${what} on ${when} (${zoneLabel(zone)}).`;
}

/** POST /api/trip-plans: files a plan for a group activity the caller is in (every participant is the party) or a solo one. */
export async function fileTripPlan(
  userId: string,
  input: TripPlanInput,
  now: Date,
  idempotency: IdempotencyClaim | null = null,
): Promise<TripPlan> {
  const timing = tripTimingIssues(input, now);
  if (timing.startDate) throw new BadRequestError(timing.startDate, timing, TRIP_FIELDS_ERROR);
  if (!returnIsInFuture({ ...input, timeZone: PLAN_TIME_ZONE }, now)) {
    throw new BadRequestError(
      'The expected return must be later than now.',
      { returnTime: 'The expected return must be later than now.' },
      TRIP_FIELDS_ERROR,
    );
  }
  let memberIds = [userId];
  if (input.activityId) {
    const activity = await getGroupActivity(input.activityId);
    const members = activity && !activity.cancelledAt ? await listMembers(activity.id) : [];
    if (!members.some((m) => m.userId === userId)) throw new NotFoundError('No such activity among yours.');
    memberIds = [userId, ...members.map((m) => m.userId).filter((id) => id !== userId)];
  }
  await refuseStoppedContacts(userId, input.contacts);
  const names = await displayNamesOf(memberIds, FALLBACK_DISPLAY_NAME);
  const allowance = await takeFilingAllowance(
    userId,
    input.contacts.map((c) => c.email),
    now,
  );
  const token = newToken();
  const at = now.toISOString();
  const plan: TripPlanRecord = {
    id: ulid(now.getTime()),
    ownerId: userId,
    ...input,
    timeZone: PLAN_TIME_ZONE,
    party: memberIds.map((id) => ({ userId: id, name: names.get(id) ?? FALLBACK_DISPLAY_NAME })),
    status: 'open',
    lateReason: null,
    returnMoves: 0,
    lastCheckIn: { at, by: userId, kind: 'filed' },
    overdueAlertsSent: 0,
    closedAt: null,
    createdAt: at,
    stage: 'reminder',
    dueAt: stageDueAt(input, 'reminder')!.toISOString(),
    tokenHash: hashToken(token),
    expiresAt: null,
  };
  try {
    const filed = await contactEmails(
      plan,
      {
        purpose: 'filed',
        subject: 'Trip plan: you are an emergency contact',
        paragraphs: [
          // Only the filer named the contacts; the party may be a whole group.
          `${filerName(plan)} named you as an emergency contact for a trip, and filed this plan with TrailBuddy.`,
          ...planSummary(plan),
          'If they have not checked in by the expected return plus the grace period, we will email you. Keep this link: it shows the plan until 48 hours after the trip ends.',
        ],
        linkUrl: `${siteUrl()}${tripPaths.shared(token)}`,
      },
      now,
      allowance.firstContacts,
    );
    await createTripPlan(
      plan,
      filed,
      now,
      idempotency ? idempotencyRecordPut(idempotency, toView(plan), now) : undefined,
    );
  } catch (error) {
    await allowance.giveBack();
    throw error;
  }
  await allowance.filed(now);
  return toView(plan);
}

/**
 * Whether `userId` is in the plan's party now. A group activity's plan also asks the activity: the party follows its
 * participants (functions/usecases/trip-plan-party.ts), and someone who stopped taking part is refused even before
 * that change has reached the plan.
 */
async function isCurrentMember(plan: TripPlanRecord, userId: string): Promise<boolean> {
  if (!plan.party.some((m) => m.userId === userId)) return false;
  return plan.activityId === null || (await getMember(plan.activityId, userId)) !== null;
}

/** A plan the caller is in; anyone else gets the same 404 as for a plan that does not exist. */
async function planOfMember(userId: string, planId: string, now: Date): Promise<TripPlanRecord> {
  const plan = await getTripPlan(planId, now);
  if (!plan || !(await isCurrentMember(plan, userId))) throw new NotFoundError('No such trip plan.');
  return plan;
}

export async function getTripPlanFor(userId: string, planId: string, now: Date): Promise<TripPlan> {
  return toView(await planOfMember(userId, planId, now));
}

export async function listTripPlansFor(userId: string, now: Date): Promise<TripPlanList> {
  const plans = await getTripPlans(await listTripPlanIdsOf(userId), now);
  const current = await Promise.all(plans.map((plan) => isCurrentMember(plan, userId)));
  return { plans: plans.filter((_, i) => current[i]).map(toView) };
}

/**
 * "We're back" (closes the plan, tells the contacts) or "Running late" (moves the return, up to MAX_RETURN_MOVES
 * times, with a reason; the contacts are told the new time each time, and the overdue clock restarts on it).
 */
export async function checkInTripPlan(
  userId: string,
  planId: string,
  request: TripCheckInRequest,
  now: Date,
): Promise<TripPlan> {
  const plan = await planOfMember(userId, planId, now);
  if (plan.status !== 'open') throw new ConflictError('This trip plan is already closed.', 'trip_plan_closed');
  const name = plan.party.find((m) => m.userId === userId)?.name ?? FALLBACK_DISPLAY_NAME;
  if (request.kind === 'back') {
    const emails = await contactEmails(
      plan,
      {
        purpose: 'back',
        subject: 'Trip plan closed: the party is back',
        paragraphs: [
          `${name} checked in: the party is back from ${plan.trailhead}. Thank you for being their contact.`,
          'Nothing more to do.',
        ],
        linkUrl: null,
      },
      now,
    );
    const expiresAt = Math.floor((now.getTime() + CLOSED_TRIP_RETENTION_MS) / 1000);
    if (!(await closeTripPlan(plan, userId, expiresAt, emails, now)))
      throw new ConflictError('This trip plan is already closed.', 'trip_plan_closed');
    return getTripPlanFor(userId, planId, now);
  }
  if (plan.returnMoves >= MAX_RETURN_MOVES) throw new ConflictError(TRIP_FIELD_MESSAGES.noMoreMoves, 'already_late');
  const moved = {
    returnDate: request.returnDate,
    returnTime: request.returnTime,
    graceMinutes: plan.graceMinutes,
    timeZone: plan.timeZone,
  };
  if (!returnWithinTrip(plan.startDate, request.returnDate)) {
    throw new BadRequestError(
      TRIP_FIELD_MESSAGES.tripTooLong,
      { returnDate: TRIP_FIELD_MESSAGES.tripTooLong },
      TRIP_FIELDS_ERROR,
    );
  }
  if (expectedReturn(moved).getTime() <= Math.max(now.getTime(), expectedReturn(plan).getTime())) {
    throw new BadRequestError(
      'The new return must be later than now and than the planned return.',
      { returnTime: 'Choose a later time.' },
      TRIP_FIELDS_ERROR,
    );
  }
  const stage = stageAfterMove(moved, now);
  const emails = await contactEmails(plan, lateMail(plan, name, moved, request.reason), now);
  const change = { ...request, stage, dueAt: stageDueAt(moved, stage)?.toISOString() ?? null };
  if (!(await moveTripReturn(plan, change, userId, emails, now))) {
    throw new ConflictError('The trip plan changed meanwhile; reload it and try again.', 'trip_plan_changed');
  }
  return getTripPlanFor(userId, planId, now);
}

/** What the contacts read when the party moves its return: the new time, the reason, and when the alert now comes. */
function lateMail(plan: TripPlanRecord, name: string, moved: TripTimes, reason: string): ContactMail {
  const zone = plan.timeZone ?? PLAN_TIME_ZONE;
  const at = (instant: Date) => `${formatInstantIn(instant, zone)} (${zoneLabel(zone)})`;
  const move = plan.returnMoves + 1;
  return {
    // One message per move and contact: a retried request keeps one, a later move is a new one.
    purpose: `late${move}`,
    subject: 'Trip plan update: the party expects to be back later',
    paragraphs: [
      `${name} checked in: the party at ${plan.trailhead} is running late. They now expect to be back by ${at(expectedReturn(moved))}, instead of ${at(expectedReturn(plan))}.`,
      `Their reason: ${reason}`,
      `If nobody checks in by ${at(stageDueAt(moved, 'overdue1')!)} (the new return plus ${plan.graceMinutes} minutes' grace), we will email you an overdue alert. Nothing to do until then.`,
      move < MAX_RETURN_MOVES
        ? `They can move the return ${MAX_RETURN_MOVES - move === 1 ? 'once more' : `${MAX_RETURN_MOVES - move} more times`}; we will tell you each time.`
        : 'They cannot move the return again: the alert time above stands.',
    ],
    linkUrl: null,
  };
}

const zoneLabel = (zone: string) => (zone === PLAN_TIME_ZONE ? 'British Columbia time' : zone);

/** GET /api/trip-links/{token}: the read-only plan an emergency contact sees, without signing in. */
export async function sharedTripPlan(token: string, now: Date): Promise<SharedTripPlan> {
  const planId = await getPlanIdByLink(hashToken(token));
  const plan = planId ? await getTripPlan(planId, now) : null;
  if (!plan) throw new NotFoundError('This trip plan link is not valid.');
  if (!linkIsValid(plan, now)) throw new GoneError('This trip plan is closed or its link has expired.', 'link_expired');
  const { ownerId: _o, activityId: _a, contacts: _c, party, lastCheckIn, ...rest } = toView(plan);
  // Names only: a contact never sees user ids.
  const by = party.find((m) => m.userId === lastCheckIn.by)?.name ?? FALLBACK_DISPLAY_NAME;
  return { ...rest, lastCheckIn: { ...lastCheckIn, by }, party: party.map((m) => m.name) };
}

export interface TripScheduleReport {
  due: number;
  reminders: number;
  alerts: number;
}

/** A moved return restarts the stages: their mail gets ids of its own, so it is not taken for the earlier mail. */
const moveSuffix = (plan: Pick<TripPlanRecord, 'returnMoves'>) =>
  plan.returnMoves > 0 ? `-move${plan.returnMoves}` : '';

/** What moving `plan` from its stage sends: the party's reminder (their choice) or the contacts' overdue alert (always). */
async function stageEmails(plan: TripPlanRecord, stage: TripStage, now: Date): Promise<OutboxMessage[]> {
  if (stage !== 'overdue1' && stage !== 'overdue2') return [];
  const second = stage === 'overdue2';
  const alerts = await contactEmails(
    plan,
    {
      purpose: `${stage}${moveSuffix(plan)}`,
      subject: `${second ? 'Second alert' : 'Overdue'}: a party you are the emergency contact for has not checked in`,
      paragraphs: [
        `${partyNames(plan)} expected to be back from ${plan.trailhead} by ${when(plan.returnDate, plan.returnTime)}. With ${plan.graceMinutes} minutes' grace, they are now overdue and nobody has checked in${second ? ', still' : ''}.`,
        lastCheckInText(plan),
        'Try to reach them first. If you cannot, call 911 and ask for Search and Rescue; give them this plan. Never call a Search and Rescue group yourself: the police call them out.',
        ...planSummary(plan),
        'The link in our first email shows this plan (no sign-in needed).',
      ],
      linkUrl: null,
    },
    now,
  );
  return alerts.map((alert) => ({ ...alert, lane: 'alert' }));
}

/** How long one run may work: the job runs every 5 minutes with a 5-minute timeout. */
export const TRIP_SCHEDULE_BUDGET_MS = 4 * 60_000;
/** Plans re-read together before they move. */
const PLANS_PER_READ = 100;

/** Overdue alerts before reminders: an alert stage is due, or the plan's overdue time has passed during its reminder. */
function alertsFirst(plans: readonly TripPlanRecord[], now: Date): TripPlanRecord[] {
  const isAlert = (plan: TripPlanRecord) =>
    plan.stage !== 'reminder' || (stageDueAt(plan, 'overdue1')?.getTime() ?? Infinity) <= now.getTime();
  return [...plans.filter(isAlert), ...plans.filter((plan) => !isAlert(plan))];
}

/**
 * Scheduled (`trip-plans` job): every plan whose stage is due moves to the next stage, each exactly once, overdue
 * alerts before reminders, for as long as the run's time allows (at least one plan a pass). The contacts' alerts are
 * written in the same transaction as the move; the party's reminder follows the move (at most once).
 */
export async function runTripPlanSchedule(now: Date, budgetMs = TRIP_SCHEDULE_BUDGET_MS): Promise<TripScheduleReport> {
  const report: TripScheduleReport = { due: 0, reminders: 0, alerts: 0 };
  const deadline = performance.now() + budgetMs;
  const outOfTime = () => performance.now() >= deadline;
  // A plan whose next stage is already due too (the job was late, or a late return moved it) moves again in the next pass.
  for (let pass = 0; pass < TRIP_STAGES.length - 1; pass += 1) {
    const due = alertsFirst(await listDueTripPlans(now, outOfTime), now);
    if (pass === 0) report.due = due.length;
    let moved = 0;
    for (let i = 0; i < due.length; i += PLANS_PER_READ) {
      const ids = due.slice(i, i + PLANS_PER_READ).map((plan) => plan.id);
      for (const plan of await getTripPlans(ids, now)) {
        if (await advanceDuePlan(plan, now, report)) moved += 1;
        if (outOfTime()) return report;
      }
    }
    if (moved === 0) break;
  }
  return report;
}

/** Moves one due plan a stage on and sends what that stage sends; false when it was not due or another run moved it. */
async function advanceDuePlan(plan: TripPlanRecord, now: Date, report: TripScheduleReport): Promise<boolean> {
  if (plan.status !== 'open' || !plan.dueAt || plan.dueAt > now.toISOString()) return false;
  const to = nextStage(plan.stage);
  const nextDue = stageDueAt(plan, to);
  const emails = await stageEmails(plan, plan.stage, now);
  if (!(await advanceTripStage(plan, to, nextDue?.toISOString() ?? null, alertsSentAt(to), emails, now))) return false;
  if (plan.stage === 'reminder') {
    for (const member of plan.party) {
      const sent = await emailUser(
        member.userId,
        'reminders',
        {
          id: `trip-${plan.id}-reminder${moveSuffix(plan)}-${plan.party.indexOf(member)}`,
          aboutUserIds: plan.party.map((m) => m.userId),
          subject: `Are you back? Check in on your trip plan for ${plan.trailhead}`,
          paragraphs: [
            `Your trip plan says you will be back by ${when(plan.returnDate, plan.returnTime)}.`,
            `Tap We're back when you are out, or Running late to move the return (up to ${MAX_RETURN_MOVES} times; your emergency contacts are told each new time). If nobody checks in, your contacts are alerted after the grace period.`,
          ],
          action: { label: "Check in: We're back", path: `${tripPaths.plan(plan.id)}?check-in=1` },
        },
        now,
      );
      if (sent) report.reminders += 1;
    }
  } else {
    report.alerts += emails.length;
    logger.info('trip plan overdue alert', { planId: plan.id, stage: plan.stage });
  }
  return true;
}
