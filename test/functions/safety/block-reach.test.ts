import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../../functions/shared/routes';
import { callRoute, userClaims, type CallOptions } from '../../support/api-events';
import { activityInput } from '../group-activities/helpers';
import { member } from '../partners/helpers';

/**
 * Block reach, table-driven over the route list: every route says how it exposes people. A route missing from the
 * table fails, so a new route that lists or reaches people has to say so here, and then has to filter blocked users.
 *
 * - 'none': the route neither lists other people nor lets the caller reach one (own data, provider plumbing,
 *   reporting — a blocked person can still be reported — and the moderators' queue, which must see everyone).
 * - list: the caller reads it; nothing about the other person (id, name, their messages) may be in the answer.
 * - reach: the caller tries to contact or join the other person; it must be refused with a 4xx.
 */
type Ids = { activityOfOther: string; otherActivityToJoin: string; rideOfOther: string; other: string };
type Exposure = 'none' | { list: (ids: Ids) => CallOptions } | { reach: (ids: Ids) => CallOptions };

const list = (options: (ids: Ids) => CallOptions = () => ({})): Exposure => ({ list: options });
const reach = (options: (ids: Ids) => CallOptions): Exposure => ({ reach: options });

const EXPOSURE: Record<string, Exposure> = {
  'get-health': 'none',
  'get-me': 'none',
  'get-my-data': list(),
  'get-strava-authorize-url': 'none',
  'post-strava-connect': 'none',
  'get-connections': 'none',
  'get-import-jobs': 'none',
  'delete-connection': 'none',
  'post-connection-sync': 'none',
  'get-sync-requests': 'none',
  'get-activities': 'none',
  'get-strava-webhook': 'none',
  'post-strava-webhook': 'none',
  'get-strava-usage': 'none',
  'get-google-authorize-url': 'none',
  'post-google-connect': 'none',
  'post-apple-ingest-token': 'none',
  'post-apple-ingest': 'none',
  'get-billing': 'none',
  'post-billing-checkout': 'none',
  'post-billing-portal': 'none',
  'post-billing-webhook': 'none',
  // mail to the support address only, never to another member
  'post-support': 'none',
  'get-analysis': 'none',
  'post-file-import': 'none',
  'get-file-imports': 'none',
  'delete-file-import': 'none',
  'delete-file-imports': 'none',
  'get-profile': 'none',
  'put-profile': 'none',
  'delete-me': 'none',
  'get-partners': list(),
  'get-partner': list(({ other }) => ({ pathParameters: { userId: other } })),
  'post-partner-connect': reach(({ other }) => ({ pathParameters: { userId: other } })),
  'post-partner-accept': reach(({ other }) => ({ pathParameters: { userId: other } })),
  'post-partner-decline': 'none',
  'post-partner-block': 'none',
  'delete-partner-block': 'none',
  'get-partner-connections': list(),
  'get-conversations': list(),
  'get-conversation-messages': list(({ other }) => ({ pathParameters: { userId: other } })),
  'post-conversation-message': reach(({ other }) => ({
    pathParameters: { userId: other },
    body: { text: 'are you there?' },
  })),
  // Moves only the caller's own read marker: it reaches nobody.
  'post-conversation-read': 'none',
  'get-notifications': list(),
  'post-notification-read': 'none',
  'post-notifications-read-all': 'none',
  'post-group-activity': 'none',
  'get-group-activities': list(() => ({ query: 'area=north-vancouver' })),
  'get-my-group-activities': list(),
  'get-group-activity': list(({ activityOfOther }) => ({ pathParameters: { activityId: activityOfOther } })),
  'put-group-activity': 'none',
  'post-cancel-group-activity': 'none',
  'post-join-group-activity': reach(({ otherActivityToJoin }) => ({
    pathParameters: { activityId: otherActivityToJoin },
  })),
  'post-leave-group-activity': 'none',
  // The organizer removing someone only takes them away from the activity (it lists no one beyond what details show).
  'delete-group-activity-participant': 'none',
  'get-activity-rides': list(({ activityOfOther }) => ({ pathParameters: { activityId: activityOfOther } })),
  'post-ride-offer': 'none',
  'delete-ride-offer': 'none',
  'post-ride-booking': reach(({ activityOfOther, rideOfOther }) => ({
    pathParameters: { activityId: activityOfOther, rideId: rideOfOther },
  })),
  'delete-ride-booking': 'none',
  'post-ride-request': 'none',
  'delete-ride-request': 'none',
  'post-ride-request-offer': 'none',
  'get-my-rides': list(),
  'post-report': 'none',
  'get-moderation-reports': 'none',
  'post-moderation-action': 'none',
  // Trip plans: the party follows the plan's activity, and a block takes each person out of the activities
  // the other organises, so off their plans too (test/functions/group-activities/block-separation.test.ts). In a third
  // person's activity both stay on its plan: it is safety information for Search and Rescue. No route lets one member
  // reach another.
  'post-trip-plan': 'none',
  'get-trip-plans': 'none',
  'get-trip-plan': 'none',
  'post-trip-check-in': 'none',
  'get-trip-link': 'none',
  // A contact's stop links reach nobody: they only stop mail.
  'get-trip-contact-stop': 'none',
  'post-trip-contact-stop': 'none',
  'get-email-preferences': 'none',
  'get-push-config': 'none',
  'put-push-subscription': 'none',
  'get-push-subscription': 'none',
  'delete-push-subscription': 'none',
  'put-email-preferences': 'none',
  'get-email-unsubscribe': 'none',
  'post-email-unsubscribe': 'none',
};

