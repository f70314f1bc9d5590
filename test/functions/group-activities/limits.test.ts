import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAN_LIMITS } from '../../../functions/domain/plan-limits';
import { ApiErrorBody } from '../../../functions/shared/schemas/error';
import { GroupActivityDetails } from '../../../functions/shared/schemas/group-activities';
import { call, createActivity, join, newUser, notificationsOf, partitionOf } from './helpers';

const error = (json: unknown) => ApiErrorBody.parse(json).error;
const HOUR = 3_600_000;

describe('per-user limits on planning actions that reach other people', () => {
  // Mid-hour, so the fixed one-hour window cannot roll over during a test.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.floor(Date.now() / HOUR) * HOUR + 20 * 60_000);
  });
  afterEach(() => vi.useRealTimers());

  it(`allows ${PLAN_LIMITS.joinLeave} joins and leaves an hour, then answers 429 with when to try again and changes nothing`, async () => {
    const organizer = newUser();
    const user = newUser();
    const activity = await createActivity(organizer, { maxParticipants: 4 });
    const path = { pathParameters: { activityId: activity.id } };
    for (let i = 0; i < PLAN_LIMITS.joinLeave / 2; i++) {
      expect((await join(activity.id, user)).status).toBe(200);
      expect((await call('post-leave-group-activity', user, path)).status).toBe(200);
    }
    const before = await partitionOf(activity.id);
    const notified = (await notificationsOf(organizer)).length;

    const refused = await join(activity.id, user);
    expect(refused.status).toBe(429);
    expect(refused.headers?.['retry-after'] ?? refused.headers?.['Retry-After']).toBe(String(40 * 60));
    expect(error(refused.json)).toEqual({
      code: 'rate_limited',
      message: 'You have joined or left activities 10 times in the last hour. Try again in 40 minutes.',
    });
    expect(await partitionOf(activity.id)).toEqual(before);
    expect(await notificationsOf(organizer)).toHaveLength(notified);
    const seen = GroupActivityDetails.parse((await call('get-group-activity', user, path)).json);
    expect(seen).toMatchObject({ participantCount: 1, viewer: { isParticipant: false } });

    // The next hour starts afresh.
    vi.setSystemTime(Date.now() + HOUR);
    expect((await join(activity.id, user)).status).toBe(200);
  });

  it(`allows ${PLAN_LIMITS.rideRequest} ride requests an hour, then answers 429`, async () => {
    const rider = newUser();
    const activities = [];
    for (let i = 0; i <= PLAN_LIMITS.rideRequest; i++) {
      const activity = await createActivity(newUser(), { maxParticipants: 4 });
      expect((await join(activity.id, rider)).status).toBe(200);
      activities.push(activity);
    }
    const body = { preferredPickup: 'Metrotown', willingToShare: true };
    for (const activity of activities.slice(0, PLAN_LIMITS.rideRequest)) {
      expect(
        (await call('post-ride-request', rider, { pathParameters: { activityId: activity.id }, body })).status,
      ).toBe(201);
    }
    const last = activities.at(-1)!;
    const refused = await call('post-ride-request', rider, { pathParameters: { activityId: last.id }, body });
    expect(refused.status).toBe(429);
    expect(error(refused.json)).toEqual({
      code: 'rate_limited',
      message: 'You have asked for 5 rides in the last hour. Try again in 40 minutes.',
    });
    expect((await partitionOf(last.id)).filter((item) => item.entity === 'RideRequest')).toEqual([]);
  });
});
