import { describe, expect, it } from 'vitest';
import { GroupActivityDetails } from '../../../functions/shared/schemas/group-activities';
import { ActivityRidesResponse } from '../../../functions/shared/schemas/rides';
import { eraseGroupActivityDataOfUser } from '../../../functions/usecases/group-activities-erasure';
import { call, createActivity, join, newUser, notificationsOf, partitionOf, setDisplayName } from './helpers';

const offer = {
  vehicle: { make: 'Honda', model: 'Civic', year: 2018, color: 'Blue' },
  seats: 2,
  departureTime: '07:00',
  pickupLocations: ['Richmond-Brighouse'],
  costPerPerson: 8,
};

describe('erasing a user from planning', () => {
  it('cancels what they organise, leaves what they joined and removes their rides, telling the others', async () => {
    const leaving = newUser();
    const friend = newUser();
    const organised = await createActivity(leaving, { title: 'My hike' });
    await join(organised.id, friend);
    const joined = await createActivity(friend, { title: 'Friend ride', maxParticipants: 3 });
    await join(joined.id, leaving);
    await call('post-ride-offer', leaving, { pathParameters: { activityId: joined.id }, body: offer });
    const rideId = ActivityRidesResponse.parse(
      (await call('get-activity-rides', friend, { pathParameters: { activityId: joined.id } })).json,
    ).offers[0]!.id;
    await call('post-ride-booking', friend, { pathParameters: { activityId: joined.id, rideId } });

    const changed = await eraseGroupActivityDataOfUser(leaving, new Date());
    // organised: cancelled + organizer entry removed (2); joined: left (1), offer + its booking (2), the friend's
    // 'joined' and 'ride cancelled' notices now naming 'Deleted user' (2); rides counter (1); the join limit window (1).
    expect(changed).toBe(9);

    const friendsView = GroupActivityDetails.parse(
      (await call('get-group-activity', friend, { pathParameters: { activityId: organised.id } })).json,
    );
    expect(friendsView.cancelledAt).not.toBeNull();
    const joinedNow = GroupActivityDetails.parse(
      (await call('get-group-activity', friend, { pathParameters: { activityId: joined.id } })).json,
    );
    expect(joinedNow.participantCount).toBe(1);
    expect((await partitionOf(joined.id)).filter((item) => String(item.sk).startsWith('RIDE'))).toEqual([]);
    expect((await partitionOf(organised.id)).some((item) => item.sk === `MEMBER#${leaving}`)).toBe(false);

    const told = (await notificationsOf(friend)).map((n) => n.type).sort();
    expect(told).toEqual(['activity_cancelled', 'activity_joined', 'ride_cancelled']);
    expect(await eraseGroupActivityDataOfUser(leaving, new Date())).toBe(0);
  });

  it('scrubs what a deleted organiser wrote, tells participants without it, and releases seats on their ride', async () => {
    const leaving = newUser();
    const friend = newUser();
    await setDisplayName(leaving, 'Zed Organiser');
    const organised = await createActivity(leaving, {
      title: 'Secret Cove paddle',
      description: 'My phone is 555-0100',
      location: 'Behind my house',
      equipment: 'My spare kayak',
      notes: 'Gate code 4321',
    });
    await join(organised.id, friend);
    await call('post-ride-offer', leaving, { pathParameters: { activityId: organised.id }, body: offer });
    const rideId = ActivityRidesResponse.parse(
      (await call('get-activity-rides', friend, { pathParameters: { activityId: organised.id } })).json,
    ).offers[0]!.id;
    await call('post-ride-booking', friend, { pathParameters: { activityId: organised.id, rideId } });

    await eraseGroupActivityDataOfUser(leaving, new Date());

    const view = GroupActivityDetails.parse(
      (await call('get-group-activity', friend, { pathParameters: { activityId: organised.id } })).json,
    );
    expect(view).toMatchObject({
      title: 'Cancelled activity',
      description: '',
      location: 'Not given',
      equipment: '',
      notes: '',
      organizerName: 'Deleted user',
    });
    expect(view.cancelledAt).not.toBeNull();
    expect(view.participants.map((p) => p.displayName)).not.toContain('Zed Organiser');
    const stored = JSON.stringify(await partitionOf(organised.id));
    for (const trace of [leaving, 'Secret Cove', '555-0100', 'Behind my house', 'spare kayak', '4321', 'Zed Organiser'])
      expect(stored).not.toContain(trace);

    const inbox = await notificationsOf(friend);
    const cancelled = inbox.filter((n) => n.type === 'activity_cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.message).toContain('Deleted user');
    expect(JSON.stringify(inbox)).not.toMatch(/Secret Cove|Zed Organiser/);
  });
});