const call = (routeId: string, userId: string, options: CallOptions = {}) =>
  callRoute(routeId, { ...options, claims: userClaims(userId) });
async function ok(routeId: string, userId: string, options: CallOptions = {}) {
  const result = await call(routeId, userId, options);
  expect(result.status, `${routeId}: ${JSON.stringify(result.json)}`).toBeLessThan(300);
  return result.json as Record<string, unknown>;
}

describe('the exposure table', () => {
  it('lists every route of ROUTES (a new route must say how it exposes people)', () => {
    const missing = ROUTES.filter((route) => !(route.id in EXPOSURE)).map((route) => route.id);
    expect(missing).toEqual([]);
    const stale = Object.keys(EXPOSURE).filter((id) => !ROUTES.some((route) => route.id === id));
    expect(stale).toEqual([]);
  });
});

/** Two people who knew each other (partners, a conversation, each other's activities and rides) until one blocked the other. */
interface Person {
  id: string;
  name: string;
  marker: string;
  activity: string;
  spareActivity: string;
  ride: string;
}

describe('a block holds on every route that lists or reaches people', () => {
  const people: Record<'a' | 'b', Person> = {} as never;

  beforeAll(async () => {
    for (const key of ['a', 'b'] as const) {
      const name = key === 'a' ? 'Avalanche' : 'Boulder';
      const id = await member({ name, settings: { homeArea: 'north-vancouver' } });
      people[key] = {
        id,
        name: '',
        marker: `msg-${randomBytes(6).toString('hex')}`,
        activity: '',
        spareActivity: '',
        ride: '',
      };
      people[key].name = `${name} ${id.slice(2, 8)}`;
    }
    const { a, b } = people;
    await ok('post-partner-connect', b.id, { pathParameters: { userId: a.id } });
    await ok('post-partner-accept', a.id, { pathParameters: { userId: b.id } });
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      await ok('post-conversation-message', from.id, {
        pathParameters: { userId: to.id },
        body: { text: from.marker },
      });
      from.activity = String(
        (await ok('post-group-activity', from.id, { body: activityInput({ title: `Hike by ${from.name}` }) })).id,
      );
      from.spareActivity = String(
        (await ok('post-group-activity', from.id, { body: activityInput({ title: `Run by ${from.name}` }) })).id,
      );
      await ok('post-join-group-activity', to.id, { pathParameters: { activityId: from.activity } });
    }
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const offer = await ok('post-ride-offer', from.id, {
        pathParameters: { activityId: from.activity },
        body: {
          vehicle: { make: 'Subaru', model: 'Outback', year: 2021, color: 'Green' },
          seats: 3,
          departureTime: '07:15',
          pickupLocations: ['Lonsdale Quay'],
          costPerPerson: 10,
          notes: '',
        },
      });
      from.ride = (offer.offers as { id: string }[])[0]!.id; // the only offer on this activity
      // Booked and cancelled again, so the reach check below is a fresh booking, not an 'already booked' refusal.
      await ok('post-ride-booking', to.id, { pathParameters: { activityId: from.activity, rideId: from.ride } });
      await ok('delete-ride-booking', to.id, { pathParameters: { activityId: from.activity, rideId: from.ride } });
    }
    await ok('post-partner-block', a.id, { pathParameters: { userId: b.id } });
  }, 120_000);

  for (const route of ROUTES) {
    const exposure = EXPOSURE[route.id];
    if (!exposure || exposure === 'none') continue;
    for (const [viewerKey, otherKey, who] of [
      ['b', 'a', 'the blocked person'],
      ['a', 'b', 'the blocker'],
    ] as const) {
      it(`${route.method} ${route.path}: ${who} cannot ${'list' in exposure ? 'see' : 'reach'} the other`, async () => {
        const viewer = people[viewerKey];
        const other = people[otherKey];
        const ids: Ids = {
          other: other.id,
          activityOfOther: other.activity,
          otherActivityToJoin: other.spareActivity,
          rideOfOther: other.ride,
        };
        if ('list' in exposure) {
          const result = await call(route.id, viewer.id, exposure.list(ids));
          // The blocker's own 'blocked' list names the people they blocked, so they can unblock: that is the one exception.
          const seen =
            viewerKey === 'a' && result.json && typeof result.json === 'object' && 'blocked' in result.json
              ? { ...result.json, blocked: [] }
              : result.json;
          const text = JSON.stringify(seen ?? '');
          // A 403/404 is fine for a detail read; a 200 must say nothing about the other person.
          if (result.status < 300) {
            for (const trace of [other.name, other.marker, `Hike by ${other.name}`])
              expect(text, `${route.id} shows ${trace}`).not.toContain(trace);
            if (!route.path.includes('{userId}')) expect(text).not.toContain(other.id);
          } else {
            expect(result.status).toBeGreaterThanOrEqual(400);
            expect(result.status).toBeLessThan(500);
          }
        } else {
          const result = await call(route.id, viewer.id, exposure.reach(ids));
          expect(result.status, `${route.id}: ${JSON.stringify(result.json)}`).toBeGreaterThanOrEqual(400);
          expect(result.status).toBeLessThan(500);
        }
      });
    }
  }
});
