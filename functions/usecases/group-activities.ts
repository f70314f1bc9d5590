import { ulid } from 'ulid';
import { publishLiveEvent } from './live-events';
import * as z from 'zod';
import { activityLink, activityMessages, hasStarted, maxParticipantsIssue, seatStatus } from '../domain/group-activity';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../lib/errors';
import {
  cancelGroupActivity as cancelActivityItem,
  createGroupActivity as putActivity,
  displayNamesOf,
  getGroupActivities,
  getGroupActivity,
  joinGroupActivity as takeSeat,
  leaveGroupActivity as freeSeat,
  listActivitiesByArea,
  activitiesJoinedAmong,
  listMembers,
  listMyMemberships,
  moveMembersTo,
  removedFromAmong,
  updateGroupActivity as updateActivityItem,
  wasRemovedFrom,
  type GroupActivityRecord,
  type MemberRecord,
} from '../repositories/group-activities';
import { homeAreaOf } from '../repositories/user-profiles';
import {
  activityTimingIssues,
  DEFAULT_NEARBY_AREA,
  NearbyArea,
  type NearbyActivitiesResponse,
  FALLBACK_DISPLAY_NAME,
  PLAN_TIME_ZONE,
  type GroupActivityDetails,
  type GroupActivityInput,
  type GroupActivityListResponse,
  type GroupActivitySummary,
  type MyActivitiesQuery,
  type NearbyActivitiesQuery,
} from '../shared/schemas/group-activities';
import { placesNear } from '../shared/places';
import { wallClockInstant } from '../domain/plan-time';
import { blockedWith, enforcePlanLimit, notifyEach, type GroupActivityDeps } from './group-activity-deps';

import { removeUserRides } from './rides';
import { listActivityRides, removeParticipant as removeParticipantItems } from '../repositories/rides';
import { rideMessages } from '../domain/ride';
import { visibleOnly } from '../repositories/reports';
import { callOffActivityTripPlans, leaveActivityTripPlans } from './trip-plan-party';

const NOT_FOUND = 'We could not find that activity.';

function invalid(fields: Record<string, string>): BadRequestError {
  return new BadRequestError('The request body is invalid.', fields, 'validation_failed');
}

/** The spec left creation rules open; we refuse past dates (relative to the request, in British Columbia). */
function assertTiming(input: GroupActivityInput, now: Date): void {
  const issues = activityTimingIssues(input.date, input.time, now);
  if (Object.keys(issues).length > 0) throw invalid(issues);
}

function toSummary(
  activity: GroupActivityRecord,
  organizerName: string,
  viewer: GroupActivitySummary['viewer'],
): GroupActivitySummary {
  return {
    id: activity.id,
    activityType: activity.activityType,
    title: activity.title,
    date: activity.date,
    time: activity.time,
    startsAt: activity.startsAt,
    location: activity.location,
    area: activity.area,
    duration: activity.duration,
    difficulty: activity.difficulty,
    maxParticipants: activity.maxParticipants,
    participantCount: activity.participantCount,
    status: seatStatus(activity.participantCount, activity.maxParticipants),
    organizerName,
    cancelledAt: activity.cancelledAt,
    viewer,
  };
}

function toDetails(
  activity: GroupActivityRecord,
  members: MemberRecord[],
  names: Map<string, string>,
  userId: string,
): GroupActivityDetails {
  const nameOf = (id: string) => names.get(id) ?? FALLBACK_DISPLAY_NAME;
  const isOrganizer = activity.organizerId === userId;
  return {
    ...toSummary(activity, nameOf(activity.organizerId), {
      isOrganizer: activity.organizerId === userId,
      isParticipant: members.some((m) => m.userId === userId),
    }),
    description: activity.description,
    equipment: activity.equipment,
    notes: activity.notes,
    // Only the organizer gets the ids (to remove someone); everyone else sees names.
    participants: members.map((m) => ({
      ...(isOrganizer ? { userId: m.userId } : {}),
      displayName: nameOf(m.userId),
      isOrganizer: m.role === 'organizer',
      isYou: m.userId === userId,
      joinedAt: m.joinedAt,
    })),
    participantsNotShown: Math.max(0, activity.participantCount - members.length),
    createdAt: activity.createdAt,
    updatedAt: activity.updatedAt,
  };
}

