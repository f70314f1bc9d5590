import { activityLink, activityMessages } from '../domain/group-activity';
import { cancelGroupActivity, deleteMember, getGroupActivity, leaveGroupActivity, listAllMemberships, listMembers } from '../repositories/group-activities';
import { deleteRideStats } from '../repositories/rides';
import { notifyEach, planDeps, type PlanDeps } from './group-activity-deps';
import { removeUserRides } from './rides';

/**
 * Account deletion (issue 5): removes what this capability keeps for `userId`. Activities they organise are
 * cancelled (participants are told and keep seeing them, cancelled); they leave the ones they joined (seats
 * freed); their ride offers (passengers told), requests and bookings go. Returns the number of items removed
 * or changed. Called by the account-deletion use case.
 */
export async function erasePlanDataOfUser(userId: string, now: Date, deps: PlanDeps = planDeps): Promise<number> {
  let changed = 0;
  for (const membership of await listAllMemberships(userId)) {
    const activity = await getGroupActivity(membership.activityId);
    if (!activity) continue;
    changed += await removeUserRides(activity, userId, now, deps);
    if (membership.role === 'organizer') {
      const cancelled = activity.cancelledAt ? null : await cancelGroupActivity(activity.id, userId, now);
      if (cancelled) {
        changed += 1;
        const others = (await listMembers(activity.id)).filter((m) => m.userId !== userId).map((m) => m.userId);
        await notifyEach(deps, others, { type: 'activity_cancelled', message: activityMessages.cancelled(cancelled.title, cancelled.date), link: activityLink(activity.id) }, now);
      }
      changed += await deleteMember(activity.id, userId);
    } else if (await leaveGroupActivity(activity.id, userId)) {
      changed += 1;
    }
  }
  changed += await deleteRideStats(userId);
  return changed;
}
