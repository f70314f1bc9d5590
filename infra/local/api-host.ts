import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RouteDefinition } from '../../functions/shared/routes';
import { TOO_MANY_REQUESTS } from '../constructs/edge-limits';
import { lambdaContext, matchPath, toApiGatewayEvent, type IncomingRequest } from './api-gateway-event';
import type { EdgeRateLimiter } from './edge-rate-limiter';
import type { AuthorizerResult } from './jwt-authorizer';

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

type LambdaHandler = (event: unknown, context: unknown) => Promise<APIGatewayProxyResultV2>;

/** A function's timeout unless its route declares one (infra/constructs/house-function.ts uses the same default). */
export const DEFAULT_ROUTE_TIMEOUT_SECONDS = 10;
/** API Gateway cuts every integration at 30 s, whatever the function's own timeout. */
export const GATEWAY_TIMEOUT_SECONDS = 30;

/** How long a route's handler may run here: its declared timeout (else the default), never past the gateway's ceiling. */
export function routeTimeoutMs(route: Pick<RouteDefinition, 'timeoutSeconds'>): number {
  return Math.min(route.timeoutSeconds ?? DEFAULT_ROUTE_TIMEOUT_SECONDS, GATEWAY_TIMEOUT_SECONDS) * 1000;
}

/**
 * Serves the route list the way API Gateway would: match method + path template, run the JWT
 * authorizer on non-public routes (401 `{"message":"Unauthorized"}` like API Gateway), then invoke
 * the same handler module the Lambda runs, with a payload-2.0 event.
 */
export function createApiHost(options: {
  routes: readonly RouteDefinition[];
  authorize: (authorization: string | undefined) => Promise<AuthorizerResult>;
  rootDir: string;
  /** Multiplies every timeout (tests shrink them); default 1. */
  timeScale?: number;
  /** The per-client limits WAF applies in front of /api/* on AWS (infra/constructs/edge-limits.ts); none if unset. */
  edgeRateLimiter?: EdgeRateLimiter;
  /** The limiter's clock (tests move it); default Date.now. */
  now?: () => number;
}): (request: IncomingRequest) => Promise<ApiResponse> {
  const timeScale = options.timeScale ?? 1;
  const handlers = new Map<string, Promise<LambdaHandler>>();
  const load = (route: RouteDefinition): Promise<LambdaHandler> => {
    let loaded = handlers.get(route.id);
    if (!loaded) {
      loaded = import(pathToFileURL(resolve(options.rootDir, route.entry)).href).then(
        (module: { handler?: LambdaHandler }) => {
          if (typeof module.handler !== 'function') throw new Error(`${route.entry} does not export a handler`);
          return module.handler;
        },
      );
      handlers.set(route.id, loaded);
    }
    return loaded;
  };

  const now = options.now ?? Date.now;

  return async (request) => {
    // WAF sits before API Gateway: it counts every request, even one no route matches.
    const verdict = options.edgeRateLimiter?.check(request.sourceIp, request.path, now());
    if (verdict?.limited)
      return {
        ...json(TOO_MANY_REQUESTS.status, TOO_MANY_REQUESTS.body),
        headers: { 'content-type': 'application/json', 'retry-after': String(verdict.retryAfterSeconds) },
      };
    const matched = findRoute(options.routes, request.method, request.path);
    if (!matched) return json(404, { message: 'Not Found' });
    const { route, params } = matched;

    let claims: AuthorizerResult | undefined;
    if (!route.public) {
      const authorization = request.headers.authorization;
      claims = await options.authorize(Array.isArray(authorization) ? authorization[0] : authorization);
      if (!claims.ok) return json(401, { message: 'Unauthorized' });
    }

    const handler = await load(route);
    const event = toApiGatewayEvent(request, route, params, claims?.ok ? claims.claims : undefined);
    const timeoutMs = routeTimeoutMs(route) * timeScale;
    // The function's own timeout (≤ the gateway's 30 s): Lambda stops it and API Gateway answers 500, as here.
    // Unlike Lambda, the work cannot be frozen in-process: it runs on unobserved, which is why long work is a job.
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const outcome = await Promise.race([handler(event, lambdaContext(route.id, timeoutMs)), timedOut]);
      if (outcome === 'timeout') {
        console.error(`[api] ${route.id} timed out after ${timeoutMs} ms`);
        return json(500, { message: 'Internal Server Error' });
      }
      return toResponse(outcome);
    } catch (error) {
      // An unhandled throw is what API Gateway reports as a 500 "Internal Server Error".
      console.error(`[api] ${route.id} threw`, error);
      return json(500, { message: 'Internal Server Error' });
    } finally {
      clearTimeout(timer);
    }
  };
}

function findRoute(
  routes: readonly RouteDefinition[],
  method: string,
  path: string,
): { route: RouteDefinition; params: Record<string, string> } | undefined {
  for (const route of routes) {
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return undefined;
}

function toResponse(result: APIGatewayProxyResultV2): ApiResponse {
  if (typeof result === 'string')
    return { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(result) };
  const structured = result as APIGatewayProxyStructuredResultV2;
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(structured.headers ?? {})) headers[key.toLowerCase()] = String(value);
  const body = structured.body ?? '';
  return {
    status: structured.statusCode ?? 200,
    headers,
    body: structured.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8'),
  };
}

function json(status: number, body: unknown): ApiResponse {
  return { status, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(body)) };
}
