import { beforeAll, describe, expect, it } from 'vitest';
import { hashIngestToken } from '../../../functions/domain/apple-ingest-token';
import { ownerOfIngestToken } from '../../../functions/repositories/apple-ingest-tokens';
import { getConnection } from '../../../functions/repositories/connections';
import { issueAppleIngestToken } from '../../../functions/usecases/apple-connect';
import { appleDeps } from '../../../functions/usecases/apple-deps';
import { ingestAppleHealth } from '../../../functions/usecases/apple-ingest';
import { connectionDeps } from '../../../functions/usecases/providers/registry';
import { withdrawConnection } from '../../../functions/usecases/disconnect';
import type { GoogleOAuthDeps } from '../../../functions/usecases/google-oauth-deps';
import type { StravaOAuthDeps } from '../../../functions/usecases/strava-oauth-deps';
import { haeWorkout, newUserId, storedActivities, useAppleEnv } from '../apple/helpers';

beforeAll(() => useAppleEnv());

/** Deps builders that count their calls; they never build anything real. */
function countingBuilders() {
  const built = { strava: 0, google_health: 0 };
  return {
    built,
    builders: {
      strava: async () => {
        built.strava += 1;
        return { clock: () => new Date() } as unknown as StravaOAuthDeps;
      },
      google_health: async () => {
        built.google_health += 1;
        return { clock: () => new Date() } as unknown as GoogleOAuthDeps;
      },
    },
  };
}

describe('connectionDeps', () => {
  it("builds a provider's deps on first use only, once, and no other provider's", async () => {
    const { built, builders } = countingBuilders();
    const deps = connectionDeps(builders);
    expect(built).toEqual({ strava: 0, google_health: 0 });
    const first = await deps.strava();
    expect(await deps.strava()).toBe(first);
    expect(built).toEqual({ strava: 1, google_health: 0 });
    expect(await deps.apple_health()).toBeUndefined();
    expect(built).toEqual({ strava: 1, google_health: 0 });
  });
});

describe('withdrawConnection (disconnect and account erasure)', () => {
  it("withdraws access, deactivates the connection, deletes the provider's activities, and builds no other provider's deps", async () => {
    const userId = newUserId();
    const apple = appleDeps({ recalculateMetrics: async () => {} });
    const { token } = await issueAppleIngestToken(userId, new Date(), apple);
    await ingestAppleHealth(
      {
        authorization: `Bearer ${token}`,
        body: { health_data: { workouts: [haeWorkout('w1', 3), haeWorkout('w2', 5)] } },
      },
      new Date(),
      apple,
    );
    expect(await storedActivities(userId)).toHaveLength(2);

    const { built, builders } = countingBuilders();
    expect(await withdrawConnection(userId, 'apple_health', connectionDeps(builders), new Date())).toBe(2);

    expect(await ownerOfIngestToken(hashIngestToken(token))).toBeNull();
    expect((await getConnection(userId, 'apple_health', null))?.isActive).toBe(false);
    expect(await storedActivities(userId)).toEqual([]);
    expect(built).toEqual({ strava: 0, google_health: 0 });
    // Idempotent: nothing left to withdraw or delete.
    expect(await withdrawConnection(userId, 'apple_health', connectionDeps(builders), new Date())).toBe(0);
  });
});