/** Participants are listed without anyone the viewer blocked or was blocked by (neither sees the other). */
async function detailsOf(activity: GroupActivityRecord, userId: string): Promise<GroupActivityDetails> {
  const blocked = await blockedWith(userId);
  const members = (await listMembers(activity.id)).filter((m) => !blocked.has(m.userId));
  const names = await displayNamesOf([activity.organizerId, ...members.map((m) => m.userId)], FALLBACK_DISPLAY_NAME);
  return toDetails(activity, members, names, userId);
}

async function requireActivity(id: string): Promise<GroupActivityRecord> {
  const activity = await getGroupActivity(id);
  if (!activity) throw new NotFoundError(NOT_FOUND);
  return activity;
}

async function nameOf(userId: string): Promise<string> {
  return (await displayNamesOf([userId], FALLBACK_DISPLAY_NAME)).get(userId) ?? FALLBACK_DISPLAY_NAME;
}

export async function createGroupActivity(
  userId: string,
  input: GroupActivityInput,
  now: Date,
): Promise<GroupActivityDetails> {
  assertTiming(input, now);
  const at = now.toISOString();
  const activity: GroupActivityRecord = {
    ...input,
    area: input.area === undefined ? await organizerArea(userId) : input.area,
    id: ulid(now.getTime()),
    organizerId: userId,
    startsAt: wallClockInstant(input.date, input.time).toISOString(),
    timeZone: PLAN_TIME_ZONE,
    participantCount: 1,
    createdAt: at,
    updatedAt: at,
    cancelledAt: null,
  };
  await putActivity(activity);
  return detailsOf(activity, userId);
}

/**
 * The activity, unless its organizer and the caller blocked one another: then it answers exactly as for an
 * activity that does not exist.
 */
async function requireVisibleActivity(id: string, userId: string): Promise<GroupActivityRecord> {
  const activity = await requireActivity(id);
  if (activity.organizerId !== userId && (await blockedWith(userId)).has(activity.organizerId))
    throw new NotFoundError(NOT_FOUND);
  // Removed by its organizer: as if blocked, for this activity only.
  if (await wasRemovedFrom(id, userId)) throw new NotFoundError(NOT_FOUND);
  // Hidden by reports or organised by a suspended account: also as if it did not exist.
  if (
    (
      await visibleOnly(
        userId,
        [activity],
        'group_activity',
        (a) => a.id,
        (a) => a.organizerId,
      )
    ).length === 0
  )
    throw new NotFoundError(NOT_FOUND);
  return activity;
}

/** Any signed-in user may look at an activity (to decide to join); participants are shown by display name only. */
export async function getGroupActivityDetails(userId: string, id: string): Promise<GroupActivityDetails> {
  return detailsOf(await requireVisibleActivity(id, userId), userId);
}

// --- Lists: cursors carry the list they belong to and the last sort key ---

const Cursor = z.object({ l: z.string(), k: z.string().regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[0-9A-Z]{26}$/) });

function encodeCursor(list: string, lastSortKey: string | null): string | null {
  return lastSortKey === null ? null : Buffer.from(JSON.stringify({ l: list, k: lastSortKey })).toString('base64url');
}

function decodeCursor(cursor: string | undefined, list: string): string | null {
  if (!cursor) return null;
  let parsed;
  try {
    parsed = Cursor.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success || parsed.data.l !== list)
    throw new BadRequestError(
      'The cursor does not belong to this list; load the first page again.',
      undefined,
      'invalid_cursor',
    );
  return parsed.data.k;
}

async function summaries(
  activities: GroupActivityRecord[],
  userId: string,
  joined: Set<string>,
): Promise<GroupActivitySummary[]> {
  const names = await displayNamesOf(
    activities.map((a) => a.organizerId),
    FALLBACK_DISPLAY_NAME,
  );
  return activities.map((a) =>
    toSummary(a, names.get(a.organizerId) ?? FALLBACK_DISPLAY_NAME, {
      isOrganizer: a.organizerId === userId,
      isParticipant: joined.has(a.id),
    }),
  );
}

/**
 * One page of the activities listed in a place or any place near it, soonest first: each place's partition is read
 * from the same position and the pages merged, so the cursor (the last activity's sort key) is one position in
 * all of them.
 */
