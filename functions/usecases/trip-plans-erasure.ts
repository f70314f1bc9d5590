import { composeEmail } from '../domain/email-message';
import { siteUrl } from '../lib/email';
import { enqueueEmail, type OutboxMessage } from '../repositories/email';
import {
  deleteTripPlan,
  getTripPlan,
  getTripPlans,
  listTripPlanIdsOf,
  removeTripMember,
  type TripPlanRecord,
} from '../repositories/trip-plans';
import { addressesStillMailable } from './trip-contacts';
import { leaveTripPlanOnDeletion } from './trip-plan-party';

/**
 * Account deletion: plans the user filed are deleted with everything in them; from others' plans they are removed
 * (their item and their name in the party). An open plan's contacts are told either way, since no alert will
 * follow for the deleted person: the mail names neither them nor anything they wrote (the deletion leaves no trace).
 * Returns the items removed or changed.
 */
export async function eraseTripPlansOfUser(userId: string, now: Date): Promise<number> {
  let changed = 0;
  for (const plan of await getTripPlans(await listTripPlanIdsOf(userId), new Date(0))) {
    if (plan.ownerId === userId) {
      if (plan.status === 'open') await tellContactsTheFilerLeft(plan, now);
      changed += await deleteTripPlan(plan);
      continue;
    }
    if (plan.status === 'open' && (await leaveTripPlanOnDeletion(plan.id, userId, now))) changed += 1;
    // Whatever the party change did, their member item and any check-in in their name go too.
    const current = await getTripPlan(plan.id, new Date(0));
    if (current) changed += await removeTripMember(current, userId);
  }
  return changed;
}

async function tellContactsTheFilerLeft(plan: TripPlanRecord, now: Date): Promise<void> {
  const mailable = await addressesStillMailable(
    plan.ownerId,
    plan.contacts.map((c) => c.email),
  );
  const others = plan.party.filter((m) => m.userId !== plan.ownerId).map((m) => m.userId);
  const emails: OutboxMessage[] = plan.contacts
    .filter((contact) => mailable.has(contact.email))
    .map((contact, i) => ({
      id: `trip-${plan.id}-filer-deleted-${i}`,
      to: contact.email,
      category: null,
      userIds: others,
      senderId: 'system',
      ...composeEmail({
        subject: 'Trip plan closed: no alert will follow',
        paragraphs: [
          `A trip plan that named this address as an emergency contact, for a trip on ${plan.startDate}, is closed: the person who filed it deleted their TrailBuddy account.`,
          'No alert will follow for that plan. If the party goes out, one of them will file a new plan and we will email you again.',
        ],
        action: { label: 'TrailBuddy', url: siteUrl() },
      }),
    }));
  for (const email of emails) await enqueueEmail(email, now);
}
