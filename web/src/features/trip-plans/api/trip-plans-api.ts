import {
  SharedTripPlan,
  TripContactStopResult,
  TripContactStopView,
  type TripContactStop,
  TripPlan,
  TripPlanList,
  type TripCheckInRequest,
  type TripPlanInput,
} from '@shared/schemas/trip-plans';
import { EmailPreferences, UnsubscribeResponse, type EmailPreferencesUpdate } from '@shared/schemas/email';
import type { ApiTransport } from '@/lib/api/transport';

/** Trip plans and email choices. */
export interface TripPlansApi {
  /** Files a plan (for a group activity the caller is in, or solo); the contacts are emailed a link. */
  fileTripPlan(input: TripPlanInput, idempotencyKey?: string): Promise<TripPlan>;
  /** The plans the caller is in, newest first. */
  myTripPlans(): Promise<TripPlanList>;
  tripPlan(planId: string): Promise<TripPlan>;
  /** "We're back" (closes the plan) or "Running late" (once, with a reason); a retry with the same key is done once. */
  checkInTripPlan(planId: string, request: TripCheckInRequest, idempotencyKey?: string): Promise<TripPlan>;
  /** Public: the read-only plan behind an emergency contact's link. */
  sharedTripPlan(token: string): Promise<SharedTripPlan>;
  /** Public: who a contact email's stop link is about (changes nothing). */
  tripContactStop(token: string): Promise<TripContactStopView>;
  /** Public: the contact confirms "I don't know this person" (`sender`) or "Never email me" (`address`). */
  confirmTripContactStop(token: string, stop: TripContactStop): Promise<TripContactStopResult>;
  emailPreferences(): Promise<EmailPreferences>;
  updateEmailPreferences(update: EmailPreferencesUpdate): Promise<EmailPreferences>;
  /** Public: turns off the kind of email an unsubscribe link names (the link's token says whose and which). */
  unsubscribe(token: string): Promise<UnsubscribeResponse>;
}

export function createTripPlansHttpApi({ request }: ApiTransport): TripPlansApi {
  const plan = (id: string) => `/trip-plans/${encodeURIComponent(id)}`;
  return {
    fileTripPlan: (body, idempotencyKey) =>
      request('/trip-plans', TripPlan, { auth: true, method: 'POST', body, idempotencyKey }),
    myTripPlans: () => request('/trip-plans', TripPlanList, { auth: true }),
    tripPlan: (id) => request(plan(id), TripPlan, { auth: true }),
    checkInTripPlan: (id, body, idempotencyKey) =>
      request(`${plan(id)}/check-ins`, TripPlan, { auth: true, method: 'POST', body, idempotencyKey }),
    sharedTripPlan: (token) => request(`/trip-links/${encodeURIComponent(token)}`, SharedTripPlan, { auth: false }),
    tripContactStop: (token) =>
      request(`/trip-contact-stops/${encodeURIComponent(token)}`, TripContactStopView, { auth: false }),
    confirmTripContactStop: (token, stop) =>
      request(`/trip-contact-stops/${encodeURIComponent(token)}`, TripContactStopResult, {
        auth: false,
        method: 'POST',
        body: { stop },
      }),
    emailPreferences: () => request('/email-preferences', EmailPreferences, { auth: true }),
    updateEmailPreferences: (body) =>
      request('/email-preferences', EmailPreferences, { auth: true, method: 'PUT', body }),
    unsubscribe: (token) =>
      request(`/email/unsubscribe?token=${encodeURIComponent(token)}`, UnsubscribeResponse, {
        auth: false,
        method: 'POST',
      }),
  };
}

declare module '@/lib/api-client' {
  /** This feature's part of the one API client (assembled in app/api-client.ts and app/demo-api-client.ts). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the part in
  interface ApiClient extends TripPlansApi {}
}