async function listActivitiesNear(
  area: NearbyArea,
  from: { sortKey: string; after: boolean },
  limit: number,
): Promise<{ items: GroupActivityRecord[]; lastSortKey: string | null }> {
  const areas = area === 'elsewhere' ? [area] : placesNear(area);
  const pages = await Promise.all(areas.map((each) => listActivitiesByArea(each, from, limit)));
  const sortKeyOf = (activity: GroupActivityRecord) => `${activity.startsAt}#${activity.id}`;
  const merged = pages
    .flatMap((page) => page.items)
    .sort((a, b) => (sortKeyOf(a) < sortKeyOf(b) ? -1 : sortKeyOf(a) > sortKeyOf(b) ? 1 : 0));
  const items = merged.slice(0, limit);
  const more = merged.length > limit || pages.some((page) => page.lastSortKey !== null);
  return { items, lastSortKey: more && items.length > 0 ? sortKeyOf(items.at(-1)!) : null };
}

/** Upcoming activities nearby: in the area and within NEAR_KM of it, from now on, soonest first (cancelled ones leave the index). */
export async function listNearbyActivities(
  userId: string,
  query: NearbyActivitiesQuery,
  now: Date,
): Promise<NearbyActivitiesResponse> {
  const area = query.area ?? (await defaultAreaOf(userId));
  const list = `area:${area}`;
  const after = decodeCursor(query.cursor, list);
  const [page, blocked] = await Promise.all([
    listActivitiesNear(
      area,
      after ? { sortKey: after, after: true } : { sortKey: now.toISOString(), after: false },
      query.limit,
    ),
    blockedWith(userId),
  ]);
  const unblocked = page.items.filter((a) => !blocked.has(a.organizerId));
  const removedFrom = await removedFromAmong(
    userId,
    unblocked.map((a) => a.id),
  );
  const visible = await visibleOnly(
    userId,
    unblocked.filter((a) => !removedFrom.has(a.id)),
    'group_activity',
    (a) => a.id,
    (a) => a.organizerId,
  ); // hidden by reports / suspended
  const joined = await activitiesJoinedAmong(
    userId,
    visible.map((a) => a.id),
  );
  return {
    area,
    activities: await summaries(visible, userId, joined),
    nextCursor: encodeCursor(list, page.lastSortKey),
  };
}

/** Where a new activity is listed when the form names no area: the organizer's own nearby list. */
async function organizerArea(userId: string): Promise<GroupActivityRecord['area']> {
  const area = await defaultAreaOf(userId);
  return area === 'elsewhere' ? null : area;
}

/** 'Nearby' without an area asked for: the caller's home area, else Vancouver. */
async function defaultAreaOf(userId: string): Promise<NearbyArea> {
  const parsed = NearbyArea.safeParse(await homeAreaOf(userId));
  return parsed.success ? parsed.data : DEFAULT_NEARBY_AREA;
}

/** The caller's upcoming activities, organised and joined, soonest first; cancelled ones stay, marked. */
export async function listMyActivities(
  userId: string,
  query: MyActivitiesQuery,
  now: Date,
): Promise<GroupActivityListResponse> {
  const after = decodeCursor(query.cursor, 'mine');
  const page = await listMyMemberships(
    userId,
    after ? { sortKey: after, after: true } : { sortKey: now.toISOString(), after: false },
    query.limit,
  );
  const [joined, blocked] = await Promise.all([
    getGroupActivities(page.items.map((m) => m.activityId)),
    blockedWith(userId),
  ]);
  // A block holds here too: an activity joined before the block, organised by the other person, is no longer listed.
  const activities = joined.filter((a) => !blocked.has(a.organizerId));
  return {
    activities: await summaries(activities, userId, new Set(activities.map((a) => a.id))),
    nextCursor: encodeCursor('mine', page.lastSortKey),
  };
}

// --- Taking part ---

