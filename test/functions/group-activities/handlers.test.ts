import { describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../functions/lib/dynamo';
import {
  FIELD_MESSAGES,
  GroupActivityDetails,
  GroupActivityListResponse,
  NearbyActivitiesResponse,
} from '../../../functions/shared/schemas/group-activities';
import { ApiErrorBody } from '../../../functions/shared/schemas/error';
import {
  activityInput,
  call,
  createActivity,
  daysAhead,
  join,
  newUser,
  notificationsOf,
  partitionOf,
  setDisplayName,
} from './helpers';

const details = (json: unknown) => GroupActivityDetails.parse(json);
const error = (json: unknown) => ApiErrorBody.parse(json).error;

describe('creating a group activity', () => {
  it('stores every field of the form, makes the organizer the first participant and derives the status', async () => {
    const organizer = newUser();
    await setDisplayName(organizer, 'Maya');
    const created = await createActivity(organizer, { maxParticipants: 2, time: '07:30', date: daysAhead(3) });
    expect(created).toMatchObject({
      activityType: 'hiking',
      title: 'Sunday Grouse Grind',
      description: 'Steady pace, coffee after.',
      time: '07:30',
      location: 'Grouse Mountain base',
      area: 'north-vancouver',
      duration: 120,
      difficulty: 'intermediate',
      maxParticipants: 2,
      equipment: 'Poles',
      notes: 'Meet at the gate',
      participantCount: 1,
      status: 'almost_full',
      organizerName: 'Maya',
      cancelledAt: null,
      viewer: { isOrganizer: true, isParticipant: true },
      participants: [{ displayName: 'Maya', isOrganizer: true, isYou: true }],
    });

    const fetched = details(
      (await call('get-group-activity', newUser(), { pathParameters: { activityId: created.id } })).json,
    );
    expect(fetched).toMatchObject({ id: created.id, viewer: { isOrganizer: false, isParticipant: false } });
  });

  it('fills the optional text fields with empty strings and keeps an activity without an area', async () => {
    const input = activityInput({ area: null });
    const { description: _d, equipment: _e, notes: _n, ...required } = input;
    const res = await call('post-group-activity', newUser(), { body: { ...required, area: null } });
    expect(res.status).toBe(201);
    expect(details(res.json)).toMatchObject({ description: '', equipment: '', notes: '', area: null });
  });

  it.each([
    ['title', { title: '' }, FIELD_MESSAGES.title],
    ['date', { date: '' }, FIELD_MESSAGES.date],
    ['time', { time: '' }, FIELD_MESSAGES.time],
    ['location', { location: '  ' }, FIELD_MESSAGES.location],
    ['maxParticipants', { maxParticipants: 7 }, FIELD_MESSAGES.maxParticipants],
    ['duration', { duration: 75 }, FIELD_MESSAGES.duration],
    ['date', { date: daysAhead(-1) }, FIELD_MESSAGES.datePast],
    ['date', { date: daysAhead(400) }, FIELD_MESSAGES.dateTooFar],
  ])('refuses a bad %s with a 400 naming the field, and stores nothing', async (field, change, message) => {
    const organizer = newUser();
    const res = await call('post-group-activity', organizer, { body: activityInput(change as object) });
    expect(res.status).toBe(400);
    expect(error(res.json)).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
    const mine = GroupActivityListResponse.parse((await call('get-my-group-activities', organizer)).json);
    expect(mine.activities).toEqual([]);
  });

  it('refuses a start time earlier today', async () => {
    const now = new Date();
    const anHourAgo = new Date(now.getTime() - 60 * 60_000);
    // An hour ago, or midnight when that was yesterday in British Columbia (the first hour of its day).
    const sameDay = daysAhead(0, anHourAgo) === daysAhead(0, now);
    const hhmm = sameDay
      ? new Intl.DateTimeFormat('en-GB', {
          timeZone: 'America/Vancouver',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).format(anHourAgo)
      : '00:00';
    const res = await call('post-group-activity', newUser(), {
      body: activityInput({ date: daysAhead(0, now), time: hhmm }),
    });
    expect(res.status).toBe(400);
    expect(Object.values(error(res.json).fields ?? {})).toContain(FIELD_MESSAGES.timePast);
  });

  it('refuses unknown fields, malformed JSON and anonymous callers', async () => {
    expect(
      (await call('post-group-activity', newUser(), { body: { ...activityInput(), participantCount: 0 } })).status,
    ).toBe(400);
    const bad = await call('post-group-activity', newUser(), { body: '{"title":' });
    expect(bad.status).toBe(400);
    expect(error(bad.json).code).toBe('invalid_json');
    expect((await call('post-group-activity', null, { body: activityInput() })).status).toBe(401);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await call('get-group-activity', newUser(), { pathParameters: { activityId: 'nope' } })).status).toBe(400);
    expect(
      (await call('get-group-activity', newUser(), { pathParameters: { activityId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } }))
        .status,
    ).toBe(404);
  });
});

