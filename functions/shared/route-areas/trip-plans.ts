import type { RouteDefinition, ScheduledJobDefinition } from '../routes';

/**
 * Trip plans, and what reaches people outside the app: email and Web Push. Plans, links, the outbox and suppression live in the social table; names,
 * addresses and email choices are read from users. Nothing here calls SES: the `email-outbox` job does.
 */
const TRIPS = 'functions/handlers/trip-plans';
const EMAIL = 'functions/handlers/email';
/** Web Push: devices live in users, pushes waiting to go out in social; only the `push-outbox` job signs and sends. */
const PUSH = 'functions/handlers/push';

export const TRIP_PLAN_ROUTES: readonly RouteDefinition[] = [
  {
    id: 'post-trip-plan',
    method: 'POST',
    path: '/api/trip-plans',
    entry: `${TRIPS}/post-trip-plan.ts`,
    public: false,
    access: { social: { mode: 'write', indexes: ['gsi1'] }, users: 'write' },
  },
  {
    id: 'get-trip-plans',
    method: 'GET',
    path: '/api/trip-plans',
    entry: `${TRIPS}/get-trip-plans.ts`,
    public: false,
    access: { social: { mode: 'read', indexes: ['gsi1'] }, users: 'read' },
  },
  {
    id: 'get-trip-plan',
    method: 'GET',
    path: '/api/trip-plans/{planId}',
    entry: `${TRIPS}/get-trip-plan.ts`,
    public: false,
    access: { social: { mode: 'read', indexes: ['gsi1'] }, users: 'read' },
  },
  {
    id: 'post-trip-check-in',
    method: 'POST',
    path: '/api/trip-plans/{planId}/check-ins',
    entry: `${TRIPS}/post-trip-check-in.ts`,
    public: false,
    access: { social: { mode: 'write', indexes: ['gsi1'] }, users: 'write' },
  },
  {
    id: 'get-trip-link',
    method: 'GET',
    path: '/api/trip-links/{token}',
    entry: `${TRIPS}/get-trip-link.ts`,
    public: true,
    access: { social: { mode: 'read', indexes: ['gsi1'] }, users: 'read' },
  },
  {
    id: 'get-trip-contact-stop',
    method: 'GET',
    path: '/api/trip-contact-stops/{token}',
    entry: `${TRIPS}/get-trip-contact-stop.ts`,
    public: true,
    access: { social: 'read', users: 'read' },
  },
  {
    id: 'post-trip-contact-stop',
    method: 'POST',
    path: '/api/trip-contact-stops/{token}',
    entry: `${TRIPS}/post-trip-contact-stop.ts`,
    public: true,
    access: { social: 'write', users: 'read' },
  },
  {
    id: 'get-email-preferences',
    method: 'GET',
    path: '/api/email-preferences',
    entry: `${EMAIL}/get-email-preferences.ts`,
    public: false,
    access: { social: { mode: 'read', indexes: ['gsi1'] }, users: 'read' },
  },
  {
    id: 'put-email-preferences',
    method: 'PUT',
    path: '/api/email-preferences',
    entry: `${EMAIL}/put-email-preferences.ts`,
    public: false,
    access: { social: { mode: 'write', indexes: ['gsi1'] }, users: 'write' },
  },
  {
    id: 'get-email-unsubscribe',
    method: 'GET',
    path: '/api/email/unsubscribe',
    entry: `${EMAIL}/get-unsubscribe.ts`,
    public: true,
    access: {},
  },
  {
    id: 'post-email-unsubscribe',
    method: 'POST',
    path: '/api/email/unsubscribe',
    entry: `${EMAIL}/post-unsubscribe.ts`,
    public: true,
    access: { social: { mode: 'write', indexes: ['gsi1'] }, users: 'write' },
  },
  {
    id: 'get-push-config',
    method: 'GET',
    path: '/api/push/config',
    entry: `${PUSH}/get-config.ts`,
    public: false,
    access: {},
  },
  {
    id: 'put-push-subscription',
    method: 'PUT',
    path: '/api/push/subscriptions',
    entry: `${PUSH}/put-subscription.ts`,
    public: false,
    access: { users: 'write' },
  },
  {
    id: 'get-push-subscription',
    method: 'GET',
    path: '/api/push/subscriptions/{deviceId}',
    entry: `${PUSH}/get-subscription.ts`,
    public: false,
    access: { users: 'read' },
  },
  {
    id: 'delete-push-subscription',
    method: 'DELETE',
    path: '/api/push/subscriptions/{deviceId}',
    entry: `${PUSH}/delete-subscription.ts`,
    public: false,
    access: { users: 'write' },
  },
];

export const TRIP_PLAN_SCHEDULED_JOBS: readonly ScheduledJobDefinition[] = [
  {
    id: 'trip-plans',
    entry: `${TRIPS}/schedule-job.ts`,
    schedule: 'rate(5 minutes)',
    access: { social: { mode: 'write', indexes: ['gsi1'] }, users: 'write' },
  },
  {
    id: 'message-digest',
    entry: `${EMAIL}/digest-job.ts`,
    schedule: 'rate(1 day)',
    access: { social: 'write', users: { mode: 'write', indexes: ['gsi1'] } },
  },
  {
    id: 'email-outbox',
    entry: `${EMAIL}/outbox-job.ts`,
    schedule: 'rate(1 minute)',
    access: { social: { mode: 'write', indexes: ['gsi1'] }, users: 'write' },
  },
  {
    id: 'push-outbox',
    entry: `${PUSH}/outbox-job.ts`,
    schedule: 'rate(1 minute)',
    access: { social: { mode: 'write', indexes: ['gsi1'] }, users: 'write' },
    secrets: ['vapidPrivateKey'],
  },
];