export async function joinGroupActivity(
  userId: string,
  id: string,
  now: Date,
  deps: GroupActivityDeps,
): Promise<GroupActivityDetails> {
  const activity = await requireVisibleActivity(id, userId);
  if (activity.cancelledAt) throw new ConflictError('This activity was cancelled.', 'activity_cancelled');
  if (hasStarted(activity.startsAt, now))
    throw new ConflictError('This activity has already started.', 'activity_started');
  await enforcePlanLimit(userId, 'joinLeave', now);
  await takeSeatOrSayWhy(activity, userId, now);
  const joined = await requireActivity(id);
  await publishLiveEvent([activity.organizerId, userId], { type: 'group-activity', keys: [id] }, now);
  await notifyEach(
    deps,
    [activity.organizerId],
    {
      type: 'activity_joined',
      actorId: userId,
      message: activityMessages.joined(await nameOf(userId), activity.title),
      link: activityLink(id),
    },
    now,
  );
  return detailsOf(joined, userId);
}

const JOIN_ATTEMPTS = 5;

/**
 * The seat write is atomic; when its condition fails, a fresh read says why. A read that still shows a free
 * seat means the write lost a race rather than the seat, so it tries again.
 */
async function takeSeatOrSayWhy(activity: GroupActivityRecord, userId: string, now: Date): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await takeSeat(activity, userId, now);
    if (outcome === 'joined') return;
    if (outcome === 'already_joined')
      throw new ConflictError('You already take part in this activity.', 'already_joined');
    if (outcome === 'removed') throw new NotFoundError(NOT_FOUND); // removed meanwhile: as for an activity that does not exist
    const current = await requireActivity(activity.id);
    if (current.cancelledAt) throw new ConflictError('This activity was cancelled.', 'activity_cancelled');
    if (hasStarted(current.startsAt, now))
      throw new ConflictError('This activity has already started.', 'activity_started');
    if (current.participantCount >= current.maxParticipants || attempt >= JOIN_ATTEMPTS)
      throw new ConflictError('This activity is full.', 'activity_full');
  }
}

/** A participant leaves: their seat is freed and their rides for it go (the organizer cancels instead). */
export async function leaveGroupActivity(
  userId: string,
  id: string,
  now: Date,
  deps: GroupActivityDeps,
): Promise<GroupActivityDetails> {
  const activity = await requireActivity(id);
  if (activity.organizerId === userId)
    throw new ConflictError('As the organizer, cancel the activity instead of leaving it.', 'organizer_cannot_leave');
  await enforcePlanLimit(userId, 'joinLeave', now);
  if (!(await freeSeat(id, userId)))
    throw new ConflictError('You do not take part in this activity.', 'not_participant');
  await removeUserRides(activity, userId, now, deps);
  await leaveActivityTripPlans(id, userId, now);
  await publishLiveEvent([activity.organizerId, userId], { type: 'group-activity', keys: [id] }, now);
  // Leaving always works; an organizer who blocked the leaver (or was blocked) is not told.
  if (!activity.cancelledAt && !(await blockedWith(userId)).has(activity.organizerId)) {
    await notifyEach(
      deps,
      [activity.organizerId],
      {
        type: 'activity_left',
        actorId: userId,
        message: activityMessages.left(await nameOf(userId), activity.title),
        link: activityLink(id),
      },
      now,
    );
  }
  return detailsOf(await requireActivity(id), userId);
}

// --- The organizer's changes ---

async function requireOrganizer(
  userId: string,
  id: string,
  action: 'edit' | 'cancel' | 'remove participants from',
): Promise<GroupActivityRecord> {
  const activity = await requireActivity(id);
  if (activity.organizerId !== userId) throw new ForbiddenError(`Only the organizer can ${action} this activity.`);
  if (activity.cancelledAt) throw new ConflictError('This activity was cancelled.', 'activity_cancelled');
  return activity;
}

