import type { RouteDefinition } from './routes';

/**
 * What the handler factory (functions/lib/http.ts) acts on for a route, taken from the route's entry in the route
 * list (functions/shared/routes.ts) and nowhere else: handlers never state them.
 */
export interface RouteFacts {
  /** No caller and no account-status check: the route's `public` flag (API Gateway skips the authorizer too). */
  public: boolean;
  /**
   * A signed-in route whose declared access only reads (no table 'write', no Cognito admin action): the
   * account-status check runs beside its use case instead of before it.
   */
  readsOnly: boolean;
}

/**
 * `GET /api/activities`: how API Gateway names a route in the payload 2.0 event's `routeKey` (method, a space, the
 * path template; AWS API Gateway developer guide, "HTTP API Lambda integrations", read 2026-11-29), and how the
 * local host names it too (infra/local/api-gateway-event.ts).
 */
export function routeKeyOf(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export function routeFactsOf(route: Pick<RouteDefinition, 'public' | 'access' | 'userPoolActions'>): RouteFacts {
  const onlyReads =
    Object.values(route.access).every(
      (declared) => (typeof declared === 'string' ? declared : declared!.mode) === 'read',
    ) && !route.userPoolActions?.length;
  return { public: route.public, readsOnly: !route.public && onlyReads };
}

/**
 * The ROUTE_FACTS setting: the facts of the routes a function serves, by route key. The CDK gives each Lambda its
 * own route's; the local host and the tests give their one process every route's.
 */
export function routeFactsSetting(routes: readonly RouteDefinition[]): string {
  return JSON.stringify(Object.fromEntries(routes.map((route) => [routeKeyOf(route), routeFactsOf(route)])));
}

const parsed = new Map<string, Readonly<Record<string, RouteFacts>>>();

/** The facts `setting` holds for `routeKey`; throws when it holds none, so a route never runs on guessed facts. */
export function routeFactsIn(setting: string | undefined, routeKey: string): RouteFacts {
  let byKey = setting === undefined ? undefined : parsed.get(setting);
  if (setting !== undefined && !byKey) {
    byKey = JSON.parse(setting) as Record<string, RouteFacts>;
    parsed.set(setting, byKey);
  }
  const facts = byKey && Object.hasOwn(byKey, routeKey) ? byKey[routeKey] : undefined;
  if (!facts) throw new Error(`ROUTE_FACTS has no entry for the route '${routeKey}'`);
  return facts;
}
