import { describe, expect, it } from 'vitest';
import { GroupActivityDetails } from '../../../functions/shared/schemas/group-activities';
import { ActivityRidesResponse } from '../../../functions/shared/schemas/rides';
import { erasePlanDataOfUser } from '../../../functions/usecases/plan-erasure';
import { call, createActivity, join, newUser, notificationsOf, partitionOf } from './helpers';

const offer = { vehicle: { make: 'Honda', model: 'Civic', year: 2018, color: 'Blue' }, seats: 2, departureTime: '07:00', pickupLocations: ['Richmond-Brighouse'], costPerPerson: 8 };

describe('erasing a user from planning', () => {
  it('cancels what they organise, leaves what they joined and removes their rides, telling the others', async () => {
    const leaving = newUser();
    const friend = newUser();
    const organised = await createActivity(leaving, { title: 'My hike' });
    await join(organised.id, friend);
    const joined = await createActivity(friend, { title: 'Friend ride', maxParticipants: 3 });
    await join(joined.id, leaving);
    await call('post-ride-offer', leaving, { pathParameters: { activityId: joined.id }, body: offer });
    const rideId = ActivityRidesResponse.parse((await call('get-activity-rides', friend, { pathParameters: { activityId: joined.id } })).json).offers[0]!.id;
    await call('post-ride-booking', friend, { pathParameters: { activityId: joined.id, rideId } });

    const changed = await erasePlanDataOfUser(leaving, new Date());
    // organised: cancelled + organizer entry removed (2); joined: left (1), offer + its booking (2); rides counter (1).
    expect(changed).toBe(6);

    const friendsView = GroupActivityDetails.parse((await call('get-group-activity', friend, { pathParameters: { activityId: organised.id } })).json);
    expect(friendsView.cancelledAt).not.toBeNull();
    const joinedNow = GroupActivityDetails.parse((await call('get-group-activity', friend, { pathParameters: { activityId: joined.id } })).json);
    expect(joinedNow.participantCount).toBe(1);
    expect((await partitionOf(joined.id)).filter((item) => String(item.sk).startsWith('RIDE'))).toEqual([]);
    expect((await partitionOf(organised.id)).some((item) => item.sk === `MEMBER#${leaving}`)).toBe(false);

    const told = (await notificationsOf(friend)).map((n) => n.type).sort();
    expect(told).toEqual(['activity_cancelled', 'activity_joined', 'ride_cancelled']);
    expect(await erasePlanDataOfUser(leaving, new Date())).toBe(0);
  });
});
