import { DEFAULT_EMAIL_PREFERENCES, EmailPreferencesUpdate, type EmailPreferences } from '@shared/schemas/email';
import {
  MAX_RETURN_MOVES,
  TRIP_FIELD_MESSAGES,
  TripCheckInRequest,
  TripPlanInput,
  tripTimingIssues,
  type SharedTripPlan,
  type TripPlan,
} from '@shared/schemas/trip-plans';
import { planStartInstant } from '@shared/schemas/group-activities-plain';
import { ApiError, validationFailed } from '@/lib/api/api-error';
import type { DemoContext } from '@/lib/demo/demo-context';
import { DEMO_USER } from '@/lib/demo/demo-user';
import type { TripPlansApi } from '../api/trip-plans-api';
import { asShared } from '../utils/format';

/** The demo visitor's trip plans and email choices last as long as demo mode itself (tab storage). */
const DEMO_TRIPS_STORAGE_KEY = 'trailbuddy.demo.trip-plans';
const DEMO_EMAIL_STORAGE_KEY = 'trailbuddy.demo.email-preferences';
/** The sample plan's contact link token (43 base64url characters, like the server's). */
export const DEMO_TRIP_LINK_TOKEN = 'demo-trip-link-0000000000000000000000000000';
/** The sample contact email's stop link token. */
export const DEMO_TRIP_STOP_TOKEN = 'demo-trip-stop-0000000000000000000000000000';
export const DEMO_TRIP_PLAN_ID = '01JDEMOTR1PPLAN000000000000'.slice(0, 26);

/** The visitor's own calendar date (YYYY-MM-DD), not the UTC one: an evening in Vancouver is already tomorrow in UTC. */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A sample plan filed this morning for a hike that ends this evening, so the check-in buttons have work to do. */
export function demoTripPlan(now: Date): TripPlan {
  const today = localDate(now);
  const filed = new Date(now.getTime() - 2 * 60 * 60 * 1000).toISOString();
  return withInstants({
    id: DEMO_TRIP_PLAN_ID,
    ownerId: DEMO_USER.id,
    activityId: null,
    trailhead: 'Grouse Grind trailhead',
    route: 'Grouse Grind up, BCMC trail down. Back at the car park by evening.',
    area: 'North Shore Mountains',
    startDate: today,
    startTime: '08:00',
    returnDate: today,
    returnTime: '23:30',
    timeZone: 'America/Vancouver',
    graceMinutes: 60,
    vehicle: 'Blue Subaru Outback, BC plate AB1 23C',
    essentials: ['flashlight', 'extra_food_and_water', 'extra_clothing', 'navigation', 'first_aid_kit'],
    contacts: [{ name: 'Sam Rivera', email: 'sam@example.com' }],
    party: [
      { userId: DEMO_USER.id, name: DEMO_USER.name },
      { userId: 'demo-partner-jordan', name: 'Jordan Lee' },
    ],
    status: 'open',
    lateReason: null,
    returnMoves: 0,
    lastCheckIn: { at: filed, by: DEMO_USER.id, kind: 'filed' },
    overdueAlertsSent: 0,
    closedAt: null,
    createdAt: filed,
  });
}

/** The plan with its start and return as instants, as the server sends them (here from the browser's zone data). */
function withInstants(plan: Omit<TripPlan, 'startsAt' | 'returnsAt'>): TripPlan {
  return {
    ...plan,
    startsAt: planStartInstant(plan.startDate, plan.startTime).toISOString(),
    returnsAt: planStartInstant(plan.returnDate, plan.returnTime).toISOString(),
  };
}

