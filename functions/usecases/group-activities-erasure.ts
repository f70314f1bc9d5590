import {
  activityLink,
  DELETED_ORGANIZER_ID,
  deletedOrganizerMessage,
  SCRUBBED_ACTIVITY,
} from '../domain/group-activity';
import {
  deleteMember,
  deletePlanActionCounts,
  deleteRemovalRecords,
  displayNamesOf,
  getGroupActivity,
  leaveGroupActivity,
  listAllMemberships,
  listMembers,
  scrubActivityOfErasedOrganizer,
} from '../repositories/group-activities';
import { scrubNotificationsFrom } from '../repositories/notifications';
import { deleteRideStats } from '../repositories/rides';
import { FALLBACK_DISPLAY_NAME } from '../shared/schemas/group-activities';
import { DELETED_USER } from '../shared/schemas/partners';
import { notifyEach, groupActivityDeps, type GroupActivityDeps } from './group-activity-deps';
import { removeUserRides } from './rides';

/**
 * Account deletion: removes what this capability keeps for `userId`. Activities they organise are
 * cancelled and scrubbed (title, description, meeting place, equipment, notes and organizer id go; participants are
 * told, with the organizer as 'Deleted user'); they leave the ones they joined (seats freed); their ride offers
 * (passengers told), requests and bookings go (seats released); notifications about them in the other members'
 * inboxes name them 'Deleted user' or go; their plan limit windows and the records of activities they were removed from go. Returns the number of items removed or changed.
 * Called by the account-deletion use case (before the user's profile, so their name is still known).
 */
export async function eraseGroupActivityDataOfUser(
  userId: string,
  now: Date,
  deps: GroupActivityDeps = groupActivityDeps,
): Promise<number> {
  const name = (await displayNamesOf([userId], FALLBACK_DISPLAY_NAME)).get(userId) ?? FALLBACK_DISPLAY_NAME;
  let changed = 0;
  for (const membership of await listAllMemberships(userId)) {
    const activity = await getGroupActivity(membership.activityId);
    if (!activity) continue;
    changed += await removeUserRides(activity, userId, now, deps);
    const others = (await listMembers(activity.id)).filter((m) => m.userId !== userId).map((m) => m.userId);
    const organised = membership.role === 'organizer';
    // Their notices about this activity now say 'Deleted user'; about one they organised (its title is their text), they go.
    // Before the cancellation notice below, which carries no actor and stays.
    for (const other of others)
      changed += await scrubNotificationsFrom(
        other,
        userId,
        organised ? null : name,
        DELETED_USER,
        activityLink(activity.id),
      );
    if (organised) {
      const scrubbed =
        activity.organizerId === userId
          ? await scrubActivityOfErasedOrganizer(activity.id, userId, DELETED_ORGANIZER_ID, SCRUBBED_ACTIVITY, now)
          : null;
      if (scrubbed) {
        changed += 1;
        if (!activity.cancelledAt) {
          await notifyEach(
            deps,
            others,
            {
              type: 'activity_cancelled',
              message: deletedOrganizerMessage(activity.date, DELETED_USER),
              link: activityLink(activity.id),
            },
            now,
          );
        }
      }
      changed += await deleteMember(activity.id, userId);
    } else if (await leaveGroupActivity(activity.id, userId)) {
      changed += 1;
    }
  }
  changed += await deleteRideStats(userId);
  changed += await deletePlanActionCounts(userId);
  changed += await deleteRemovalRecords(userId);
  return changed;
}
