import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import {
  forgetReturnAfterRedirect,
  loginPathReturningTo,
  RETURN_TO_PARAM,
  returnAfterRedirect,
  safeReturnPath,
  searchRequestsDemo,
  useAuth,
} from '@/lib/auth';
import { paths } from '@/lib/paths';

/**
 * Spec core-app §2: a signed-in user or demo mode may enter; others go to /login, which remembers the page
 * (`?next=`, a same-origin path only) and returns there after sign-in. Google sign-in comes back to the
 * dashboard, which sends the visitor on to the page remembered before the redirect.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { access } = useAuth();
  const { pathname, search, hash } = useLocation();
  const [resume] = useState(() => (pathname === paths.dashboard ? returnAfterRedirect() : null));
  const resuming = access === 'granted' && resume !== null && pathname === paths.dashboard;
  useEffect(() => {
    if (resuming) forgetReturnAfterRedirect();
  }, [resuming]);
  if (access === 'loading') return <PageSpinner />;
  if (resuming) return <Navigate to={resume} replace />;
  if (access === 'denied')
    return (
      <Navigate
        to={
          pathname === paths.dashboard ? paths.login : loginPathReturningTo(paths.login, `${pathname}${search}${hash}`)
        }
        replace
      />
    );
  return children;
}

/** The login page: signed-in and demo visitors go on to where they were going, else the dashboard. */
export function GuestOnlyRoute({ children }: { children: ReactNode }) {
  const { access } = useAuth();
  const { search } = useLocation();
  if (access === 'loading') return <PageSpinner />;
  if (access === 'granted')
    return (
      <Navigate to={safeReturnPath(new URLSearchParams(search).get(RETURN_TO_PARAM)) ?? paths.dashboard} replace />
    );
  return children;
}

/**
 * `?demo=true` on any URL turns demo mode on, also on in-app navigation (the landing page's
 * "Try Demo" link). Children wait until it is on, so a protected page never bounces to /login first.
 */
export function DemoFromUrl({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const { isDemo, startDemo } = useAuth();
  const pending = searchRequestsDemo(search) && !isDemo;

  useEffect(() => {
    if (pending) startDemo();
  }, [pending, startDemo]);

  return pending ? <PageSpinner /> : children;
}
