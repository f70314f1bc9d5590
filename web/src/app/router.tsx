import { lazy as reactLazy, useState, type ComponentType, type LazyExoticComponent } from 'react';
import {
  createBrowserRouter,
  matchPath,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  type RouteObject,
} from 'react-router-dom';
import { RouteError } from '@/components/errors/route-error';
import { AppLayout } from '@/components/layout/app-layout';
import { ROUTE_TABLE, type PageId, type RouteEntry } from './paths';
import { DemoFromUrl, GuestOnlyRoute, ProtectedRoute } from './route-guards';

/** How each lazy screen loads its chunk, so the app can start that load before the router renders it. */
const screenLoaders = new Map<unknown, () => Promise<unknown>>();

function lazy<T extends ComponentType>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  const screen = reactLazy(load);
  screenLoaders.set(screen, load);
  return screen;
}

/** Each screen is its own chunk, so the landing and login pages load only what they need. */
const pages: Record<PageId, LazyExoticComponent<ComponentType>> = {
  landing: lazy(() => import('@/features/landing/routes/landing-page')),
  login: lazy(() => import('@/features/auth/routes/login-page')),
  dashboard: lazy(() => import('@/features/dashboard/routes/dashboard-page')),
  profile: lazy(() => import('@/features/profile/routes/profile-page')),
  findPartners: lazy(() => import('@/features/partners/routes/find-partners-page')),
  planActivity: lazy(() => import('@/features/plan/routes/plan-activity-page')),
  activityDetails: lazy(() => import('@/features/plan/routes/activity-details-page')),
  partnerProfile: lazy(() => import('@/features/partners/routes/partner-profile-page')),
  messages: lazy(() => import('@/features/partners/routes/messages-page')),
  notifications: lazy(() => import('@/features/notifications/routes/notifications-page')),
  analysis: lazy(() => import('@/features/analysis/routes/analysis-page')),
  stravaCallback: lazy(() => import('@/features/connections/routes/strava-callback-page')),
  healthCallback: lazy(() => import('@/features/connections/routes/health-callback-page')),
  terms: lazy(() => import('@/features/terms/routes/terms-page')),
  moderation: lazy(() => import('@/features/moderation/routes/moderation-page')),
  tripPlans: lazy(() => import('@/features/trip-plans/routes/trip-plans-page')),
  newTripPlan: lazy(() => import('@/features/trip-plans/routes/new-trip-plan-page')),
  tripPlan: lazy(() => import('@/features/trip-plans/routes/trip-plan-page')),
  tripLink: lazy(() => import('@/features/trip-plans/routes/trip-link-page')),
};

const NotFoundPage = lazy(() => import('@/features/not-found/routes/not-found-page'));

/**
 * Starts loading the chunk of the screen `pathname` shows (none for an unknown path): a screen rendered afresh at
 * start (a signed-in or demo visitor) then loads beside the app's start instead of after its first render (issue 14).
 */
export function preloadScreen(pathname: string): Promise<unknown> | undefined {
  const entry = ROUTE_TABLE.find((candidate) => matchPath(candidate.path, pathname));
  return entry ? screenLoaders.get(pages[entry.page])?.() : undefined;
}

function elementFor(entry: RouteEntry) {
  const Page = pages[entry.page];
  if (entry.access === 'protected') {
    return (
      <ProtectedRoute>
        <Page />
      </ProtectedRoute>
    );
  }
  if (entry.guestOnly) {
    return (
      <GuestOnlyRoute>
        <Page />
      </GuestOnlyRoute>
    );
  }
  return <Page />;
}

function RootRoute() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Inside the layout: while `?demo=true` turns demo mode on, the header and page frame are already there. */
function DemoFromUrlRoute() {
  return (
    <DemoFromUrl>
      <Outlet />
    </DemoFromUrl>
  );
}

/** The route tree, built from the one path table; unknown paths get the not-found page. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootRoute />,
      errorElement: <RouteError />,
      children: [
        {
          element: <AppLayout />,
          children: [
            {
              element: <DemoFromUrlRoute />,
              children: [
                ...ROUTE_TABLE.map((entry): RouteObject => ({ path: entry.path, element: elementFor(entry) })),
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function AppRouter() {
  // Created on mount, not at import, so tests can import `buildRoutes` without a browser router.
  const [router] = useState(() => createBrowserRouter(buildRoutes()));
  return <RouterProvider router={router} />;
}
