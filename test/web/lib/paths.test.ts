import { describe, expect, it } from 'vitest';
import { paths, ROUTE_TABLE } from '@/lib/paths';

// Spec core-app §2, "Screens and routes", transcribed.
const SPEC_ROUTES = [
  ['/', 'public'],
  ['/features', 'public'],
  ['/about', 'public'],
  ['/login', 'public'],
  ['/dashboard', 'protected'],
  ['/profile', 'protected'],
  ['/find-partners', 'protected'],
  ['/plan-activity', 'protected'],
  ['/analysis', 'protected'],
  ['/auth/strava/callback', 'protected'],
  ['/auth/health/callback', 'protected'],
  ['/health-connect-callback', 'protected'],
  ['/apple-health-callback', 'protected'],
  ['/terms', 'public'],
] as const;

// Screens the spec left as mocks and we made real (design §1): details, partner profiles, messages, notifications.
const ADDED_ROUTES = [
  ['/plan-activity/:activityId', 'protected'],
  ['/find-partners/:userId', 'protected'],
  ['/messages', 'protected'],
  ['/notifications', 'protected'],
  ['/moderation', 'protected'], // The moderators' queue (the server checks the group)
  ['/trip-plans', 'protected'], // My trip plans
  ['/trip-plans/new', 'protected'],
  ['/trip-plans/:planId', 'protected'],
  ['/trip-link', 'public'], // an emergency contact's link (token in the fragment): no sign-in
  ['/trip-link/:token', 'public'], // the same, as mailed before the token moved to the fragment
  ['/unsubscribe', 'public'], // an email's Unsubscribe link: asks, then unsubscribes without sign-in
  ['/trip-stop/:token', 'public'], // a contact email's stop links: no sign-in
  ['/profile/files', 'protected'], // history from files read on the device
  ['/profile/billing', 'protected'], // the plan, buying Premium, the billing portal; Checkout returns here
  ['/support', 'protected'], // contact support; Premium members' requests are answered first
] as const;

describe('route table', () => {
  it.each([...SPEC_ROUTES, ...ADDED_ROUTES])('has %s as a %s route', (path, access) => {
    const entry = ROUTE_TABLE.find((route) => route.path === path);
    expect(entry?.access).toBe(access);
  });

  it('has no route beyond the spec and the screens added to it, and no path twice', () => {
    const tablePaths = ROUTE_TABLE.map((route) => route.path);
    expect(new Set(tablePaths).size).toBe(tablePaths.length);
    expect([...tablePaths].sort()).toEqual([...SPEC_ROUTES, ...ADDED_ROUTES].map(([path]) => path).sort());
  });

  it('serves the landing page for /, /features and /about, and one health callback screen for three paths', () => {
    const pageOf = (path: string) => ROUTE_TABLE.find((route) => route.path === path)?.page;
    expect(['/', '/features', '/about'].map(pageOf)).toEqual(['landing', 'landing', 'landing']);
    expect(['/auth/health/callback', '/health-connect-callback', '/apple-health-callback'].map(pageOf)).toEqual([
      'healthCallback',
      'healthCallback',
      'healthCallback',
    ]);
  });

  it('marks only /login as guest-only', () => {
    expect(ROUTE_TABLE.filter((route) => route.guestOnly).map((route) => route.path)).toEqual(['/login']);
  });

  it('names every path of the table in `paths`', () => {
    expect(Object.values(paths).sort()).toEqual(ROUTE_TABLE.map((route) => route.path).sort());
  });
});
