import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_QUOTA_EXCEEDED_MESSAGE } from '@shared/schemas/messages';
import { PartnerCard } from '@shared/schemas/partners';
import { DEMO_CONNECT_DELAY_MS, DEMO_PARTNERS, createPartnersDemoApi } from '@/features/partners/demo/partners-demo';
import { createNotificationsDemoApi } from '@/features/notifications/demo/notifications-demo';
import { createBillingDemoApi } from '@/features/billing/demo/billing-demo';

function demo() {
  const wait = vi.fn(async () => {});
  const context = {
    now: () => new Date('2026-03-10T18:00:00.000Z'),
    origin: 'http://localhost',
    storage: window.sessionStorage,
    wait,
  };
  window.sessionStorage.clear();
  return {
    api: createPartnersDemoApi(context),
    notifications: createNotificationsDemoApi(context),
    billing: createBillingDemoApi(context),
    wait,
  };
}

describe('demo partners', () => {
  it("has the spec's mock partner fields, and cards carry only the coarse ones", async () => {
    for (const partner of DEMO_PARTNERS) {
      expect(Object.keys(partner)).toEqual(
        expect.arrayContaining([
          'id',
          'name',
          'age',
          'location',
          'avatar',
          'rating',
          'activities',
          'level',
          'pace',
          'bio',
          'compatibility',
          'lastActive',
          'verified',
          'totalActivities',
          'joinedDate',
        ]),
      );
    }
    const { partners } = await demo().api.searchPartners();
    for (const card of partners) {
      expect(PartnerCard.strict().safeParse(card).success).toBe(true);
      expect(JSON.stringify(card)).not.toMatch(/pace|totalActivities|rating|\/km/);
    }
  });

  it('filters, sorts by compatibility and pages', async () => {
    const { api } = demo();
    const runners = await api.searchPartners({ activity: 'running', location: 'north-vancouver' });
    // North Vancouver and every place within 50 km of it (Vancouver, Burnaby…), never a ferry away.
    expect(runners.partners.map((p) => p.displayName)).toEqual([
      'Sarah Johnson',
      'Priya Nair',
      'Mike Chen',
      'Lisa Tremblay',
    ]);
    expect((await api.searchPartners({ activity: 'running', location: 'victoria' })).partners).toEqual([]);
    const first = await api.searchPartners({ limit: 4 });
    expect(first.partners.map((p) => p.compatibility)).toEqual(
      [...first.partners.map((p) => p.compatibility)].sort((a, b) => b - a),
    );
    const second = await api.searchPartners({ limit: 4, cursor: first.nextCursor! });
    expect(second.partners[0]!.compatibility).toBeLessThanOrEqual(first.partners.at(-1)!.compatibility);
    expect((await api.searchPartners({ level: 'elite' })).partners.map((p) => p.displayName)).toEqual(['Sofia Rossi']);
  });

  it("applies Premium's pace and weekend filters", async () => {
    const { api } = demo();
    const names = async (params: Parameters<typeof api.searchPartners>[0]) =>
      (await api.searchPartners({ activity: 'running', location: 'north-vancouver', ...params })).partners.map(
        (p) => p.displayName,
      );
    expect(await names({ pace: 'fast' })).toEqual(['Priya Nair']);
    expect(await names({ pace: 'steady' })).toEqual(['Sarah Johnson', 'Mike Chen', 'Lisa Tremblay']);
    expect(await names({ weekend: 'true' })).toEqual(['Sarah Johnson']);
  });

  it('connects after the 1 s wait, accepts the sample request, and blocks', async () => {
    const { api, wait } = demo();
    expect(await api.connectPartner('demo-partner-sarah')).toMatchObject({ connection: 'outgoing' });
    expect(wait).toHaveBeenCalledWith(DEMO_CONNECT_DELAY_MS);
    expect((await api.partnerConnections()).incoming.map((m) => m.displayName)).toEqual(['Priya Nair']);
    await api.acceptPartner('demo-partner-priya');
    expect((await api.conversations()).conversations.map((c) => c.displayName)).toContain('Priya Nair');
    await api.blockMember('demo-partner-sarah');
    expect((await api.searchPartners()).partners.map((p) => p.userId)).not.toContain('demo-partner-sarah');
    await expect(api.partnerProfile('demo-partner-sarah')).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('allows 5 messages a month, then answers with the quota message', async () => {
    const { api } = demo();
    const start = (await api.conversations()).quota.used;
    for (let i = start; i < 5; i++) await api.sendMessage('demo-partner-mike', `Hi ${i}`);
    await expect(api.sendMessage('demo-partner-mike', 'one more')).rejects.toMatchObject({
      status: 429,
      message: MESSAGE_QUOTA_EXCEEDED_MESSAGE,
    });
    await expect(api.sendMessage('demo-partner-sarah', 'not a partner')).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
    });
  });

  it('lifts the limit once the demo member upgrades to Premium, as the server does, and keeps the count', async () => {
    const { api, billing } = demo();
    const start = (await api.conversations()).quota.used;
    for (let i = start; i < 5; i++) await api.sendMessage('demo-partner-mike', `Hi ${i}`);
    await expect(api.sendMessage('demo-partner-mike', 'one more')).rejects.toMatchObject({ status: 429 });

    await billing.startCheckout();
    const { quota } = await api.sendMessage('demo-partner-mike', 'one more');
    expect(quota).toMatchObject({ unlimited: true, limit: 5, used: 5, remaining: 0 });
    expect((await api.conversations()).quota.unlimited).toBe(true);
  });

  it('has sample notifications that can be marked read', async () => {
    const { notifications } = demo();
    const before = await notifications.notifications();
    expect(before.unread).toBe(2);
    expect((await notifications.markNotificationRead(before.notifications[0]!.id)).unread).toBe(1);
    expect((await notifications.markAllNotificationsRead()).unread).toBe(0);
    expect((await notifications.notifications()).notifications.every((n) => n.readAt !== null)).toBe(true);
  });
});

describe('the demo message allowance month', () => {
  it('is the month in Vancouver, like the server: an evening on 31 March still counts for March', async () => {
    let at = new Date('2026-04-01T03:00:00.000Z'); // 8 p.m. on 31 March in Vancouver
    window.sessionStorage.clear();
    const api = createPartnersDemoApi({
      now: () => at,
      origin: 'http://localhost',
      storage: window.sessionStorage,
      wait: async () => {},
    });
    const { quota } = await api.sendMessage('demo-partner-mike', 'See you at Lost Lagoon.');
    expect(quota).toMatchObject({ used: 2, resetsAt: '2026-04-01T07:00:00.000Z' });
    at = new Date('2026-04-01T07:00:00.000Z'); // midnight in Vancouver: a new month, a fresh allowance
    expect((await api.conversations()).quota).toMatchObject({ used: 0, resetsAt: '2026-05-01T07:00:00.000Z' });
  });
});
