import { describe, expect, it, vi } from 'vitest';
import type { TripCheckInRequest, TripPlan } from '@shared/schemas/trip-plans';
import type { TripPlansApi } from '@/features/trip-plans/api/trip-plans-api';
import {
  deliverCheckIn,
  deliverPendingCheckIns,
  forgetAllPendingCheckIns,
  keepCheckIn,
  pendingCheckIns,
} from '@/features/trip-plans/offline/pending-check-ins';
import { ApiError } from '@/lib/api-client';
import { PLAN_ID, tripPlan } from '../trip-plan-fixtures';

const ANA = 'user-ana';
const BEN = 'user-ben';
const PRESSED = new Date('2030-07-04T22:30:00.000Z');
const OTHER_PLAN = '01J0000000000000000000000B';
const offline = () => new ApiError(0, 'network_error', 'Could not reach TrailBuddy.');

/** The API's check-in, answering from `answers` in turn (an ApiError is thrown); the rest of the API is unused. */
function checkInApi(...answers: (TripPlan | ApiError)[]) {
  const checkInTripPlan = vi.fn(async (_planId: string, _request: TripCheckInRequest, _key?: string) => {
    const answer = answers.shift() ?? tripPlan({ status: 'closed' });
    if (answer instanceof ApiError) throw answer;
    return answer;
  });
  return { api: { checkInTripPlan } as unknown as TripPlansApi, checkInTripPlan };
}

describe('kept "We’re back" check-ins', () => {
  it('pressed twice for one plan is kept once, with the first press’s key and time', () => {
    const first = keepCheckIn(ANA, PLAN_ID, PRESSED, () => 'key-1');
    const again = keepCheckIn(ANA, PLAN_ID, new Date(PRESSED.getTime() + 60_000), () => 'key-2');
    expect(again).toEqual(first);
    expect(pendingCheckIns(ANA)).toEqual([
      { planId: PLAN_ID, idempotencyKey: 'key-1', pressedAt: '2030-07-04T22:30:00.000Z' },
    ]);
  });

  it('without signal it stays kept; once online the same key is sent and it is forgotten', async () => {
    const entry = keepCheckIn(ANA, PLAN_ID, PRESSED);
    const closed = tripPlan({ status: 'closed' });
    const { api, checkInTripPlan } = checkInApi(offline(), new ApiError(503, 'unavailable', 'Try later.'), closed);

    expect(await deliverCheckIn(api, ANA, entry)).toEqual({ status: 'waiting' });
    expect(await deliverCheckIn(api, ANA, entry)).toEqual({ status: 'waiting' });
    expect(pendingCheckIns(ANA)).toEqual([entry]);

    expect(await deliverCheckIn(api, ANA, entry)).toEqual({ status: 'delivered', plan: closed });
    expect(pendingCheckIns(ANA)).toEqual([]);
    expect(checkInTripPlan.mock.calls).toEqual([
      [PLAN_ID, { kind: 'back' }, entry.idempotencyKey],
      [PLAN_ID, { kind: 'back' }, entry.idempotencyKey],
      [PLAN_ID, { kind: 'back' }, entry.idempotencyKey],
    ]);
  });

  it('a plan already closed (an earlier try got through) counts as delivered and is not sent again', async () => {
    const entry = keepCheckIn(ANA, PLAN_ID, PRESSED);
    const { api, checkInTripPlan } = checkInApi(new ApiError(409, 'trip_plan_closed', 'Already closed.'));
    expect(await deliverCheckIn(api, ANA, entry)).toEqual({ status: 'delivered', plan: null });
    await deliverPendingCheckIns(api, ANA);
    expect(checkInTripPlan).toHaveBeenCalledTimes(1);
    expect(pendingCheckIns(ANA)).toEqual([]);
  });

  it('a refusal that a retry cannot change is said and forgotten', async () => {
    const entry = keepCheckIn(ANA, PLAN_ID, PRESSED);
    const { api } = checkInApi(new ApiError(404, 'not_found', 'No such trip plan.'));
    await expect(deliverCheckIn(api, ANA, entry)).rejects.toThrow('No such trip plan.');
    expect(pendingCheckIns(ANA)).toEqual([]);
  });

  it('the page and the `online` event sending at once make one request', async () => {
    const entry = keepCheckIn(ANA, PLAN_ID, PRESSED);
    const { api, checkInTripPlan } = checkInApi();
    const [fromPage] = await Promise.all([deliverCheckIn(api, ANA, entry), deliverPendingCheckIns(api, ANA)]);
    expect(fromPage.status).toBe('delivered');
    expect(checkInTripPlan).toHaveBeenCalledTimes(1);
  });

  it('sends every kept check-in of the signed-in person only, and keeps the ones still without an answer', async () => {
    const ana1 = keepCheckIn(ANA, PLAN_ID, PRESSED);
    const ana2 = keepCheckIn(ANA, OTHER_PLAN, PRESSED);
    const ben = keepCheckIn(BEN, PLAN_ID, PRESSED);
    const { api, checkInTripPlan } = checkInApi(tripPlan({ status: 'closed' }), offline());
    await deliverPendingCheckIns(api, ANA);
    expect(checkInTripPlan.mock.calls.map((call) => call[2])).toEqual([ana1.idempotencyKey, ana2.idempotencyKey]);
    expect(pendingCheckIns(ANA)).toEqual([ana2]);
    expect(pendingCheckIns(BEN)).toEqual([ben]);
  });

  it('signing out forgets everyone’s kept check-ins and nothing else in the browser’s storage', () => {
    keepCheckIn(ANA, PLAN_ID, PRESSED);
    keepCheckIn(BEN, OTHER_PLAN, PRESSED);
    window.localStorage.setItem('other-setting', 'kept');
    forgetAllPendingCheckIns();
    expect(pendingCheckIns(ANA)).toEqual([]);
    expect(pendingCheckIns(BEN)).toEqual([]);
    expect(window.localStorage.getItem('other-setting')).toBe('kept');
    expect(Object.keys(window.localStorage)).toEqual(['other-setting']);
  });

  it('a damaged stored list is read as empty', () => {
    window.localStorage.setItem(`trailbuddy.pending-check-ins.${ANA}`, '{not json');
    expect(pendingCheckIns(ANA)).toEqual([]);
  });
});
