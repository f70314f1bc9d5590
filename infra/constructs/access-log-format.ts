import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';

type ApiKind = 'http' | 'websocket';

/**
 * Every field an API Gateway stage of ours logs, in the order it is written, with the `$context` variable it holds
 * and the kinds of API that log it: a WebSocket stage logs events (CONNECT, MESSAGE, DISCONNECT) on a connection, an
 * HTTP stage requests with a response of their own. Nothing that can carry a secret: no query strings (OAuth codes,
 * the WebSocket handshake's ID token), headers or bodies.
 */
const ACCESS_LOG_FIELDS: readonly (readonly [field: string, variable: string, kinds: readonly ApiKind[]])[] = [
  ['requestId', '$context.requestId', ['http', 'websocket']],
  ['requestTime', '$context.requestTime', ['http', 'websocket']],
  ['ip', '$context.identity.sourceIp', ['http', 'websocket']],
  ['routeKey', '$context.routeKey', ['http', 'websocket']],
  ['eventType', '$context.eventType', ['websocket']],
  ['status', '$context.status', ['http', 'websocket']],
  ['connectionId', '$context.connectionId', ['websocket']],
  ['responseLength', '$context.responseLength', ['http']],
  ['latencyMs', '$context.responseLatency', ['http']],
  ['integrationError', '$context.integrationErrorMessage', ['http', 'websocket']],
  ['authorizerError', '$context.authorizer.error', ['http', 'websocket']],
];

/** The JSON access log line of a stage of this kind of API. */
export function jsonAccessLogFormat(kind: ApiKind): AccessLogFormat {
  return AccessLogFormat.custom(
    JSON.stringify(
      Object.fromEntries(
        ACCESS_LOG_FIELDS.filter(([, , kinds]) => kinds.includes(kind)).map(([field, variable]) => [field, variable]),
      ),
    ),
  );
}
