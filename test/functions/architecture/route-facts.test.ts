import { describe, expect, it } from 'vitest';
import { routeFactsIn, routeFactsOf, routeFactsSetting, routeKeyOf } from '../../../functions/shared/route-facts';
import { ROUTES, tableAccessOf, type RouteDefinition } from '../../../functions/shared/routes';
import { callRoute } from '../../support/api-events';

/**
 * Whether a route is public and whether it only reads are stated once, in its entry of the route list; handlers state
 * neither (functions/lib/http.ts acts on RouteFacts, which the function's environment carries).
 */
const publicRoutes = ROUTES.filter((route) => route.public);
const signedInRoutes = ROUTES.filter((route) => !route.public);
const writes = (route: RouteDefinition) =>
  Object.values(route.access).some((declared) => tableAccessOf(declared).mode === 'write') ||
  Boolean(route.userPoolActions?.length);

describe('route facts (from the route list)', () => {
  it('a signed-in route reads only exactly when its declared access has no write and no Cognito admin action', () => {
    for (const route of signedInRoutes)
      expect(routeFactsOf(route), route.id).toEqual({ public: false, readsOnly: !writes(route) });
  });

  it('a public route (no caller, no account check) is never reads-only', () => {
    for (const route of publicRoutes) expect(routeFactsOf(route), route.id).toEqual({ public: true, readsOnly: false });
  });

  it('covers the list routes that must stay fast, and leaves out routes that write', () => {
    const readOnly = ROUTES.filter((route) => routeFactsOf(route).readsOnly).map((route) => route.id);
    expect(readOnly).toEqual(expect.arrayContaining(['get-activities', 'get-partners', 'get-notifications']));
    // GET /api/me creates the profile of a first-time caller; moderation actions disable users in Cognito.
    expect(readOnly).not.toContain('get-me');
    expect(readOnly).not.toContain('post-moderation-action');
  });

  it('carries every route under its own key, and refuses a key it does not hold', () => {
    const setting = routeFactsSetting(ROUTES);
    for (const route of ROUTES) expect(routeFactsIn(setting, routeKeyOf(route))).toEqual(routeFactsOf(route));
    expect(new Set(ROUTES.map(routeKeyOf)).size).toBe(ROUTES.length);
    expect(() => routeFactsIn(setting, 'GET /api/nowhere')).toThrow(/no entry/);
    expect(() => routeFactsIn(undefined, 'GET /api/health')).toThrow(/no entry/);
  });
});

describe('handlers act on their route list entry', () => {
  it.each(signedInRoutes.map((route) => [route.id] as const))('%s refuses a request without a caller', async (id) => {
    const response = await callRoute(id);
    expect(response.status).toBe(401);
    expect((response.json as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it('a public route answers without a caller', async () => {
    expect((await callRoute('get-health')).status).toBe(200);
  });
});
