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
 * publishLiveEvent does nothing, and its tabs learn of the change by the poll that stands in for the channel).
 */
export const LIVE_PUBLISHING_ROUTES = [
  'post-conversation-message',
  'post-join-group-activity',
  'post-leave-group-activity',
  'post-ride-booking',
  'delete-ride-booking',
  'post-partner-accept',
] as const;
