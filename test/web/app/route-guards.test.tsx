import { screen } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DemoFromUrl, GuestOnlyRoute, ProtectedRoute } from '@/app/route-guards';
import { createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../test-utils';

function GuardedOutlet() {
  return <Outlet />;
}

function guardedRoutes() {
  return [
    {
      path: '/dashboard',
      element: (
        <ProtectedRoute>
          <h1>Private dashboard</h1>
        </ProtectedRoute>
      ),
    },
    {
      path: '/profile',
      element: (
        <ProtectedRoute>
          <h1>Private profile</h1>
        </ProtectedRoute>
      ),
    },
    {
      path: '/login',
      element: (
        <GuestOnlyRoute>
          <h1>Login form</h1>
        </GuestOnlyRoute>
      ),
    },
  ];
}

function withDemoFromUrl() {
  return [
    {
      element: (
        <DemoFromUrl>
          <GuardedOutlet />
        </DemoFromUrl>
      ),
      children: guardedRoutes(),
    },
  ];
}

describe('ProtectedRoute', () => {
  it('shows a "Loading" spinner while the session is being read', () => {
    renderRoutes(guardedRoutes(), { path: '/dashboard', service: createFakeAuthService('pending') });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Private dashboard' })).not.toBeInTheDocument();
  });

  it('redirects a signed-out visitor to /login', async () => {
    const { router } = renderRoutes(guardedRoutes(), { path: '/dashboard', service: createFakeAuthService(null) });
    expect(await screen.findByRole('heading', { name: 'Login form' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('remembers a deep link opened while signed out (?next=), but not the dashboard', async () => {
    const { router } = renderRoutes(guardedRoutes(), {
      path: '/profile?tab=account#delete',
      service: createFakeAuthService(null),
    });
    expect(await screen.findByRole('heading', { name: 'Login form' })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/profile?tab=account#delete');
  });

  it('lets a signed-in user in', async () => {
    renderRoutes(guardedRoutes(), { path: '/dashboard', service: createFakeAuthService(SIGNED_IN_USER) });
    expect(await screen.findByRole('heading', { name: 'Private dashboard' })).toBeInTheDocument();
  });

  it('lets a demo visitor in without a session, even while auth is still loading', () => {
    window.sessionStorage.setItem('trailbuddy.demo', 'true');
    renderRoutes(guardedRoutes(), { path: '/dashboard', service: createFakeAuthService('pending') });
    expect(screen.getByRole('heading', { name: 'Private dashboard' })).toBeInTheDocument();
  });
});

describe('GuestOnlyRoute', () => {
  it('sends a signed-in user from /login to /dashboard', async () => {
    const { router } = renderRoutes(guardedRoutes(), {
      path: '/login',
      service: createFakeAuthService(SIGNED_IN_USER),
    });
    expect(await screen.findByRole('heading', { name: 'Private dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a demo visitor from /login to /dashboard', async () => {
    window.sessionStorage.setItem('trailbuddy.demo', 'true');
    renderRoutes(guardedRoutes(), { path: '/login', service: createFakeAuthService(null) });
    expect(await screen.findByRole('heading', { name: 'Private dashboard' })).toBeInTheDocument();
  });

  it('shows the login page to a signed-out visitor', async () => {
    renderRoutes(guardedRoutes(), { path: '/login', service: createFakeAuthService(null) });
    expect(await screen.findByRole('heading', { name: 'Login form' })).toBeInTheDocument();
  });
});

describe('DemoFromUrl', () => {
  it('turns demo mode on from ?demo=true before a protected page decides, and remembers it for the tab', async () => {
    const { router } = renderRoutes(withDemoFromUrl(), {
      path: '/dashboard?demo=true',
      service: createFakeAuthService(null),
    });
    expect(await screen.findByRole('heading', { name: 'Private dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.sessionStorage.getItem('trailbuddy.demo')).toBe('true');
  });

  it('leaves demo mode off without the parameter', async () => {
    const { router } = renderRoutes(withDemoFromUrl(), {
      path: '/dashboard?demo=false',
      service: createFakeAuthService(null),
    });
    expect(await screen.findByRole('heading', { name: 'Login form' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