export async function updateGroupActivity(
  userId: string,
  id: string,
  input: GroupActivityInput,
  now: Date,
  deps: GroupActivityDeps,
): Promise<GroupActivityDetails> {
  const before = await requireOrganizer(userId, id, 'edit');
  if (hasStarted(before.startsAt, now))
    throw new ConflictError('This activity has already started.', 'activity_started');
  assertTiming(input, now);
  const capacity = maxParticipantsIssue(input.maxParticipants, before.participantCount);
  if (capacity) throw invalid({ maxParticipants: capacity });
  const startsAt = wallClockInstant(input.date, input.time, before.timeZone).toISOString();
  const outcome = await updateActivityItem(
    id,
    userId,
    { ...input, area: input.area === undefined ? before.area : input.area },
    startsAt,
    now,
  );
  if (!outcome.ok) {
    // Someone joined (or it was cancelled) between the read and the write: say which.
    const current = await requireOrganizer(userId, id, 'edit');
    throw invalid({
      maxParticipants:
        maxParticipantsIssue(input.maxParticipants, current.participantCount) ??
        'The activity changed meanwhile; try again.',
    });
  }
  const members = await listMembers(id);
  if (startsAt !== before.startsAt)
    await moveMembersTo(
      id,
      startsAt,
      members.map((m) => m.userId),
    );
  const others = members.filter((m) => m.userId !== userId).map((m) => m.userId);
  await notifyEach(
    deps,
    others,
    {
      type: 'activity_updated',
      actorId: userId,
      message: activityMessages.updated(outcome.activity.title, outcome.activity.date, outcome.activity.time),
      link: activityLink(id),
    },
    now,
  );
  return detailsOf(outcome.activity, userId);
}

export async function cancelGroupActivity(
  userId: string,
  id: string,
  now: Date,
  deps: GroupActivityDeps,
): Promise<GroupActivityDetails> {
  await requireOrganizer(userId, id, 'cancel');
  const cancelled = await cancelActivityItem(id, userId, now);
  if (!cancelled) throw new ConflictError('This activity was cancelled.', 'activity_cancelled');
  const members = await listMembers(id);
  await callOffActivityTripPlans(
    cancelled,
    members.map((m) => m.userId),
    now,
  );
  const others = members.filter((m) => m.userId !== userId).map((m) => m.userId);
  await notifyEach(
    deps,
    others,
    {
      type: 'activity_cancelled',
      actorId: userId,
      message: activityMessages.cancelled(cancelled.title, cancelled.date),
      link: activityLink(id),
    },
    now,
  );
  return toDetails(
    cancelled,
    members,
    await displayNamesOf([cancelled.organizerId, ...members.map((m) => m.userId)], FALLBACK_DISPLAY_NAME),
    userId,
  );
}

const REMOVE_ATTEMPTS = 5;

/**
 * The organizer removes a participant (as on Meetup, they cannot join it again): their seat and their ride
 * bookings on this activity go in one transaction, then their own offers and requests for it; they are told
 * that they were removed (not by whom: the organizer is the only one who can), the drivers that a seat is free.
 */
export async function removeParticipant(
  userId: string,
  id: string,
  participantId: string,
  now: Date,
  deps: GroupActivityDeps,
): Promise<GroupActivityDetails> {
  const activity = await requireOrganizer(userId, id, 'remove participants from');
  if (participantId === userId)
    throw new ConflictError('As the organizer, cancel the activity instead of leaving it.', 'organizer_cannot_leave');
  for (let attempt = 1; ; attempt++) {
    const rides = await listActivityRides(id);
    const booked = rides.bookings.filter((b) => b.userId === participantId).map((b) => b.rideId);
    const outcome = await removeParticipantItems(id, userId, participantId, booked, now);
    if (outcome === 'not_participant') throw new NotFoundError('That person does not take part in this activity.');
    if (outcome === 'not_organizer')
      throw new ForbiddenError('Only the organizer can remove participants from this activity.');
    if (outcome === 'removed') {
      await removeUserRides(activity, participantId, now, deps);
      await leaveActivityTripPlans(id, participantId, now);
      const drivers = rides.offers.filter((o) => booked.includes(o.id)).map((o) => o.driverId);
      const name = await nameOf(participantId);
      await notifyEach(
        deps,
        drivers,
        {
          type: 'ride_cancelled',
          actorId: participantId,
          message: rideMessages.passengerRemoved(name, activity.title),
          link: activityLink(id),
        },
        now,
      );
      await notifyEach(
        deps,
        [participantId],
        { type: 'activity_removed', actorId: userId, message: activityMessages.removed(activity.title), link: null },
        now,
      );
      return detailsOf(await requireActivity(id), userId);
    }
    if (attempt >= REMOVE_ATTEMPTS)
      throw new ConflictError('Their rides changed meanwhile; try again.', 'rides_changed');
  }
}
