import { ROUTES, type RouteDefinition } from '../../functions/shared/routes';

/**
 * Per-client request limits at the edge, one table for both AWS (WAF rate-based rules on the CloudFront
 * distribution, infra/constructs/edge-firewall.ts) and `npm start` (infra/local/edge-rate-limiter.ts).
 *
 * AWS WAF facts relied on (docs.aws.amazon.com/waf/latest/developerguide/waf-rule-statement-type-rate-based-high-level-settings.html,
 * read 2026-11-28): a rate-based rule counts the requests matching its scope-down statement per aggregation key (here
 * the client IP) over an evaluation window of 60, 120, 300 or 600 seconds, looking back from now; the lowest limit
 * allowed is 10; WAF checks the rate every few seconds, so a flood can run a little past the limit before it is
 * blocked, and it stays blocked while the window holds more than the limit.
 */
export const EDGE_RATE_WINDOW_SECONDS = 60;

/** How a rule picks the requests it counts: by path, exactly or by prefix. */
export interface PathMatch {
  kind: 'exact' | 'prefix';
  value: string;
}

export interface EdgeRateRule {
  /** WAF rule and metric name (letters, digits, hyphens). */
  name: string;
  /** Requests one client IP may send in EDGE_RATE_WINDOW_SECONDS before the rest are answered 429. */
  limitPerWindow: number;
  /** Counted requests: any of these paths, none of `unless`. */
  paths: readonly PathMatch[];
  unless: readonly PathMatch[];
}

/**
 * Webhooks are called by the provider's servers for every athlete at once: one IP is not one client there, so they
 * are never limited per IP (their route throttle in API Gateway bounds them instead).
 */
export const WEBHOOK_PREFIX: PathMatch = { kind: 'prefix', value: '/api/webhooks/' };

/** A route template as the paths it serves: `/api/trip-links/{token}` → every path under `/api/trip-links/`. */
export function pathMatchOf(route: Pick<RouteDefinition, 'path'>): PathMatch {
  const brace = route.path.indexOf('{');
  return brace === -1 ? { kind: 'exact', value: route.path } : { kind: 'prefix', value: route.path.slice(0, brace) };
}

/** The routes anyone may call without signing in, webhooks aside: trip links, unsubscribe, the Shortcut, health. */
export const PUBLIC_PER_IP_ROUTES: readonly RouteDefinition[] = ROUTES.filter(
  (route) => route.public && !matches(WEBHOOK_PREFIX, route.path),
);

function uniquePaths(matches: readonly PathMatch[]): PathMatch[] {
  const seen = new Map<string, PathMatch>();
  for (const match of matches) seen.set(`${match.kind}:${match.value}`, match);
  return [...seen.values()];
}

/**
 * Checked in this order; a request counts against every rule it matches until one blocks it.
 *
 * - `public-per-ip`: 30 requests a minute per IP on the public routes. A person opening a trip link or an unsubscribe
 *   page sends one or two; the Apple Shortcut posts once per run.
 * - `api-per-ip`: 300 requests a minute per IP on all of `/api/*` (5 a second on average, a tenth of the stage's
 *   50 rps): a busy person clicking through pages sends well under 100 a minute, and a flood from one address is
 *   stopped long before it can use up the stage limit everyone shares.
 */
export const EDGE_RATE_RULES: readonly EdgeRateRule[] = [
  {
    name: 'public-per-ip',
    limitPerWindow: 30,
    paths: uniquePaths(PUBLIC_PER_IP_ROUTES.map(pathMatchOf)),
    unless: [],
  },
  {
    name: 'api-per-ip',
    limitPerWindow: 300,
    paths: [{ kind: 'prefix', value: '/api/' }],
    unless: [WEBHOOK_PREFIX],
  },
];

/** API Gateway route throttles (all clients together) for the public routes, under the stage's 50 rps / 100 burst. */
export const PUBLIC_ROUTE_THROTTLE = { rateLimit: 10, burstLimit: 20 } as const;
export const WEBHOOK_ROUTE_THROTTLE = { rateLimit: 25, burstLimit: 50 } as const;

/** The throttle of each public route, by route key (`GET /api/trip-links/{token}`). */
export function publicRouteThrottles(
  routes: readonly RouteDefinition[] = ROUTES,
): Record<string, { rateLimit: number; burstLimit: number }> {
  return Object.fromEntries(
    routes
      .filter((route) => route.public)
      .map((route) => [
        `${route.method} ${route.path}`,
        matches(WEBHOOK_PREFIX, route.path) ? WEBHOOK_ROUTE_THROTTLE : PUBLIC_ROUTE_THROTTLE,
      ]),
  );
}

/** The body and status of an edge refusal, the same as API Gateway's own throttle answer. */
export const TOO_MANY_REQUESTS = { status: 429, body: { message: 'Too Many Requests' } } as const;

export function matches(match: PathMatch, path: string): boolean {
  return match.kind === 'exact' ? path === match.value : path.startsWith(match.value);
}

export function ruleCounts(rule: EdgeRateRule, path: string): boolean {
  return rule.paths.some((match) => matches(match, path)) && !rule.unless.some((match) => matches(match, path));
}

/**
 * Paths whose URL carries a secret token (the trip-link page and its API call, one-click unsubscribe). The WAF log
 * (the distribution's only request log) drops every record for them; query strings and the Authorization, Cookie and
 * Referer headers are redacted from all the others. A new link with a token in its path or query adds its path here.
 */
export const SECRET_URL_PATHS: readonly PathMatch[] = [
  { kind: 'prefix', value: '/trip-link/' },
  pathMatchOf({ path: '/api/trip-links/{token}' }),
  { kind: 'exact', value: '/api/email/unsubscribe' },
  { kind: 'prefix', value: '/trip-stop/' },
  pathMatchOf({ path: '/api/trip-contact-stops/{token}' }),
];
