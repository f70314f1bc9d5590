import { lazy as reactLazy, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { RouteError } from '@/components/errors/route-error';
import { AppLayout } from '@/components/layout/app-layout';
import { ROUTE_TABLE, type PageId, type RouteEntry } from '@/lib/paths';
import { preloadServerState, ServerState } from '@/lib/server-state-source';
import { SCREEN_MODULES, screenAt } from './screens';
import { DemoFromUrl, GuestOnlyRoute, ProtectedRoute } from './route-guards';

/** How each lazy screen loads its chunk, so the app can start that load before the router renders it. */
const screenLoaders = new Map<unknown, () => Promise<unknown>>();

function lazy<T extends ComponentType>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  const screen = reactLazy(load);
  screenLoaders.set(screen, load);
  return screen;
}

const screenFiles = import.meta.glob<{ default: ComponentType }>('../features/*/routes/*-page.tsx');

/** Each screen is its own chunk, so the landing and login pages load only what they need. */
const pages = Object.fromEntries(
  Object.entries(SCREEN_MODULES).map(([page, module]) => {
    const load = screenFiles[`../${module}.tsx`];
    if (!load) throw new Error(`SCREEN_MODULES names ${module}, which is not a screen module`);
    return [page, lazy(load)];
  }),
) as Record<PageId, LazyExoticComponent<ComponentType>>;

const NotFoundPage = lazy(() => import('@/features/not-found/routes/not-found-page'));

/**
 * Screens that read no server state: TanStack Query stays out of the public pages' JavaScript (npm run check:budget).
 * Every other screen renders inside `ServerState`.
 */
const WITHOUT_SERVER_STATE: ReadonlySet<PageId> = new Set(['landing', 'login', 'terms']);

/**
 * Starts loading the chunk of the screen `pathname` shows (none for an unknown path): a screen rendered afresh at
 * start (a signed-in or demo visitor) then loads beside the app's start instead of after its first render.
 */
export function preloadScreen(pathname: string): Promise<unknown> | undefined {
  const page = screenAt(pathname);
  if (!page) return undefined;
  // The query client's chunk too, beside the screen's (a failed load shows where it renders).
  if (!WITHOUT_SERVER_STATE.has(page)) preloadServerState().catch(() => undefined);
  return screenLoaders.get(pages[page])?.();
}

function elementFor(entry: RouteEntry) {
  const Screen = pages[entry.page];
  const Page = WITHOUT_SERVER_STATE.has(entry.page)
    ? Screen
    : () => (
        <ServerState>
          <Screen />
        </ServerState>
      );
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
