import { deleteTripPlan, getTripPlans, listTripPlanIdsOf, removeTripMember } from '../repositories/trip-plans';

/**
 * Account deletion: plans the user filed are deleted with everything in them; from others' plans they are removed
 * (their item and their name in the party). Returns the items removed or changed. Its own module, so the erasure
 * loads none of the trip plan routes' schemas and emails.
 */
export async function eraseTripPlansOfUser(userId: string, _now: Date): Promise<number> {
  let changed = 0;
  for (const plan of await getTripPlans(await listTripPlanIdsOf(userId), new Date(0))) {
    changed += plan.ownerId === userId ? await deleteTripPlan(plan) : await removeTripMember(plan, userId);
  }
  return changed;
}
