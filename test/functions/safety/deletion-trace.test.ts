import { randomBytes } from 'node:crypto';
import { paginateScan } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as postActivity } from '../../../functions/handlers/group-activities/post-group-activity';
import { handler as postJoin } from '../../../functions/handlers/group-activities/post-join-group-activity';
import { handler as deleteMe } from '../../../functions/handlers/me/delete-me';
import { handler as postMessage } from '../../../functions/handlers/messages/post-message';
import { handler as postAccept } from '../../../functions/handlers/partners/post-accept';
import { handler as postConnect } from '../../../functions/handlers/partners/post-connect';
import { handler as postReport } from '../../../functions/handlers/reports/post-report';
import { handler as getQueue } from '../../../functions/handlers/moderation/get-reports';
import { ModerationQueue } from '../../../functions/shared/schemas/reports';
import { eraseConversation } from '../../../functions/usecases/messages';
import { handler as postOffer } from '../../../functions/handlers/rides/post-ride-offer';
import { handler as postRequest } from '../../../functions/handlers/rides/post-ride-request';
import { handler as postBooking } from '../../../functions/handlers/rides/post-ride-booking';
import { handler as removeParticipant } from '../../../functions/handlers/group-activities/delete-group-activity-participant';
import type { HttpHandler } from '../../../functions/lib/http';
import { tableName } from '../../../functions/lib/config';
import { dynamo } from '../../../functions/lib/dynamo';
import { ROUTES } from '../../../functions/shared/routes';
import { TABLE_IDS } from '../../../functions/shared/tables';
import { invoke, userClaims, type CallOptions } from '../../support/api-events';
import { handler as postTripPlan } from '../../../functions/handlers/trip-plans/post-trip-plan';
import { activityInput, daysAhead } from '../group-activities/helpers';
import { member } from '../partners/helpers';

const byId = (id: string) => ROUTES.find((route) => route.id === id)!;
async function ok(handler: HttpHandler, routeId: string, userId: string, options: CallOptions = {}) {
  const route = byId(routeId);
  const path = route.path.replace(/\{(\w+)\}/g, (_m, param: string) => options.pathParameters?.[param] ?? param);
  const result = await invoke(handler, route, { ...options, path, claims: userClaims(userId) });
  expect(result.status, `${routeId}: ${JSON.stringify(result.json)}`).toBeLessThan(300);
  return result.json as Record<string, unknown>;
}

/** Every item in every table whose text contains one of `needles`. */
async function itemsMentioning(
  needles: readonly string[],
): Promise<{ table: string; item: Record<string, unknown> }[]> {
  const found: { table: string; item: Record<string, unknown> }[] = [];
  for (const table of TABLE_IDS) {
    for await (const page of paginateScan(
      { client: dynamo() },
      { TableName: tableName(table), ConsistentRead: true },
    )) {
      for (const item of page.Items ?? []) {
        const text = JSON.stringify(item);
        if (needles.some((needle) => text.includes(needle))) found.push({ table, item });
      }
    }
  }
  return found;
}

// The deletion keys the email tombstone with APP_SECRET, as the local stack sets it.
beforeAll(() => {
  process.env.APP_SECRET ??= randomBytes(32).toString('base64url');
  // Email is enqueued (not sent: no job runs here) with links to the site, so unsubscribe tokens and outbox messages exist.
  process.env.SITE_URL ??= 'http://localhost:3000';
});

const tripPlan = (activityId: string, route: string) => ({
  activityId,
  trailhead: 'Lynn Headwaters',
  route,
  area: 'North Shore',
  startDate: daysAhead(5),
  startTime: '08:00',
  returnDate: daysAhead(5),
  returnTime: '16:00',
  graceMinutes: 60,
  contacts: [{ name: 'Contact', email: 'contact@example.org' }],
});

