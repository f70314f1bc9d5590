/**
 * Account deletion (issue 5): removes what this capability keeps for `userId` — group activities organised (cancelled for participants), participations, ride offers, requests and bookings.
 * Returns the number of items removed. Called by the account-deletion use case.
 */
export async function erasePlanDataOfUser(_userId: string, _now: Date): Promise<number> {
  return 0; // placeholder until the capability lands
}
