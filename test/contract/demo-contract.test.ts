import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { upsertActivities } from '../../functions/repositories/activities';
import { ROUTES } from '../../functions/shared/routes';
import { planDateOf, type GroupActivityInput } from '../../functions/shared/schemas/group-activities';
import type { ActivitiesQuery } from '../../functions/shared/schemas/connections';
import { createApiHost } from '../../infra/local/api-host';
import { createHttpApiClient } from '../../web/src/app/api-client';
import type { ApiClient } from '../../web/src/lib/api-client';
import { userClaims } from '../support/api-events';
import { demoClientAt } from './demo-client';

/**
 * Demo mode by contract: the same scenarios run against the HTTP client talking to the real handlers
 * (the local host's router, DynamoDB Local) and against the in-browser demo client, and must observe the same results.
 * Where demo mode differs on purpose (its sample data, its single user), the scenario says so in data, not in branches.
 */

const ROOT_DIR = fileURLToPath(new URL('../..', import.meta.url));
const host = createApiHost({
  routes: ROUTES,
  rootDir: ROOT_DIR,
  // The token is the user's id: the authorizer's job (signatures) is tested elsewhere; here only who is asking matters.
  authorize: async (authorization) =>
    authorization?.startsWith('Bearer ') ? { ok: true, claims: userClaims(authorization.slice(7)) } : { ok: false },
});

/** The web app's HTTP client as the browser runs it, with fetch answered in-process by the local API host. */
function httpClientFor(userId: string): ApiClient {
  const fetchFn = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const response = await host({
      method: init.method ?? 'GET',
      path: url.pathname,
      rawQueryString: url.search.slice(1),
      headers,
      body: Buffer.from(typeof init.body === 'string' ? init.body : ''),
      sourceIp: '127.0.0.1',
    });
    return new Response(response.status === 204 ? null : new Uint8Array(response.body), {
      status: response.status,
      headers: response.headers,
    });
  }) as typeof fetch;
  return createHttpApiClient({ baseUrl: '/api/', getIdToken: async () => userId, fetchFn });
}

const now = new Date();
const demoClient = () => demoClientAt(now);

const clients: ReadonlyArray<[string, () => ApiClient]> = [
  ['http (real handlers)', () => httpClientFor(`contract-${randomUUID()}`)],
  ['demo', demoClient],
];

/** What a rejected call shows the screen: status, code and field messages (the message text may be worded per side). */
async function failure(call: Promise<unknown>) {
  const error = (await call.then(
    () => ({ status: 'resolved' }),
    (e: unknown) => e,
  )) as { status?: unknown; code?: unknown; fields?: unknown };
  return { status: error.status, code: error.code, fields: error.fields ?? {} };
}

const daysAhead = (days: number) => planDateOf(new Date(now.getTime() + days * 86_400_000));

const activityInput = (overrides: Partial<GroupActivityInput> = {}): GroupActivityInput => ({
  activityType: 'hiking',
  title: 'Contract hike',
  description: 'Steady pace.',
  date: daysAhead(5),
  time: '08:00',
  location: 'Grouse Mountain base',
  area: 'north-vancouver',
  duration: 120,
  difficulty: 'intermediate',
  maxParticipants: 3,
  equipment: '',
  notes: '',
  ...overrides,
});

/** The fields of an activity both sides must agree on (ids and timestamps are each side's own). */
const seen = (a: {
  title: string;
  status: string;
  participantCount: number;
  maxParticipants: number;
  viewer: unknown;
  date: string;
  time: string;
  startsAt: string;
  area: unknown;
  cancelledAt: string | null;
}) => ({
  title: a.title,
  status: a.status,
  participantCount: a.participantCount,
  maxParticipants: a.maxParticipants,
  viewer: a.viewer,
  date: a.date,
  time: a.time,
  startsAt: a.startsAt,
  area: a.area,
  cancelled: a.cancelledAt !== null,
});

/** Runs a scenario on both clients and expects the same observations. */
async function sameOnBoth<T>(scenario: (client: ApiClient) => Promise<T>): Promise<T> {
  const [http, demo] = await Promise.all(clients.map(([, make]) => scenario(make())));
  expect(demo, 'demo mode observes what the server answers').toEqual(http);
  return http as T;
}

