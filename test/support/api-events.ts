import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { dynamo } from '../../functions/lib/dynamo';
import { ROUTES, type RouteDefinition } from '../../functions/shared/routes';
import { guardTableAccess, withTableAccess } from '../../infra/local/table-access-guard';
import { lambdaContext, toApiGatewayEvent, type JwtClaims } from '../../infra/local/api-gateway-event';
import type { HttpHandler } from '../../functions/lib/http';

export interface CallOptions {
  method?: string;
  path?: string;
  query?: string;
  body?: string | object;
  headers?: Record<string, string>;
  claims?: JwtClaims;
  pathParameters?: Record<string, string>;
}

/** Invokes a handler the way API Gateway would, after its authorizer accepted `claims`. */
export async function invoke(
  handler: HttpHandler,
  route: Pick<RouteDefinition, 'id' | 'method' | 'path'>,
  options: CallOptions = {},
) {
  const body =
    options.body === undefined
      ? Buffer.alloc(0)
      : Buffer.from(typeof options.body === 'string' ? options.body : JSON.stringify(options.body));
  const event = toApiGatewayEvent(
    {
      method: options.method ?? route.method,
      path: options.path ?? route.path,
      rawQueryString: options.query ?? '',
      headers: { 'content-type': 'application/json', ...options.headers },
      body,
      sourceIp: '127.0.0.1',
    },
    { ...route, entry: '', public: !options.claims, access: {} },
    options.pathParameters ?? {},
    options.claims,
  );
  const result = (await handler(
    event as Parameters<HttpHandler>[0],
    lambdaContext(route.id),
  )) as APIGatewayProxyStructuredResultV2;
  return {
    status: result.statusCode ?? 200,
    headers: result.headers ?? {},
    json: result.body ? (JSON.parse(result.body) as unknown) : undefined,
    raw: result as APIGatewayProxyResultV2,
  };
}

/** An ID token's claims as API Gateway hands them over (strings), for a user whose email is verified. */
export function userClaims(sub: string, email = `${sub}@example.com`): JwtClaims {
  return { sub, email, email_verified: 'true', token_use: 'id', aud: 'test-client', iss: 'https://issuer.test/pool' };
}

const loadedHandlers = new Map<string, Promise<HttpHandler>>();

/** The route with this id in ROUTES (functions/shared/routes.ts); throws for an unknown id. */
export function routeById(id: string): RouteDefinition {
  const route = ROUTES.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`no route '${id}' in ROUTES`);
  return route;
}

/** The handler a route's `entry` exports, imported once per test file. */
export function handlerOf(route: RouteDefinition): Promise<HttpHandler> {
  let loaded = loadedHandlers.get(route.id);
  if (!loaded) {
    loaded = import(pathToFileURL(resolve(route.entry)).href).then(
      (module: { handler: HttpHandler }) => module.handler,
    );
    loadedHandlers.set(route.id, loaded);
  }
  return loaded;
}

/**
 * The one way tests call an HTTP route: by its id in ROUTES, with the handler its `entry` exports, as API
 * Gateway would. `{param}`s in the path are filled from `pathParameters` (else the
 * parameter's name) unless `path` is given.
 */
export async function callRoute(id: string, event: CallOptions = {}) {
  const route = routeById(id);
  const path =
    event.path ??
    route.path.replace(/\{(\w+)\}/g, (_placeholder, param: string) => event.pathParameters?.[param] ?? param);
  const handler = await handlerOf(route);
  // With the role the route has on AWS: a table action it did not declare is refused here, as IAM refuses it there.
  if (!guarded) guardTableAccess(dynamo());
  guarded = true;
  const refused: string[] = [];
  const answer = await withTableAccess(route, () => invoke(handler, route, { ...event, path }), refused);
  // A refusal the handler caught and went on from (a best-effort step) fails silently on AWS: fail loudly here.
  if (refused.length > 0 && answer.status < 500)
    throw new Error(
      `${route.id} answered ${answer.status}, but on AWS its role would have refused: ${refused.join('; ')}`,
    );
  return answer;
}
let guarded = false;
