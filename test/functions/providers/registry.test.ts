import { describe, expect, it } from 'vitest';
import { providerRegistry } from '../../../functions/providers/registry';
import { syncNowSides } from '../../../functions/providers/sync-now';
import { withdrawalSides } from '../../../functions/providers/withdrawals';
import { PROVIDER_TYPES } from '../../../functions/shared/schemas/activity';

describe('the provider registry', () => {
  it('has exactly one provider for every provider id in the shared schema, under its own id', () => {
    const registry = providerRegistry();
    expect(Object.keys(registry).sort()).toEqual([...PROVIDER_TYPES].sort());
    for (const id of PROVIDER_TYPES) expect(registry[id].id).toBe(id);
  });

  it("has every provider's light sides under its id, the same ones the whole provider carries", () => {
    const registry = providerRegistry();
    for (const sides of [syncNowSides(), withdrawalSides()]) {
      expect(Object.keys(sides).sort()).toEqual([...PROVIDER_TYPES].sort());
      for (const id of PROVIDER_TYPES) expect(sides[id].id).toBe(id);
    }
    for (const id of PROVIDER_TYPES) {
      expect(registry[id].syncNow).toBe(syncNowSides()[id].syncNow);
      expect(registry[id].notConnectedMessage).toBe(syncNowSides()[id].notConnectedMessage);
      expect(registry[id].withdrawAccess).toBe(withdrawalSides()[id].withdrawAccess);
      expect(syncNowSides()[id].pulls, id).toBe(registry[id].pull !== null);
    }
  });

  it('gives every OAuth provider the whole interface (authorize, exchange, refresh, revoke, token source, window listing, mapping)', () => {
    const oauthProviders = Object.values(providerRegistry()).filter((p) => p.oauth !== null);
    expect(oauthProviders.map((p) => p.id).sort()).toEqual(['google_health', 'strava']);
    for (const provider of oauthProviders) {
      expect(Object.keys(provider.oauth ?? {}).sort()).toEqual([
        'authorizeUrl',
        'exchange',
        'refresh',
        'revoke',
        'tokenSource',
      ]);
      expect(typeof provider.pull?.listWindowPage).toBe('function');
      expect(typeof provider.pull?.map).toBe('function');
    }
  });

  it('keeps push-only Apple Health without OAuth or pulling, but with sync and disconnect', () => {
    const apple = providerRegistry().apple_health;
    expect(apple.oauth).toBeNull();
    expect(apple.pull).toBeNull();
    expect(typeof apple.syncNow).toBe('function');
    expect(typeof apple.withdrawAccess).toBe('function');
  });

  it('maps a Strava page with the domain mapping and skips what it cannot read', () => {
    const strava = providerRegistry().strava;
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
    const { activities, skipped } = strava.pull!.map([raw, { nonsense: true }], {
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
