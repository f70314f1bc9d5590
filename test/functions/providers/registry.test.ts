import { describe, expect, it } from 'vitest';
import { googleProvider } from '../../../functions/usecases/providers/google';
import { providerImporter } from '../../../functions/usecases/providers/importers';
import { connectionDeps, PROVIDERS, pullingProviders } from '../../../functions/usecases/providers/registry';
import { stravaPull } from '../../../functions/usecases/providers/strava/pull';
import { stravaProvider } from '../../../functions/usecases/providers/strava/provider';
import { PROVIDER_TYPES } from '../../../functions/shared/schemas/activity';

describe('the provider registry', () => {
  it('has exactly one provider for every provider id in the shared schema, under its own id', () => {
    expect(Object.keys(PROVIDERS).sort()).toEqual([...PROVIDER_TYPES].sort());
    for (const id of PROVIDER_TYPES) expect(PROVIDERS[id].id).toBe(id);
  });

  it('gives every provider what each path asks of it: sync now, withdrawal, its deps and its not-connected text', () => {
    for (const id of PROVIDER_TYPES) {
      const entry = PROVIDERS[id];
      expect(typeof entry.syncNow, id).toBe('function');
      expect(typeof entry.withdrawAccess, id).toBe('function');
      expect(typeof entry.deps, id).toBe('function');
      expect(entry.notConnectedMessage, id).toMatch(/is not connected\.$/);
    }
  });

  it('has import jobs for exactly the providers that pull', () => {
    expect(pullingProviders().sort()).toEqual(['google_health', 'strava']);
    for (const id of PROVIDER_TYPES) {
      const factory = providerImporter(id);
      if (PROVIDERS[id].pulls) expect(typeof factory, id).toBe('function');
      else expect(factory, id).toBeNull();
    }
  });

  it("builds a provider's deps from its registry entry, once, and only when asked", async () => {
    const deps = connectionDeps();
    expect(await deps.apple_health()).toBeUndefined();
    let built = 0;
    const counted = connectionDeps({
      strava: async () => {
        built += 1;
        return { clock: () => new Date() } as never;
      },
    });
    expect(built).toBe(0);
    expect(await counted.strava()).toBe(await counted.strava());
    expect(built).toBe(1);
  });

  it("keeps each OAuth provider's whole interface, with the same light sides as its registry entry", () => {
    const whole = { strava: stravaProvider, google_health: googleProvider };
    for (const [id, provider] of Object.entries(whole)) {
      const entry = PROVIDERS[id as keyof typeof whole];
      expect(Object.keys(provider.oauth ?? {}).sort(), id).toEqual([
        'authorizeUrl',
        'exchange',
        'refresh',
        'revoke',
        'tokenSource',
      ]);
      expect(typeof provider.pull?.listWindowPage, id).toBe('function');
      expect(typeof provider.pull?.map, id).toBe('function');
      expect(provider.syncNow, id).toBe(entry.syncNow);
      expect(provider.withdrawAccess, id).toBe(entry.withdrawAccess);
      expect(provider.pulls, id).toBe(entry.pulls);
    }
    expect(stravaProvider.pull).toBe(stravaPull);
  });

  it('maps a Strava page with the domain mapping and skips what it cannot read', () => {
    const raw = {
      id: 11,
      name: 'Morning Run',
      type: 'Run',
      sport_type: 'Run',
      start_date: '2026-11-20T07:00:00Z',
      elapsed_time: 1800,
      moving_time: 1700,
      distance: 5000,
    };
    const { activities, skipped } = stravaPull.map([raw, { nonsense: true }], {
      userId: 'u1',
      fetchedAt: new Date('2026-11-21T00:00:00Z'),
      timeZone: 'Europe/Berlin',
    });
    expect(skipped).toBe(1);
    expect(activities).toHaveLength(1);
    expect(activities[0]?.activity).toMatchObject({
      user_id: 'u1',
      provider_type: 'strava',
      provider_activity_id: '11',
    });
    expect(activities[0]?.raw).toBe(raw);
  });
});
