/**
 * The realtime channel's WebSocket routes (API Gateway WebSocket API on AWS; the local API host serves the same
 * handlers). Route selection is `$request.body.action`; a tab's heartbeat is `{"action":"ping"}`, answered `pong`.
 */
export const LIVE_ROUTES = {
  $connect: 'functions/handlers/live/connect.ts',
  $disconnect: 'functions/handlers/live/disconnect.ts',
  ping: 'functions/handlers/live/ping.ts',
} as const;
export type LiveRouteKey = keyof typeof LIVE_ROUTES;

/** The $connect authorizer (AWS only: locally the host checks the token with its JWT authorizer, as for HTTP). */
export const LIVE_AUTHORIZER_ENTRY = 'functions/handlers/live/authorize.ts';

/** The query parameter that carries the ID token: browsers cannot set headers on a WebSocket handshake. */
export const LIVE_TOKEN_PARAMETER = 'token';

/**
 * The functions that push events (they get the management endpoint and its grant; any other function's
 * publishLiveEvent does nothing). Every route that notifies someone is here: a notification pushes the bell's news
 * (functions/usecases/email.ts, notifyWithEmail), and a route left out would reach the bell only on its next poll.
 * The handler tests refuse a route's live read it has no grant for (infra/local/table-access-guard.ts), so a
 * notifying route missing here fails them.
 */
export const LIVE_PUBLISHING_ROUTES = [
  'post-conversation-message',
  'post-partner-connect',
  'post-partner-accept',
  'post-partner-decline',
  'post-partner-block',
  'put-group-activity',
  'post-cancel-group-activity',
  'post-join-group-activity',
  'post-leave-group-activity',
  'delete-group-activity-participant',
  'delete-ride-offer',
  'post-ride-booking',
  'delete-ride-booking',
  'post-ride-request-offer',
  'delete-me',
] as const;

/** The scheduled jobs that notify people (reminders), with the same grant. */
export const LIVE_PUBLISHING_JOBS = ['activity-reminders'] as const;