describe('deleting an account leaves no trace', () => {
  it("no table holds the deleted person's id, name or free text afterwards — except reports about them, kept as evidence", async () => {
    const tag = randomBytes(5).toString('hex');
    const bio = `Bio-${tag} loves scree`;
    const a = await member({ name: `Erased${tag}`, settings: { bio } });
    const b = await member({ name: 'Stays' });
    const nameOfA = `Erased${tag} ${a.slice(2, 8)}`;
    const text = `Message-${tag} see you at the lot`;
    const title = `Title-${tag} ridge walk`;
    const rideNote = `Ride-${tag} two bikes fit`;
    const requestNote = `Request-${tag} near the pool`;
    const pickup = `Pickup-${tag} corner store`;
    const meeting = `Meet-${tag} behind the hut`;
    const gear = `Gear-${tag} spikes`;
    const notes = `Notes-${tag} bring water`;

    await ok(postConnect, 'post-partner-connect', b, { pathParameters: { userId: a } });
    await ok(postAccept, 'post-partner-accept', a, { pathParameters: { userId: b } });
    const sent = await ok(postMessage, 'post-conversation-message', a, {
      pathParameters: { userId: b },
      body: { text },
    });
    const activity = await ok(postActivity, 'post-group-activity', a, {
      body: activityInput({ title, description: `Desc-${tag}`, location: meeting, equipment: gear, notes }),
    });
    await ok(postJoin, 'post-join-group-activity', b, { pathParameters: { activityId: String(activity.id) } });
    const theirs = await ok(postActivity, 'post-group-activity', b, { body: activityInput({ title: 'B hike' }) });
    await ok(postJoin, 'post-join-group-activity', a, { pathParameters: { activityId: String(theirs.id) } });
    await ok(postOffer, 'post-ride-offer', a, {
      pathParameters: { activityId: String(theirs.id) },
      body: {
        vehicle: { make: 'Subaru', model: 'Outback', year: 2021, color: 'Green' },
        seats: 2,
        departureTime: '07:15',
        pickupLocations: ['Lonsdale Quay'],
        costPerPerson: 0,
        notes: rideNote,
      },
    });
    // Trip plans: A files one for their activity (B is in the party); B files one for theirs (A is in it).
    const tripRoute = `Trip-${tag} north ridge`;
    await ok(postTripPlan, 'post-trip-plan', a, { body: tripPlan(String(activity.id), tripRoute) });
    await ok(postTripPlan, 'post-trip-plan', b, { body: tripPlan(String(theirs.id), 'B route') });
    // A asks for a ride and books a seat in B's ride (B is told, by name); B removes A from a third activity.
    await ok(postRequest, 'post-ride-request', a, {
      pathParameters: { activityId: String(theirs.id) },
      body: { preferredPickup: pickup, willingToShare: true, notes: requestNote },
    });
    const bRide = await ok(postOffer, 'post-ride-offer', b, {
      pathParameters: { activityId: String(theirs.id) },
      body: {
        vehicle: { make: 'Honda', model: 'Fit', year: 2018, color: 'Blue' },
        seats: 3,
        departureTime: '07:00',
        pickupLocations: ['Main St'],
        costPerPerson: 5,
        notes: '',
      },
    });
    const bRideId = (bRide.offers as { id: string; isMine: boolean }[]).find((o) => o.isMine)!.id;
    await ok(postBooking, 'post-ride-booking', a, {
      pathParameters: { activityId: String(theirs.id), rideId: bRideId },
    });
    const removedFrom = await ok(postActivity, 'post-group-activity', b, { body: activityInput({ title: 'B run' }) });
    await ok(postJoin, 'post-join-group-activity', a, { pathParameters: { activityId: String(removedFrom.id) } });
    await ok(removeParticipant, 'delete-group-activity-participant', b, {
      pathParameters: { activityId: String(removedFrom.id), userId: a },
    });
    // B reports A's message: the report keeps a copy of it, even after A's deletion.
    const messageId = String((sent as { id?: string }).id ?? (sent as { message?: { id: string } }).message?.id);
    await ok(postReport, 'post-report', b, { body: { kind: 'message', userId: a, messageId, reason: 'spam' } });

    await ok(deleteMe, 'delete-me', a);

    const traces = await itemsMentioning([
      a,
      nameOfA,
      bio,
      text,
      title,
      rideNote,
      `Desc-${tag}`,
      requestNote,
      pickup,
      meeting,
      gear,
      notes,
      `Trip-${tag}`,
    ]);
    // The tombstone that refuses the deleted user's unexpired tokens is kept by design (35 days; account-deletion.ts).
    const outsideReports = traces.filter(({ item }) => item.entity !== 'Report' && item.entity !== 'DeletedUser');
    expect(outsideReports.map(({ table, item }) => `${table}: ${JSON.stringify(item).slice(0, 300)}`)).toEqual([]);
    const evidence = traces.filter(({ item }) => item.entity === 'Report');
    expect(evidence.map(({ item }) => item.evidence)).toEqual([text]);
  }, 90_000);

  it("keeps a reported message's text in the moderators' queue after its sender deletes their account", async () => {
    const tag = randomBytes(5).toString('hex');
    const a = await member({ name: 'Sender' });
    const b = await member({ name: 'Reporter' });
    const text = `Evidence-${tag} meet me alone`;
    await ok(postConnect, 'post-partner-connect', b, { pathParameters: { userId: a } });
    await ok(postAccept, 'post-partner-accept', a, { pathParameters: { userId: b } });
    const sent = (await ok(postMessage, 'post-conversation-message', a, {
      pathParameters: { userId: b },
      body: { text },
    })) as { message: { id: string } };
    await ok(postReport, 'post-report', b, {
      body: { kind: 'message', userId: a, messageId: sent.message.id, reason: 'harassment' },
    });

    const moderatorQueue = async () => {
      const result = await invoke(
        getQueue,
        ROUTES.find((r) => r.id === 'get-moderation-reports')!,
        { claims: { ...userClaims('mod-trace'), 'cognito:groups': ['moderators'] } },
      );
      expect(result.status).toBe(200);
      return ModerationQueue.parse(result.json).reports.filter((r) => r.subjectUserId === a);
    };
    await ok(deleteMe, 'delete-me', a);
    expect(await moderatorQueue()).toEqual([
      expect.objectContaining({ kind: 'message', reporterId: b, reason: 'harassment', evidence: text }),
    ]);
    // Erasing the conversation (the one way messages are deleted) leaves the report's evidence alone.
    await eraseConversation(b, a);
    await eraseConversation(a, b);
    expect(await moderatorQueue()).toEqual([expect.objectContaining({ kind: 'message', evidence: text })]);
  });
});
