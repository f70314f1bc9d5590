/**
 * Account deletion (issue 5): removes what this capability keeps for `userId` — partner profile index, partner requests, messages, blocks, notifications.
 * Returns the number of items removed. Called by the account-deletion use case.
 */
export async function erasePartnerDataOfUser(_userId: string, _now: Date): Promise<number> {
  return 0; // placeholder until the capability lands
}
