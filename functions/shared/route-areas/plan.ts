import type { RouteDefinition, ScheduledJobDefinition } from '../routes';

/** Group activities and ride sharing (issue 6). Notifications are written to the social table; names are read from users. */
const GA = 'functions/handlers/group-activities';
const RIDES = 'functions/handlers/rides';
const tables = ['social', 'users'] as const;

export const PLAN_ROUTES: readonly RouteDefinition[] = [
  { id: 'post-group-activity', method: 'POST', path: '/api/group-activities', entry: `${GA}/post-group-activity.ts`, public: false, tables, access: { social: 'write', users: 'read' } },
  { id: 'get-group-activities', method: 'GET', path: '/api/group-activities', entry: `${GA}/get-group-activities.ts`, public: false, tables, access: { social: { mode: 'read', indexes: ['gsi1'] }, users: 'read' } },
  // Before /{activityId}: the local host matches in list order (API Gateway prefers the literal path anyway).
  { id: 'get-my-group-activities', method: 'GET', path: '/api/group-activities/mine', entry: `${GA}/get-my-group-activities.ts`, public: false, tables, access: { social: { mode: 'read', indexes: ['gsi1'] }, users: 'read' } },
  { id: 'get-group-activity', method: 'GET', path: '/api/group-activities/{activityId}', entry: `${GA}/get-group-activity.ts`, public: false, tables, access: { social: 'read', users: 'read' } },
  { id: 'put-group-activity', method: 'PUT', path: '/api/group-activities/{activityId}', entry: `${GA}/put-group-activity.ts`, public: false, tables, access: { social: 'write', users: 'read' } },
  { id: 'post-cancel-group-activity', method: 'POST', path: '/api/group-activities/{activityId}/cancel', entry: `${GA}/post-cancel-group-activity.ts`, public: false, tables, access: { social: 'write', users: 'read' } },
  { id: 'post-join-group-activity', method: 'POST', path: '/api/group-activities/{activityId}/join', entry: `${GA}/post-join-group-activity.ts`, public: false, tables, access: { social: 'write', users: 'read' } },
  { id: 'post-leave-group-activity', method: 'POST', path: '/api/group-activities/{activityId}/leave', entry: `${GA}/post-leave-group-activity.ts`, public: false, tables, access: { social: 'write', users: 'read' } },
  { id: 'delete-group-activity-participant', method: 'DELETE', path: '/api/group-activities/{activityId}/participants/{userId}', entry: `${GA}/delete-group-activity-participant.ts`, public: false, tables, access: { social: 'write', users: 'read' } },
  { id: 'get-activity-rides', method: 'GET', path: '/api/group-activities/{activityId}/rides', entry: `${RIDES}/get-activity-rides.ts`, public: false, tables, access: { social: 'read', users: 'read' } },
  { id: 'post-ride-offer', method: 'POST', path: '/api/group-activities/{activityId}/rides', entry: `${RIDES}/post-ride-offer.ts`, public: false, tables, access: { social: 'write', users: 'read' } },
  { id: 'delete-ride-offer', method: 'DELETE', path: '/api/group-activities/{activityId}/rides/{rideId}', entry: `${RIDES}/delete-ride-offer.ts`, public: false, tables, access: { social: 'write', users: 'read' } },
  { id: 'post-ride-booking', method: 'POST', path: '/api/group-activities/{activityId}/rides/{rideId}/booking', entry: `${RIDES}/post-ride-booking.ts`, public: false, tables, access: { social: 'write', users: 'read' } },
  { id: 'delete-ride-booking', method: 'DELETE', path: '/api/group-activities/{activityId}/rides/{rideId}/booking', entry: `${RIDES}/delete-ride-booking.ts`, public: false, tables, access: { social: 'write', users: 'read' } },
  { id: 'post-ride-request', method: 'POST', path: '/api/group-activities/{activityId}/ride-requests', entry: `${RIDES}/post-ride-request.ts`, public: false, tables, access: { social: 'write', users: 'read' } },
  { id: 'delete-ride-request', method: 'DELETE', path: '/api/group-activities/{activityId}/ride-requests/{requestId}', entry: `${RIDES}/delete-ride-request.ts`, public: false, tables, access: { social: 'write', users: 'read' } },
  { id: 'post-ride-request-offer', method: 'POST', path: '/api/group-activities/{activityId}/ride-requests/{requestId}/offer', entry: `${RIDES}/post-ride-request-offer.ts`, public: false, tables, access: { social: 'write', users: 'read' } },
  { id: 'get-my-rides', method: 'GET', path: '/api/rides', entry: `${RIDES}/get-my-rides.ts`, public: false, tables, access: { social: { mode: 'read', indexes: ['gsi1'] }, users: 'read' } },
];

export const PLAN_SCHEDULED_JOBS: readonly ScheduledJobDefinition[] = [
  { id: 'activity-reminders', entry: 'functions/handlers/reminders/send-reminders.ts', schedule: 'rate(15 minutes)', tables, access: { social: { mode: 'write', indexes: ['gsi1'] }, users: 'read' } },
];
