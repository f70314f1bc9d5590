import {
  GroupActivityDetails,
  GroupActivityListResponse,
  NearbyActivitiesResponse,
  type GroupActivityInput,
  type NearbyArea,
} from '@shared/schemas/group-activities';
import {
  ActivityRidesResponse,
  MyRidesResponse,
  type OfferRideRequest,
  type RequestRideRequest,
} from '@shared/schemas/rides';
import type { ApiTransport } from '@/lib/api/transport';

export interface PageParams {
  cursor?: string;
  limit?: number;
}

/** Group activities and ride sharing. */
export interface GroupActivitiesApi {
  createGroupActivity(input: GroupActivityInput): Promise<GroupActivityDetails>;
  /** Upcoming activities in an area; without one, the caller's home area (the answer names it). */
  nearbyGroupActivities(params?: PageParams & { area?: NearbyArea }): Promise<NearbyActivitiesResponse>;
  /** The caller's upcoming activities, organised and joined. */
  myGroupActivities(params?: PageParams): Promise<GroupActivityListResponse>;
  groupActivity(activityId: string): Promise<GroupActivityDetails>;
  updateGroupActivity(activityId: string, input: GroupActivityInput): Promise<GroupActivityDetails>;
  cancelGroupActivity(activityId: string): Promise<GroupActivityDetails>;
  joinGroupActivity(activityId: string): Promise<GroupActivityDetails>;
  leaveGroupActivity(activityId: string): Promise<GroupActivityDetails>;
  /** The organizer removes a participant (their seat and ride bookings go; they cannot join again). */
  removeParticipant(activityId: string, userId: string): Promise<GroupActivityDetails>;
  /** Offers and requests of one activity (participants only). */
  activityRides(activityId: string): Promise<ActivityRidesResponse>;
  offerRide(activityId: string, input: OfferRideRequest): Promise<ActivityRidesResponse>;
  /** The driver cancels their ride; the passengers are told, with `reason` when one is given. */
  withdrawRide(activityId: string, rideId: string, reason?: string): Promise<ActivityRidesResponse>;
  bookRide(activityId: string, rideId: string): Promise<ActivityRidesResponse>;
  cancelRideBooking(activityId: string, rideId: string): Promise<ActivityRidesResponse>;
  requestRide(activityId: string, input: RequestRideRequest): Promise<ActivityRidesResponse>;
  withdrawRideRequest(activityId: string, requestId: string): Promise<ActivityRidesResponse>;
  offerRideToRequest(activityId: string, requestId: string): Promise<ActivityRidesResponse>;
  /** Rides of all the caller's upcoming activities (Find Rides, the transportation section). */
  myRides(): Promise<MyRidesResponse>;
}

function search(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function createGroupActivitiesHttpApi({ request }: ApiTransport): GroupActivitiesApi {
  const activity = (id: string) => `/group-activities/${encodeURIComponent(id)}`;
  const ride = (id: string, rideId: string) => `${activity(id)}/rides/${encodeURIComponent(rideId)}`;
  const rideRequest = (id: string, requestId: string) =>
    `${activity(id)}/ride-requests/${encodeURIComponent(requestId)}`;
  return {
    createGroupActivity: (body) =>
      request('/group-activities', GroupActivityDetails, { auth: true, method: 'POST', body }),
    nearbyGroupActivities: ({ area, cursor, limit } = {}) =>
      request(`/group-activities${search({ area, cursor, limit })}`, NearbyActivitiesResponse, { auth: true }),
    myGroupActivities: ({ cursor, limit } = {}) =>
      request(`/group-activities/mine${search({ cursor, limit })}`, GroupActivityListResponse, { auth: true }),
    groupActivity: (id) => request(activity(id), GroupActivityDetails, { auth: true }),
    updateGroupActivity: (id, body) => request(activity(id), GroupActivityDetails, { auth: true, method: 'PUT', body }),
    cancelGroupActivity: (id) =>
      request(`${activity(id)}/cancel`, GroupActivityDetails, { auth: true, method: 'POST' }),
    joinGroupActivity: (id) => request(`${activity(id)}/join`, GroupActivityDetails, { auth: true, method: 'POST' }),
    leaveGroupActivity: (id) => request(`${activity(id)}/leave`, GroupActivityDetails, { auth: true, method: 'POST' }),
    removeParticipant: (id, userId) =>
      request(`${activity(id)}/participants/${encodeURIComponent(userId)}`, GroupActivityDetails, {
        auth: true,
        method: 'DELETE',
      }),
    activityRides: (id) => request(`${activity(id)}/rides`, ActivityRidesResponse, { auth: true }),
    offerRide: (id, body) =>
      request(`${activity(id)}/rides`, ActivityRidesResponse, { auth: true, method: 'POST', body }),
    withdrawRide: (id, rideId, reason) =>
      request(ride(id, rideId), ActivityRidesResponse, {
        auth: true,
        method: 'DELETE',
        ...(reason ? { body: { reason } } : {}),
      }),
    bookRide: (id, rideId) =>
      request(`${ride(id, rideId)}/booking`, ActivityRidesResponse, { auth: true, method: 'POST' }),
    cancelRideBooking: (id, rideId) =>
      request(`${ride(id, rideId)}/booking`, ActivityRidesResponse, { auth: true, method: 'DELETE' }),
    requestRide: (id, body) =>
      request(`${activity(id)}/ride-requests`, ActivityRidesResponse, { auth: true, method: 'POST', body }),
    withdrawRideRequest: (id, requestId) =>
      request(rideRequest(id, requestId), ActivityRidesResponse, { auth: true, method: 'DELETE' }),
    offerRideToRequest: (id, requestId) =>
      request(`${rideRequest(id, requestId)}/offer`, ActivityRidesResponse, { auth: true, method: 'POST' }),
    myRides: () => request('/rides', MyRidesResponse, { auth: true }),
  };
}

declare module '@/lib/api-client' {
  /** This feature's part of the one API client (assembled in app/api-client.ts and app/demo-api-client.ts). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the part in
  interface ApiClient extends GroupActivitiesApi {}
}
