import { activityLink, activityMessages } from '../domain/group-activity';
import { rideMessages } from '../domain/ride';
import {
  getGroupActivities,
  leaveGroupActivity as freeSeat,
  listMyMemberships,
  type GroupActivityRecord,
  type MemberRecord,
} from '../repositories/group-activities';
import { cancelBooking, listActivityRides } from '../repositories/rides';
import { notifyEach, groupActivityDeps, type GroupActivityDeps } from './group-activity-deps';
import { removeUserRides } from './rides';
import { leaveActivityTripPlans } from './trip-plan-party';

/**
 * What a block does to plans two people share (as Meetup and BlaBlaCar do): whichever of the two takes part in an
 * upcoming activity the other organises leaves it (their seat, their ride offers, bookings and requests for it, and
 * the party of its trip plans), and a seat either of them holds in the other's ride goes back to the ride. The one
 * who loses a place gets a neutral notice that names no one and no reason; the other is told nothing. An activity a
 * third person organises keeps both (each sees the other counted, not named). Activities that have started or were
 * cancelled are left as they are: people may be out together, and a trip plan must not change under them. Unblocking
 * restores nothing.
 */
const MEMBERSHIP_PAGE = 100;

async function upcomingMemberships(userId: string, now: Date): Promise<MemberRecord[]> {
  const found: MemberRecord[] = [];
  let from = { sortKey: now.toISOString(), after: false };
  for (;;) {
    const page = await listMyMemberships(userId, from, MEMBERSHIP_PAGE);
    found.push(...page.items);
    if (!page.lastSortKey) return found;
    from = { sortKey: page.lastSortKey, after: true };
  }
}

/** Notices about what one of the two did never reach the other (the block already hides them from each other). */
function withoutNoticesTo(otherId: string, deps: GroupActivityDeps): GroupActivityDeps {
  return {
    notify: async (userId, notification, now) =>
      userId === otherId ? undefined : deps.notify(userId, notification, now),
  };
}

/** `memberId` leaves an activity `otherId` organises: seat, rides, trip plans; told neutrally. Items changed. */
async function leaveOrganisedBy(
  activity: GroupActivityRecord,
  memberId: string,
  otherId: string,
  now: Date,
  deps: GroupActivityDeps,
): Promise<number> {
  if (!(await freeSeat(activity.id, memberId))) return 0;
  let changed = 1 + (await removeUserRides(activity, memberId, now, withoutNoticesTo(otherId, deps)));
  changed += await leaveActivityTripPlans(activity.id, memberId, now);
  await notifyEach(
    deps,
    [memberId],
    {
      type: 'activity_removed',
      message: activityMessages.noLongerTakingPart(activity.activityType, activity.date),
      link: null,
    },
    now,
  );
  return changed;
}

/** Seats one of the two holds in the other's ride to an activity both stay in go back to the ride. Items changed. */
async function releaseSeatsBetween(
  activity: GroupActivityRecord,
  pair: readonly [string, string],
  now: Date,
  deps: GroupActivityDeps,
): Promise<number> {
  const rides = await listActivityRides(activity.id);
  let changed = 0;
  for (const booking of rides.bookings) {
    const driverId = rides.offers.find((o) => o.id === booking.rideId)?.driverId;
    const otherOfPassenger = booking.userId === pair[0] ? pair[1] : booking.userId === pair[1] ? pair[0] : null;
    if (!otherOfPassenger || driverId !== otherOfPassenger) continue;
    if (!(await cancelBooking(activity.id, booking.rideId, booking.userId))) continue;
    changed += 1;
    await notifyEach(
      deps,
      [booking.userId],
      {
        type: 'ride_cancelled',
        message: rideMessages.seatReleased(activity.title),
        link: activityLink(activity.id),
      },
      now,
    );
  }
  return changed;
}

/** After `blockerId` blocked `blockedId` (called by the block itself). Returns the items changed. */
export async function separateSharedPlans(
  blockerId: string,
  blockedId: string,
  now: Date,
  deps: GroupActivityDeps = groupActivityDeps,
): Promise<number> {
  let changed = 0;
  for (const [memberId, otherId] of [
    [blockedId, blockerId],
    [blockerId, blockedId],
  ] as const) {
    const memberships = await upcomingMemberships(memberId, now);
    const activities = await getGroupActivities(memberships.map((m) => m.activityId));
    for (const activity of activities) {
      if (activity.cancelledAt || Date.parse(activity.startsAt) <= now.getTime()) continue;
      if (activity.organizerId === otherId) changed += await leaveOrganisedBy(activity, memberId, otherId, now, deps);
      // A third person's activity both take part in: seen once, through the blocked person's list.
      else if (memberId === blockedId && activity.organizerId !== blockedId)
        changed += await releaseSeatsBetween(activity, [blockerId, blockedId], now, deps);
    }
  }
  return changed;
}