/** The trip-plan API in demo mode: the sample plan plus any the visitor files, validated like the server does. */
export function createTripPlansDemoApi({ now, storage }: DemoContext): TripPlansApi {
  function read<T>(key: string, fallback: () => T): T {
    try {
      const stored = storage.getItem(key);
      return stored ? (JSON.parse(stored) as T) : fallback();
    } catch {
      return fallback();
    }
  }
  function write(key: string, value: unknown) {
    try {
      storage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage can be disabled (private mode); the change then lasts until the page reloads.
    }
  }
  const plans = () => read<TripPlan[]>(DEMO_TRIPS_STORAGE_KEY, () => [demoTripPlan(now())]);
  const find = (planId: string) => {
    const plan = plans().find((p) => p.id === planId);
    if (!plan) throw new ApiError(404, 'not_found', 'No such trip plan.');
    return plan;
  };
  const save = (changed: Omit<TripPlan, 'startsAt' | 'returnsAt'>) => {
    const plan = withInstants(changed);
    write(DEMO_TRIPS_STORAGE_KEY, [plan, ...plans().filter((p) => p.id !== plan.id)]);
    return plan;
  };

  return {
    fileTripPlan: async (raw) => {
      const parsed = TripPlanInput.safeParse(raw);
      if (!parsed.success) throw validationFailed(parsed.error);
      const timing = tripTimingIssues(parsed.data, now());
      if (timing.startDate) throw new ApiError(400, 'trip_plan_invalid', timing.startDate, timing);
      const at = now().toISOString();
      const id = `01DEMO${now().getTime().toString(36).toUpperCase()}`.padEnd(26, '0').slice(0, 26);
      return save({
        ...parsed.data,
        id,
        ownerId: DEMO_USER.id,
        timeZone: 'America/Vancouver',
        party: [{ userId: DEMO_USER.id, name: DEMO_USER.name }],
        status: 'open',
        lateReason: null,
        returnMoves: 0,
        lastCheckIn: { at, by: DEMO_USER.id, kind: 'filed' },
        overdueAlertsSent: 0,
        closedAt: null,
        createdAt: at,
      });
    },
    myTripPlans: async () => ({ plans: plans() }),
    tripPlan: async (planId) => find(planId),
    checkInTripPlan: async (planId, raw) => {
      const parsed = TripCheckInRequest.safeParse(raw);
      if (!parsed.success) throw validationFailed(parsed.error);
      const plan = find(planId);
      if (plan.status !== 'open') throw new ApiError(409, 'trip_plan_closed', 'This trip plan is already closed.');
      const at = now().toISOString();
      const request = parsed.data;
      if (request.kind === 'back') {
        return save({ ...plan, status: 'closed', closedAt: at, lastCheckIn: { at, by: DEMO_USER.id, kind: 'back' } });
      }
      if (plan.returnMoves >= MAX_RETURN_MOVES)
        throw new ApiError(409, 'already_late', TRIP_FIELD_MESSAGES.noMoreMoves);
      if (`${request.returnDate}T${request.returnTime}` <= `${plan.returnDate}T${plan.returnTime}`)
        throw new ApiError(400, 'validation_failed', 'The new return must be later than the planned return.', {
          returnTime: 'Choose a later time.',
        });
      return save({
        ...plan,
        returnDate: request.returnDate,
        returnTime: request.returnTime,
        lateReason: request.reason,
        returnMoves: plan.returnMoves + 1,
        overdueAlertsSent: 0,
        lastCheckIn: { at, by: DEMO_USER.id, kind: 'late' },
      });
    },
    sharedTripPlan: async (token): Promise<SharedTripPlan> => {
      const plan = token === DEMO_TRIP_LINK_TOKEN ? plans().find((p) => p.id === DEMO_TRIP_PLAN_ID) : undefined;
      if (!plan) throw new ApiError(404, 'not_found', 'This trip plan link is not valid.');
      return asShared(plan);
    },
    tripContactStop: async (token) => {
      if (token !== DEMO_TRIP_STOP_TOKEN) throw new ApiError(404, 'not_found', 'This link is not valid any more.');
      return { senderName: DEMO_USER.name };
    },
    confirmTripContactStop: async (token, stop) => {
      if (token !== DEMO_TRIP_STOP_TOKEN) throw new ApiError(404, 'not_found', 'This link is not valid any more.');
      return { stopped: stop, senderName: DEMO_USER.name };
    },
    emailPreferences: async () => read<EmailPreferences>(DEMO_EMAIL_STORAGE_KEY, () => DEFAULT_EMAIL_PREFERENCES),
    unsubscribe: async () => {
      throw new ApiError(404, 'not_found', 'Demo mode sends no email, so it has no unsubscribe links.');
    },
    updateEmailPreferences: async (raw) => {
      const parsed = EmailPreferencesUpdate.safeParse(raw);
      if (!parsed.success) throw validationFailed(parsed.error);
      const next = {
        ...read<EmailPreferences>(DEMO_EMAIL_STORAGE_KEY, () => DEFAULT_EMAIL_PREFERENCES),
        ...parsed.data,
      };
      write(DEMO_EMAIL_STORAGE_KEY, next);
      return next;
    },
  };
}