describe('lists', () => {
  it('lists upcoming activities of an area soonest first, paged, without cancelled ones or other areas', async () => {
    const organizer = newUser();
    // A far-future slice of the 'surrey' partition that no other test uses, so the order is ours alone.
    const a = await createActivity(organizer, { area: 'surrey', date: daysAhead(300), time: '09:00', title: 'Third' });
    const b = await createActivity(organizer, { area: 'surrey', date: daysAhead(299), time: '09:00', title: 'Second' });
    const c = await createActivity(organizer, { area: 'surrey', date: daysAhead(299), time: '07:00', title: 'First' });
    const cancelled = await createActivity(organizer, {
      area: 'surrey',
      date: daysAhead(299),
      time: '08:00',
      title: 'Cancelled',
    });
    const far = await createActivity(organizer, {
      area: 'kamloops',
      date: daysAhead(299),
      time: '08:00',
      title: 'Far away',
    });
    expect(
      (await call('post-cancel-group-activity', organizer, { pathParameters: { activityId: cancelled.id } })).status,
    ).toBe(200);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call('get-group-activities', newUser(), {
        query: `area=surrey&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(res.status).toBe(200);
      const page = GroupActivityListResponse.parse(res.json);
      expect(page.activities.length).toBeLessThanOrEqual(2);
      seen.push(...page.activities.map((x) => x.id));
      cursor = page.nextCursor;
    } while (cursor);
    const ours = seen.filter((id) => [a.id, b.id, c.id, cancelled.id, far.id].includes(id));
    expect(ours).toEqual([c.id, b.id, a.id]);
  });

  it('lists activities of the places within 50 km too, merged soonest first, and none beyond', async () => {
    const organizer = newUser();
    // A far-future slice no other test uses: Squamish, Whistler (46 km) and Pemberton (25 km beyond Whistler).
    const inSquamish = await createActivity(organizer, { area: 'squamish', date: daysAhead(320), time: '09:00' });
    const inWhistler = await createActivity(organizer, { area: 'whistler', date: daysAhead(320), time: '08:00' });
    const inPemberton = await createActivity(organizer, { area: 'pemberton', date: daysAhead(320), time: '07:00' });
    const later = await createActivity(organizer, { area: 'whistler', date: daysAhead(321), time: '07:00' });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call('get-group-activities', newUser(), {
        query: `area=squamish&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(res.status).toBe(200);
      const page = NearbyActivitiesResponse.parse(res.json);
      expect(page.area).toBe('squamish');
      seen.push(...page.activities.map((x) => x.id));
      cursor = page.nextCursor;
    } while (cursor);
    const ours = seen.filter((id) => [inSquamish.id, inWhistler.id, inPemberton.id, later.id].includes(id));
    expect(ours).toEqual([inWhistler.id, inSquamish.id, later.id]);
  });

  it('lists activities without an area under elsewhere', async () => {
    const created = await createActivity(newUser(), { area: null, location: 'Joffre Lakes' });
    const page = GroupActivityListResponse.parse(
      (await call('get-group-activities', newUser(), { query: 'area=elsewhere&limit=50' })).json,
    );
    expect(page.activities.map((x) => x.id)).toContain(created.id);
  });

  it("lists the caller's home area unless asked for another, Vancouver for someone without one", async () => {
    const withHome = newUser();
    await dynamo().send(
      new PutCommand({
        TableName: process.env.TABLE_USERS,
        Item: { pk: `USER#${withHome}`, sk: 'PROFILE', userId: withHome, homeArea: 'burnaby' },
      }),
    );
    expect(NearbyActivitiesResponse.parse((await call('get-group-activities', withHome)).json).area).toBe('burnaby');
    expect(
      NearbyActivitiesResponse.parse((await call('get-group-activities', withHome, { query: 'area=richmond' })).json)
        .area,
    ).toBe('richmond');
    expect(NearbyActivitiesResponse.parse((await call('get-group-activities', newUser())).json).area).toBe('vancouver');
  });

  it('refuses an unknown area, a bad limit and a forged cursor', async () => {
    const user = newUser();
    expect((await call('get-group-activities', user, { query: 'area=seattle' })).status).toBe(400);
    expect((await call('get-group-activities', user, { query: 'area=surrey&limit=500' })).status).toBe(400);
    const forged = await call('get-group-activities', user, { query: 'area=surrey&cursor=bm9wZQ' });
    expect(forged.status).toBe(400);
    expect(error(forged.json).code).toBe('invalid_cursor');
    const mineCursor = Buffer.from(
      JSON.stringify({ l: 'mine', k: '2030-01-01T00:00:00.000Z#01ARZ3NDEKTSV4RRFFQ69G5FAV' }),
    ).toString('base64url');
    expect((await call('get-group-activities', user, { query: `area=surrey&cursor=${mineCursor}` })).status).toBe(400);
  });

  it("shows the user's own activities, organised and joined, soonest first, and marks cancelled ones", async () => {
    const me = newUser();
    const other = newUser();
    const organised = await createActivity(me, { date: daysAhead(10) });
    const joined = await createActivity(other, { date: daysAhead(4) });
    const cancelledLater = await createActivity(other, { date: daysAhead(6) });
    expect((await join(joined.id, me)).status).toBe(200);
    expect((await join(cancelledLater.id, me)).status).toBe(200);
    await call('post-cancel-group-activity', other, { pathParameters: { activityId: cancelledLater.id } });
    await createActivity(other, { date: daysAhead(5) }); // not mine

    const mine = GroupActivityListResponse.parse((await call('get-my-group-activities', me)).json);
    expect(mine.activities.map((x) => x.id)).toEqual([joined.id, cancelledLater.id, organised.id]);
    expect(mine.activities.map((x) => x.viewer)).toEqual([
      { isOrganizer: false, isParticipant: true },
      { isOrganizer: false, isParticipant: true },
      { isOrganizer: true, isParticipant: true },
    ]);
    expect(mine.activities[1]!.cancelledAt).not.toBeNull();
  });
});

describe('joining and leaving', () => {
  it('seats exactly 4 of a 4-person activity when 20 people join at once (the organizer holds one seat)', async () => {
    const organizer = newUser();
    const activity = await createActivity(organizer, { maxParticipants: 4 });
    const joiners = Array.from({ length: 20 }, () => newUser());
    const results = await Promise.all(joiners.map((user) => join(activity.id, user)));

    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(17);
    for (const r of refused)
      expect({ status: r.status, code: error(r.json).code }).toEqual({ status: 409, code: 'activity_full' });

    const after = details(
      (await call('get-group-activity', organizer, { pathParameters: { activityId: activity.id } })).json,
    );
    expect(after.participantCount).toBe(4);
    expect(after.participants).toHaveLength(4);
    expect(after.status).toBe('confirmed');
    const members = (await partitionOf(activity.id)).filter((item) => String(item.sk).startsWith('MEMBER#'));
    expect(members).toHaveLength(4);
  });

  it('lets a user join once, tells the organizer, and frees the seat on leave', async () => {
    const organizer = newUser();
    const rider = newUser();
    await setDisplayName(rider, 'Sam');
    const activity = await createActivity(organizer, { maxParticipants: 3, title: 'Seawall Sunrise' });

    const joined = details((await join(activity.id, rider)).json);
    expect(joined).toMatchObject({
      participantCount: 2,
      status: 'almost_full',
      viewer: { isParticipant: true, isOrganizer: false },
    });
    expect(joined.participants.map((p) => p.displayName)).toEqual(['TrailBuddy member', 'Sam']);

    const again = await join(activity.id, rider);
    expect(again.status).toBe(409);
    expect(error(again.json).code).toBe('already_joined');
    expect(
      details((await call('get-group-activity', rider, { pathParameters: { activityId: activity.id } })).json)
        .participantCount,
    ).toBe(2);

    const left = await call('post-leave-group-activity', rider, { pathParameters: { activityId: activity.id } });
    expect(left.status).toBe(200);
    expect(details(left.json)).toMatchObject({ participantCount: 1, viewer: { isParticipant: false } });
    expect(
      (await call('post-leave-group-activity', rider, { pathParameters: { activityId: activity.id } })).status,
    ).toBe(409);

    const toOrganizer = await notificationsOf(organizer);
    expect(toOrganizer.map((n) => [n.type, n.message, n.link])).toEqual([
      ['activity_joined', 'Sam joined Seawall Sunrise.', `/plan-activity/${activity.id}`],
      ['activity_left', 'Sam left Seawall Sunrise.', `/plan-activity/${activity.id}`],
    ]);
  });

  it('does not let the organizer leave or join their own activity', async () => {
    const organizer = newUser();
    const activity = await createActivity(organizer);
    expect(
      error((await call('post-leave-group-activity', organizer, { pathParameters: { activityId: activity.id } })).json)
        .code,
    ).toBe('organizer_cannot_leave');
    expect(error((await join(activity.id, organizer)).json).code).toBe('already_joined');
  });

  it('refuses to join a cancelled activity', async () => {
    const organizer = newUser();
    const activity = await createActivity(organizer);
    await call('post-cancel-group-activity', organizer, { pathParameters: { activityId: activity.id } });
    const res = await join(activity.id, newUser());
    expect(res.status).toBe(409);
    expect(error(res.json).code).toBe('activity_cancelled');
  });
});

describe("the organizer's edits", () => {
  it('lets only the organizer edit, tells participants, and refuses a maximum below those taking part', async () => {
    const organizer = newUser();
    const [p1, p2] = [newUser(), newUser()];
    const activity = await createActivity(organizer, { maxParticipants: 4 });
    await join(activity.id, p1);
    await join(activity.id, p2);

    const byParticipant = await call('put-group-activity', p1, {
      pathParameters: { activityId: activity.id },
      body: activityInput({ title: 'Hijacked' }),
    });
    expect(byParticipant.status).toBe(403);

    const tooSmall = await call('put-group-activity', organizer, {
      pathParameters: { activityId: activity.id },
      body: activityInput({ maxParticipants: 2 }),
    });
    expect(tooSmall.status).toBe(400);
    expect(error(tooSmall.json).fields).toEqual({
      maxParticipants: '3 people are already taking part; choose a maximum of at least 3.',
    });

    const past = await call('put-group-activity', organizer, {
      pathParameters: { activityId: activity.id },
      body: activityInput({ date: daysAhead(-2) }),
    });
    expect(past.status).toBe(400);
    expect(
      details((await call('get-group-activity', organizer, { pathParameters: { activityId: activity.id } })).json),
    ).toMatchObject({ title: 'Sunday Grouse Grind', maxParticipants: 4 });

    const newDate = daysAhead(8);
    const edited = await call('put-group-activity', organizer, {
      pathParameters: { activityId: activity.id },
      body: activityInput({ title: 'Grind, later', date: newDate, time: '09:15', maxParticipants: 3 }),
    });
    expect(edited.status).toBe(200);
    expect(details(edited.json)).toMatchObject({
      title: 'Grind, later',
      date: newDate,
      time: '09:15',
      maxParticipants: 3,
      participantCount: 3,
      status: 'confirmed',
    });

    for (const participant of [p1, p2]) {
      const updates = (await notificationsOf(participant)).filter((n) => n.type === 'activity_updated');
      expect(updates).toHaveLength(1);
      expect(updates[0]!.message).toContain('Grind, later was updated by the organizer');
    }
    expect((await notificationsOf(organizer)).filter((n) => n.type === 'activity_updated')).toEqual([]);
  });

  it('lets only the organizer cancel; participants are told and still see it, cancelled', async () => {
    const organizer = newUser();
    const participant = newUser();
    const activity = await createActivity(organizer, { title: 'Lynn Canyon loop' });
    await join(activity.id, participant);

    expect(
      (await call('post-cancel-group-activity', participant, { pathParameters: { activityId: activity.id } })).status,
    ).toBe(403);
    const res = await call('post-cancel-group-activity', organizer, { pathParameters: { activityId: activity.id } });
    expect(res.status).toBe(200);
    expect(details(res.json).cancelledAt).not.toBeNull();
    expect(
      (await call('post-cancel-group-activity', organizer, { pathParameters: { activityId: activity.id } })).status,
    ).toBe(409);
    expect(
      (
        await call('put-group-activity', organizer, {
          pathParameters: { activityId: activity.id },
          body: activityInput(),
        })
      ).status,
    ).toBe(409);

    const told = (await notificationsOf(participant)).filter((n) => n.type === 'activity_cancelled');
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toMatch(/^Lynn Canyon loop on .+ was cancelled by the organizer\.$/);
    const seen = details(
      (await call('get-group-activity', participant, { pathParameters: { activityId: activity.id } })).json,
    );
    expect(seen.cancelledAt).not.toBeNull();
  });
});

describe('where a new activity is listed', () => {
  it("defaults to the organizer's home area (Vancouver without one), keeps an explicit choice, and keeps the area on an edit that leaves it out", async () => {
    const organizer = newUser();
    await dynamo().send(
      new PutCommand({
        TableName: process.env.TABLE_USERS,
        Item: { pk: `USER#${organizer}`, sk: 'PROFILE', userId: organizer, homeArea: 'richmond' },
      }),
    );
    const { area: _none, ...withoutArea } = activityInput();
    const created = await call('post-group-activity', organizer, { body: withoutArea });
    expect(created.status).toBe(201);
    expect(details(created.json).area).toBe('richmond');
    const edited = await call('put-group-activity', organizer, {
      pathParameters: { activityId: details(created.json).id },
      body: { ...withoutArea, title: 'Renamed' },
    });
    expect(details(edited.json)).toMatchObject({ title: 'Renamed', area: 'richmond' });

    const noHome = await call('post-group-activity', newUser(), { body: withoutArea });
    expect(details(noHome.json).area).toBe('vancouver');
    const elsewhere = await call('post-group-activity', organizer, { body: { ...withoutArea, area: null } });
    expect(details(elsewhere.json).area).toBeNull();
  });
});
