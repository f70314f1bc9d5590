import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_TRIP_LINK_TOKEN, DEMO_TRIP_PLAN_ID, demoTripPlan } from '@/features/trip-plans/demo/trip-plans-demo';
import { demoClientAt } from '../../../../contract/demo-client';

// The contract suite's demo client: the trip plans part as the app composes it, not a client of this test's own.
const demo = () => demoClientAt(new Date('2030-07-04T15:00:00.000Z'));

describe('trip plans in demo mode', () => {
  it('shows a sample open plan, also through its contact link', async () => {
    const api = demo();
    const { plans } = await api.myTripPlans();
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ id: DEMO_TRIP_PLAN_ID, status: 'open', trailhead: 'Grouse Grind trailhead' });
    const shared = await api.sharedTripPlan(DEMO_TRIP_LINK_TOKEN);
    expect(shared.party).toEqual(['Alex Rivera', 'Jordan Lee']);
    expect(shared).not.toHaveProperty('contacts');
  });

  it("closes the plan on We're back and refuses a second check-in, like the server", async () => {
    const api = demo();
    expect((await api.checkInTripPlan(DEMO_TRIP_PLAN_ID, { kind: 'back' })).status).toBe('closed');
    await expect(api.checkInTripPlan(DEMO_TRIP_PLAN_ID, { kind: 'back' })).rejects.toMatchObject({
      status: 409,
      code: 'trip_plan_closed',
    });
  });

  it('moves the return up to 3 times, each later, with a reason', async () => {
    const api = demo();
    const late = (returnTime: string) => ({
      kind: 'late' as const,
      returnDate: '2030-07-05',
      returnTime,
      reason: `Slow descent ${returnTime}`,
    });
    expect(await api.checkInTripPlan(DEMO_TRIP_PLAN_ID, late('01:00'))).toMatchObject({
      lateReason: 'Slow descent 01:00',
      returnMoves: 1,
    });
    await expect(api.checkInTripPlan(DEMO_TRIP_PLAN_ID, late('01:00'))).rejects.toMatchObject({ status: 400 });
    await api.checkInTripPlan(DEMO_TRIP_PLAN_ID, late('02:00'));
    expect((await api.checkInTripPlan(DEMO_TRIP_PLAN_ID, late('03:00'))).returnMoves).toBe(3);
    await expect(api.checkInTripPlan(DEMO_TRIP_PLAN_ID, late('04:00'))).rejects.toMatchObject({ code: 'already_late' });
  });
});

describe("the sample plan's day", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("is the visitor's local date, not the UTC one, late in a Vancouver evening", async () => {
    vi.stubEnv('TZ', 'America/Vancouver');
    // 21:30 on 3 July in Vancouver is already 4 July in UTC.
    const api = demoClientAt(new Date('2030-07-04T04:30:00.000Z'));
    const [plan] = (await api.myTripPlans()).plans;
    expect(plan).toMatchObject({ startDate: '2030-07-03', returnDate: '2030-07-03' });
  });

  it('is the local date early in the morning east of UTC too', () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    // 08:00 on 5 July in Tokyo is still 4 July in UTC.
    expect(demoTripPlan(new Date('2030-07-04T23:00:00.000Z')).startDate).toBe('2030-07-05');
  });
});
