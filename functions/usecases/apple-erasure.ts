import { revokeIngestToken } from '../repositories/apple-ingest-tokens';

/**
 * Account deletion: removes what this capability keeps for `userId` — Apple Health ingest tokens.
 * Returns the number of items removed. Called by the account-deletion use case. (The per-hour ingest counters in
 * rateLimits hold only a number and expire by TTL within two hours; connections and activities are erased with
 * the other providers'.)
 */
export async function eraseAppleDataOfUser(userId: string, _now: Date): Promise<number> {
  return revokeIngestToken(userId);
}
