import { CLOSED_TRIP_RETENTION_MS } from '../domain/trip-plan';
import { logger } from '../lib/logger';
import { callOffTripPlan, dropTripMemberItem, leaveTripParty } from '../repositories/trip-plan-party';
import { getTripPlan, getTripPlans, listTripPlanIdsOf, type TripPlanRecord } from '../repositories/trip-plans';
import type { OutboxMessage } from '../repositories/email';
import { FALLBACK_DISPLAY_NAME } from '../shared/schemas/group-activities';
import { sentence } from '../shared/sentences';
import { contactEmails, partyNames, when } from './trip-plans';

/**
 * A trip plan filed for a group activity follows who takes part in it: whoever stops taking part (they leave, the
 * organiser removes them, a block separates them from the organiser) leaves the plan's party, so they no longer see
 * it or check in for the others, and the contacts are told who the plan covers now. An activity cancelled before it
 * starts calls its plans off (closed, contacts told, no alert follows); once it has started people may be out, so
 * its plans keep running until someone checks in.
 */
const ATTEMPTS = 5;

const expiryFrom = (now: Date) => Math.floor((now.getTime() + CLOSED_TRIP_RETENTION_MS) / 1000);

/** Why someone leaves a party: they stopped taking part, or deleted their account (then nothing of theirs is kept). */
type Leaving = 'stopped' | 'deleted';

async function partyChangeEmails(
  plan: TripPlanRecord,
  leaverId: string,
  leaving: Leaving,
  now: Date,
): Promise<OutboxMessage[]> {
  const name = plan.party.find((m) => m.userId === leaverId)?.name ?? FALLBACK_DISPLAY_NAME;
  const remaining = plan.party.filter((m) => m.userId !== leaverId);
  const after =
    remaining.length === 0
      ? ['Nobody is left in the party, so this trip plan is closed and no alert will follow.']
      : [
          sentence(`The party is now: ${partyNames({ party: remaining })}`),
          `Nothing else changed: if they have not checked in by ${when(plan.returnDate, plan.returnTime)}, plus ${plan.graceMinutes} minutes' grace, we will email you.`,
        ];
  const change =
    leaving === 'stopped'
      ? `${name} is no longer part of the party on the trip plan for ${plan.trailhead}, so it no longer covers them.`
      : `Someone in the party on the trip plan for ${plan.trailhead} deleted their TrailBuddy account, so the plan no longer covers them.`;
  return contactEmails(
    // A deleted account leaves no trace: the mail is about the others only, and its id does not name them.
    leaving === 'stopped' ? plan : { ...plan, party: remaining },
    {
      purpose: leaving === 'stopped' ? `left-${leaverId}` : `member-deleted-${plan.party.length}`,
      subject: 'Trip plan update: the party changed',
      paragraphs: [change, ...after],
      linkUrl: null,
    },
    now,
  );
}

/** Takes one person off one plan; false when they were not on it. Re-reads and tries again if the plan changed. */
async function leavePlan(planId: string, userId: string, leaving: Leaving, now: Date): Promise<boolean> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const plan = await getTripPlan(planId, now);
    if (!plan) return false;
    if (!plan.party.some((m) => m.userId === userId)) {
      await dropTripMemberItem(planId, userId);
      return false;
    }
    const open = plan.status === 'open';
    const lastOne = plan.party.length === 1;
    const emails = open ? await partyChangeEmails(plan, userId, leaving, now) : [];
    if (await leaveTripParty(plan, userId, emails, open && lastOne ? expiryFrom(now) : null, now)) return true;
  }
  // The activity change already happened; the plan still refuses them (it checks the activity's participants too).
  logger.error('trip plan party change kept conflicting', { planId });
  return false;
}

/** `userId` no longer takes part in `activityId`: they leave the party of every plan filed for it. Plans changed. */
export async function leaveActivityTripPlans(activityId: string, userId: string, now: Date): Promise<number> {
  const plans = (await getTripPlans(await listTripPlanIdsOf(userId), now)).filter((p) => p.activityId === activityId);
  let changed = 0;
  for (const plan of plans) if (await leavePlan(plan.id, userId, 'stopped', now)) changed += 1;
  return changed;
}

/** Account deletion: the user leaves the party of another's plan; while it is open its contacts are told, without their name. */
export async function leaveTripPlanOnDeletion(planId: string, userId: string, now: Date): Promise<boolean> {
  return leavePlan(planId, userId, 'deleted', now);
}

function calledOffEmails(plan: TripPlanRecord, activityTitle: string, now: Date): Promise<OutboxMessage[]> {
  return contactEmails(
    plan,
    {
      purpose: 'called-off',
      subject: 'Trip plan called off: no alert will follow',
      paragraphs: [
        `The group activity the trip plan for ${partyNames(plan)} at ${plan.trailhead} was for (${activityTitle}) was cancelled before it started, so the plan is closed and no alert will follow.`,
        'If they go anyway, they will file a new plan and we will email you again.',
      ],
      linkUrl: null,
    },
    now,
  );
}

/**
 * The activity was cancelled: its open plans (found through its participants' plan indexes) are called off, unless
 * it had already started (then someone may be out on the trail, and the plan runs on).
 */
export async function callOffActivityTripPlans(
  activity: { id: string; title: string; startsAt: string },
  participantIds: readonly string[],
  now: Date,
): Promise<number> {
  if (Date.parse(activity.startsAt) <= now.getTime()) return 0;
  const ids = new Set<string>();
  for (const userId of participantIds) for (const id of await listTripPlanIdsOf(userId)) ids.add(id);
  const plans = (await getTripPlans([...ids], now)).filter((p) => p.activityId === activity.id && p.status === 'open');
  let changed = 0;
  for (const plan of plans)
    if (await callOffTripPlan(plan, expiryFrom(now), await calledOffEmails(plan, activity.title, now), now))
      changed += 1;
  return changed;
}
