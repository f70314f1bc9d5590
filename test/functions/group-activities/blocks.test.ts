import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { blockMember } from '../../../functions/repositories/partner-relationships';
import { sendActivityReminders } from '../../../functions/usecases/activity-reminders';
import { ApiErrorBody } from '../../../functions/shared/schemas/error';
import { GroupActivityDetails, NearbyActivitiesResponse } from '../../../functions/shared/schemas/group-activities';
import { ActivityRidesResponse } from '../../../functions/shared/schemas/rides';
import {
  call,
  createActivity,
  daysAhead,
  join,
  newUser,
  notificationsOf,
  partitionOf,
  setDisplayName,
} from './helpers';

const error = (json: unknown) => ApiErrorBody.parse(json).error;
const at = (activityId: string, more: Record<string, string> = {}) => ({ pathParameters: { activityId, ...more } });
const offer = {
  vehicle: { make: 'Subaru', model: 'Outback', year: 2021, color: 'Green' },
  seats: 3,
  departureTime: '07:15',
  pickupLocations: ['Kits'],
  costPerPerson: 10,
};

describe('a block holds in group activities and rides', () => {
  it("hides the blocker's activity from the blocked user: not listed, details and join answer as for an unknown activity, nobody is told", async () => {
    const [organizer, blocked] = [newUser(), newUser()];
    const title = `Blocked hike ${ulid()}`;
    const activity = await createActivity(organizer, { title, area: 'burnaby', date: daysAhead(2) });
    await blockMember(organizer, blocked, new Date());
    const before = await partitionOf(activity.id);

    const titlesNearby = async (user: string) => {
      const titles: string[] = [];
      let cursor: string | null = null;
      do {
        const page: NearbyActivitiesResponse = NearbyActivitiesResponse.parse(
          (
            await call('get-group-activities', user, {
              query: `area=burnaby&limit=50${cursor ? `&cursor=${cursor}` : ''}`,
            })
          ).json,
        );
        titles.push(...page.activities.map((a) => a.title));
        cursor = page.nextCursor;
      } while (cursor);
      return titles;
    };
    expect(await titlesNearby(newUser())).toContain(title);
    expect(await titlesNearby(blocked)).not.toContain(title);

    const unknown = ulid();
    for (const route of ['get-group-activity', 'post-join-group-activity']) {
      const res = await call(route, blocked, at(activity.id));
      const missing = await call(route, blocked, at(unknown));
      expect([res.status, error(res.json)]).toEqual([missing.status, error(missing.json)]);
      expect(res.status).toBe(404);
    }
    expect(await partitionOf(activity.id)).toEqual(before);
    expect(await notificationsOf(organizer)).toEqual([]);

    // The other direction too: the blocker does not see the blocked user's activities.
    const theirs = await createActivity(blocked, { title: `${title} back`, area: 'burnaby' });
    expect((await call('get-group-activity', organizer, at(theirs.id))).status).toBe(404);
  });

  it("keeps two people who blocked each other out of each other's participant lists and rides", async () => {
    const [organizer, driver, blocked] = [newUser(), newUser(), newUser()];
    await setDisplayName(driver, 'Dana Driver');
    await setDisplayName(blocked, 'Blake Blocked');
    const activity = await createActivity(organizer, { maxParticipants: 6 });
    expect((await join(activity.id, driver)).status).toBe(200);
    expect((await join(activity.id, blocked)).status).toBe(200);
    await blockMember(driver, blocked, new Date());

    const seenBy = async (user: string) =>
      GroupActivityDetails.parse((await call('get-group-activity', user, at(activity.id))).json).participants.map(
        (p) => p.displayName,
      );
    expect(await seenBy(blocked)).not.toContain('Dana Driver');
    expect(await seenBy(driver)).not.toContain('Blake Blocked');
    expect(await seenBy(organizer)).toEqual(expect.arrayContaining(['Dana Driver', 'Blake Blocked']));

    const ride = ActivityRidesResponse.parse(
      (await call('post-ride-offer', driver, { ...at(activity.id), body: offer })).json,
    ).offers[0]!;
    const asked = await call('post-ride-request', blocked, {
      ...at(activity.id),
      body: { preferredPickup: 'Metrotown', willingToShare: true },
    });
    expect(asked.status).toBe(201);
    const request = ActivityRidesResponse.parse(asked.json).requests[0]!;

    const ridesOf = async (user: string) =>
      ActivityRidesResponse.parse((await call('get-activity-rides', user, at(activity.id))).json);
    expect((await ridesOf(blocked)).offers).toEqual([]);
    expect((await ridesOf(driver)).requests).toEqual([]);
    expect((await ridesOf(organizer)).offers).toHaveLength(1);
    expect((await ridesOf(organizer)).requests).toHaveLength(1);

    const booking = await call('post-ride-booking', blocked, at(activity.id, { rideId: ride.id }));
    expect([booking.status, error(booking.json).message]).toEqual([404, 'We could not find that ride.']);
    const offered = await call('post-ride-request-offer', driver, at(activity.id, { requestId: request.id }));
    expect([offered.status, error(offered.json).message]).toEqual([404, 'We could not find that ride request.']);
    expect(await notificationsOf(driver)).toEqual([]);
    expect(await notificationsOf(blocked)).toEqual([]);
  });

  it('sends no reminder to a participant blocked by the organizer', async () => {
    const [organizer, friend, blocked] = [newUser(), newUser(), newUser()];
    const activity = await createActivity(organizer, { date: daysAhead(1), time: '08:00', area: 'surrey' });
    expect((await join(activity.id, friend)).status).toBe(200);
    expect((await join(activity.id, blocked)).status).toBe(200);
    await blockMember(organizer, blocked, new Date());
    const sent: string[] = [];
    await sendActivityReminders(new Date(Date.parse(activity.startsAt) - 3_600_000), {
      notify: async (userId) => void sent.push(userId),
    });
    expect(sent).toEqual(expect.arrayContaining([organizer, friend]));
    expect(sent).not.toContain(blocked);
  });
});