describe('demo client and HTTP client: one contract', () => {
  describe('activity list: type filters, order and paging', () => {
    const http = httpClientFor(`contract-activities-${randomUUID()}`);
    const demo = demoClient();

    beforeAll(async () => {
      // The server holds the very activities demo mode shows: same data in, so the rules alone decide what comes out.
      // Demo mode starts with Strava only; its Google Health and Apple Health samples bring walks, hikes and swims.
      await demo.connectGoogle({ code: 'demo-code', state: 'demo-state' });
      await demo.issueAppleIngestToken();
      const sample = (await demo.activities({ limit: 100 })).activities;
      const me = await http.me();
      await upsertActivities(sample.map((activity) => ({ activity: { ...activity, user_id: me.id }, raw: {} })));
    });

    const types: ReadonlyArray<ActivitiesQuery['type']> = ['all', 'run', 'ride', 'hike', 'walk', 'swim'];
    const sorts: ReadonlyArray<ActivitiesQuery['sort']> = ['date', 'distance', 'duration', 'elevation'];

    async function allIds(
      client: ApiClient,
      params: Partial<ActivitiesQuery>,
    ): Promise<Array<[string, string, string]>> {
      const ids: Array<[string, string, string]> = [];
      let cursor: string | undefined;
      do {
        const page = await client.activities({ ...params, limit: 4, ...(cursor ? { cursor } : {}) });
        ids.push(
          ...page.activities.map((a): [string, string, string] => [
            a.provider_type,
            a.provider_activity_id,
            a.activity_level,
          ]),
        );
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return ids;
    }

    for (const type of types) {
      it(`type=${type}: the same activities in the same order for every sort, page by page`, async () => {
        for (const sort of sorts) {
          for (const order of ['asc', 'desc'] as const) {
            const [fromServer, fromDemo] = await Promise.all([
              allIds(http, { type, sort, order }),
              allIds(demo, { type, sort, order }),
            ]);
            expect(fromDemo, `${type} by ${sort} ${order}`).toEqual(fromServer);
            expect(fromServer.length, `${type} has sample activities`).toBeGreaterThan(0);
          }
        }
      });
    }
  });

  describe('group activities: seats, status and refusals', () => {
    for (const max of [2, 3, 4] as const) {
      it(`a new activity for ${max} counts its organizer and shows the seat status`, async () => {
        await sameOnBoth(async (client) => {
          const created = await client.createGroupActivity(
            activityInput({ maxParticipants: max, title: `Contract ${max}` }),
          );
          const mine = (await client.myGroupActivities()).activities.filter((a) => a.title === `Contract ${max}`);
          return {
            created: seen(created),
            participants: created.participants.map((p) => ({ isOrganizer: p.isOrganizer, isYou: p.isYou })),
            mine: mine.map(seen),
          };
        });
      });
    }

    it('refuses invalid input with the same fields, and the organizer cannot join or leave their own activity', async () => {
      await sameOnBoth(async (client) => {
        const invalid = await failure(
          client.createGroupActivity(activityInput({ title: '', maxParticipants: 7 as 6, date: daysAhead(-2) })),
        );
        const created = await client.createGroupActivity(activityInput());
        const join = await failure(client.joinGroupActivity(created.id));
        const leave = await failure(client.leaveGroupActivity(created.id));
        const unknown = await failure(client.groupActivity(`01J${'0'.repeat(23)}`));
        return { invalid, join, leave, unknown };
      });
    });

    it('an edit to fewer seats changes the status; one below the people taking part is refused', async () => {
      await sameOnBoth(async (client) => {
        const created = await client.createGroupActivity(activityInput({ maxParticipants: 4 }));
        const edited = await client.updateGroupActivity(created.id, activityInput({ maxParticipants: 2 }));
        const cancelled = await client.cancelGroupActivity(created.id);
        const joinCancelled = await failure(client.joinGroupActivity(created.id));
        return { edited: seen(edited), cancelled: seen(cancelled), joinCancelled };
      });
    });
  });

  describe('rides: seats and refusals', () => {
    const offer = {
      vehicle: { make: 'Subaru', model: 'Outback', year: 2021, color: 'Green' },
      seats: 3 as const,
      departureTime: '07:15',
      pickupLocations: ['Kits'],
      costPerPerson: 10,
      notes: '',
    };

    it("offers a ride with its seats available, refuses a second offer, a booking of one's own ride and a bad offer alike", async () => {
      await sameOnBoth(async (client) => {
        const activity = await client.createGroupActivity(activityInput());
        const invalid = await failure(client.offerRide(activity.id, { ...offer, seats: 0 as 1, pickupLocations: [] }));
        const rides = await client.offerRide(activity.id, offer);
        const mine = rides.offers.filter((o) => o.isMine);
        const again = await failure(client.offerRide(activity.id, offer));
        const book = await failure(client.bookRide(activity.id, mine[0]!.id));
        return {
          invalid,
          offers: mine.map((o) => ({
            seats: o.seats,
            availableSeats: o.availableSeats,
            passengers: o.passengers,
            bookedByMe: o.bookedByMe,
            departureDate: o.departureDate,
          })),
          again,
          book,
        };
      });
    });
  });

  describe('push on this device: demo mode is a server without a VAPID key', () => {
    it('offers no key, refuses a subscription alike, knows no device and removes one idempotently', async () => {
      const key = process.env.VAPID_PUBLIC_KEY;
      delete process.env.VAPID_PUBLIC_KEY;
      try {
        await sameOnBoth(async (client) => {
          const deviceId = 'A'.repeat(43);
          return {
            config: await client.pushConfig(),
            save: await failure(
              client.savePushDevice({
                endpoint: 'https://push.example.com/send/contract',
                keys: { p256dh: 'B'.repeat(87), auth: 'C'.repeat(22) },
                kinds: { messages: true, connectionRequests: false, activityChanges: false, reminders: false },
              }),
            ),
            device: await client.pushDevice(deviceId),
            removed: await client.removePushDevice(deviceId),
          };
        });
      } finally {
        if (key !== undefined) process.env.VAPID_PUBLIC_KEY = key;
      }
    });
  });

  describe('the plan: demo mode starts where a new member does', () => {
    it('is the free plan with no billing account, so the portal is refused', async () => {
      await sameOnBoth(async (client) => ({
        plan: await client.billing(),
        portal: await failure(client.openBillingPortal()),
      }));
    });
  });
});
