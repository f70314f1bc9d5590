import type { TripPlan } from '@shared/schemas/trip-plans';

export const PLAN_ID = '01JTR1PPLAN0000000000000AB';

export function tripPlan(overrides: Partial<TripPlan> = {}): TripPlan {
  return {
    id: PLAN_ID,
    ownerId: 'user-1',
    activityId: null,
    trailhead: 'Lynn Headwaters',
    route: 'Lynn Loop to Norvan Falls and back.',
    area: 'North Vancouver',
    startDate: '2030-07-04',
    startTime: '08:00',
    returnDate: '2030-07-04',
    returnTime: '17:00',
    timeZone: 'America/Vancouver',
    startsAt: '2030-07-04T15:00:00.000Z',
    returnsAt: '2030-07-05T00:00:00.000Z',
    graceMinutes: 60,
    vehicle: '',
    essentials: ['flashlight'],
    contacts: [{ name: 'Sam', email: 'sam@example.com' }],
    party: [{ userId: 'user-1', name: 'Jordan' }],
    status: 'open',
    lateReason: null,
    returnMoves: 0,
    lastCheckIn: { at: '2030-07-04T14:00:00.000Z', by: 'user-1', kind: 'filed' },
    overdueAlertsSent: 0,
    closedAt: null,
    createdAt: '2030-07-04T14:00:00.000Z',
    ...overrides,
  };
}
