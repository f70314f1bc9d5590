import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { RouteDefinition } from '../../functions/shared/routes';

export type JwtClaims = Record<string, string | number | boolean | string[]>;

export interface IncomingRequest {
  method: string;
  /** Path without the query string, e.g. /api/health. */
  path: string;
  rawQueryString: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  sourceIp: string;
}

/** Builds the event API Gateway HTTP API (payload format 2.0) hands a Lambda for a matched route. */
export function toApiGatewayEvent(
  request: IncomingRequest,
  route: RouteDefinition,
  pathParameters: Record<string, string>,
  claims: JwtClaims | undefined,
  now: Date = new Date(),
): APIGatewayProxyEventV2 & {
  requestContext: { authorizer?: { jwt: { claims: JwtClaims; scopes: string[] | null } } };
} {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    if (key === 'cookie') cookies.push(...String(value).split(/;\s*/));
    else headers[key] = Array.isArray(value) ? value.join(',') : value;
  }
  const query = new URLSearchParams(request.rawQueryString);
  const queryStringParameters: Record<string, string> = {};
  for (const key of new Set(query.keys())) queryStringParameters[key] = query.getAll(key).join(',');
  const isText = /^(application\/(json|x-www-form-urlencoded)|text\/)/.test(
    headers['content-type'] ?? 'application/json',
  );
  const routeKey = `${route.method} ${route.path}`;

  return {
    version: '2.0',
    routeKey,
    rawPath: request.path,
    rawQueryString: request.rawQueryString,
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(Object.keys(queryStringParameters).length ? { queryStringParameters } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: request.method,
        path: request.path,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
    },
    ...(request.body.length ? { body: isText ? request.body.toString('utf8') : request.body.toString('base64') } : {}),
    isBase64Encoded: request.body.length > 0 && !isText,
  };
}

/** A Lambda context good enough for Powertools and the handlers. */
export function lambdaContext(functionName: string, timeoutMs = 10_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Matches `/api/things/{id}` style templates; returns the path parameters or undefined. */
export function matchPath(template: string, path: string): Record<string, string> | undefined {
  const templateParts = template.split('/');
  const pathParts = path.split('/');
  if (templateParts.length !== pathParts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < templateParts.length; i++) {
    const expected = templateParts[i]!;
    const actual = pathParts[i]!;
    const param = /^\{(\w+)\}$/.exec(expected)?.[1];
    if (param) {
      if (actual === '') return undefined;
      try {
        params[param] = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
    } else if (expected !== actual) return undefined;
  }
  return params;
}
