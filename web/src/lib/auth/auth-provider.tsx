import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { DEMO_USER } from '@/lib/demo/demo-user';
import type { AuthService, AuthUser, EmailChangeOutcome, SignInOutcome, SignUpOutcome } from './auth-service';
import { readDemoFlag, writeDemoFlag } from './demo-mode';

/** The real session, as the identity provider reports it (demo mode is kept beside it). */
export type SessionState = { status: 'loading' } | { status: 'signedIn'; user: AuthUser } | { status: 'signedOut' };

/** Whether protected screens may render: demo or a signed-in user grants access. */
export type AppAccess = 'loading' | 'granted' | 'denied';

export interface AuthContextValue {
  session: SessionState;
  isDemo: boolean;
  /** The demo user in demo mode, else the signed-in user, else null. */
  user: AuthUser | null;
  access: AppAccess;
  googleSignInConfigured: boolean;
  /** Why the last Google redirect sign-in failed, to show on the login page. */
  redirectError: string | null;
  signIn(email: string, password: string): Promise<SignInOutcome>;
  signUp(email: string, password: string): Promise<SignUpOutcome>;
  confirmSignUp(email: string, code: string): Promise<void>;
  resendSignUpCode(email: string): Promise<void>;
  resetPassword(email: string): Promise<void>;
  confirmResetPassword(email: string, code: string, newPassword: string): Promise<void>;
  updatePassword(oldPassword: string, newPassword: string): Promise<void>;
  updateEmail(newEmail: string): Promise<EmailChangeOutcome>;
  confirmEmail(code: string): Promise<void>;
  signInWithGoogle(): Promise<void>;
  /** Never rejects: a failed sign-out is logged and the local state is cleared anyway. */
  signOut(): Promise<void>;
  /** The signed-in user's ID token for the realtime channel's handshake (which cannot carry a header); null in demo mode. */
  idToken(): Promise<string | null>;
  /** After DELETE /api/me (which deleted the Cognito user on the server) clears the session; in demo mode, ends the demo. Never rejects. */
  deleteUser(): Promise<void>;
  startDemo(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The session for `user`, or `current` itself when it already says so: reading an unchanged session must not
 * re-render the app (an update while React hydrates a prerendered page makes it throw that page away and draw it again).
 */
function sessionFor(current: SessionState, user: AuthUser | null): SessionState {
  if (!user) return current.status === 'signedOut' ? current : { status: 'signedOut' };
  return current.status === 'signedIn' && sameUser(current.user, user) ? current : { status: 'signedIn', user };
}

function sameUser(a: AuthUser, b: AuthUser): boolean {
  return (
    a.id === b.id &&
    a.email === b.email &&
    a.name === b.name &&
    (a.groups ?? []).length === (b.groups ?? []).length &&
    (a.groups ?? []).every((group, index) => b.groups?.[index] === group)
  );
}

export function AuthProvider({
  service,
  beforeSignOut,
  afterAccountDeleted,
  children,
}: {
  service: AuthService;
  /** Runs while the person is still signed in (its API calls carry their token); a failure never stops the sign-out. */
  beforeSignOut?: () => Promise<void>;
  /** Runs once the server has deleted the account (its token is refused by then); a failure never stops the sign-out. */
  afterAccountDeleted?: () => Promise<void>;
  children: ReactNode;
}) {
  const [session, setSession] = useState<SessionState>(() =>
    service.signedOutAtStart?.() ? { status: 'signedOut' } : { status: 'loading' },
  );
  const [isDemo, setIsDemo] = useState(() => readDemoFlag());
  const [redirectError, setRedirectError] = useState<string | null>(null);
  // Session reads can overlap (Hub events, our own calls); only the latest one may win.
  const latestRead = useRef(0);

  const applyUser = useCallback((user: AuthUser | null) => {
    latestRead.current += 1;
    setSession((current) => sessionFor(current, user));
  }, []);

  const refresh = useCallback(async () => {
    const ticket = ++latestRead.current;
    const user = await service.currentUser();
    if (ticket === latestRead.current) setSession((current) => sessionFor(current, user));
  }, [service]);

  useEffect(() => {
    const unsubscribe = service.subscribe((change) => {
      if (change.type === 'redirectFailed') setRedirectError(change.message);
      void refresh();
    });
    void refresh();
    return unsubscribe;
  }, [service, refresh]);

  const signIn = useCallback(
    async (email: string, password: string): Promise<SignInOutcome> => {
      if (isDemo) return 'signedIn';
      const outcome = await service.signIn(email, password);
      if (outcome !== 'signedIn') return outcome;
      const user = await service.currentUser();
      if (!user) throw new Error('You are signed in, but your session could not be read. Please try again.');
      applyUser(user);
      return outcome;
    },
    [isDemo, service, applyUser],
  );

  const signUp = useCallback(
    async (email: string, password: string) => (isDemo ? 'done' : service.signUp(email, password)),
    [isDemo, service],
  );

  const confirmSignUp = useCallback(
    async (email: string, code: string) => {
      if (!isDemo) await service.confirmSignUp(email, code);
    },
    [isDemo, service],
  );

  // Demo mode has no accounts: these succeed without doing anything, like sign-up there.
  const resendSignUpCode = useCallback(
    async (email: string) => (isDemo ? undefined : service.resendSignUpCode(email)),
    [isDemo, service],
  );
  const resetPassword = useCallback(
    async (email: string) => (isDemo ? undefined : service.resetPassword(email)),
    [isDemo, service],
  );
  const confirmResetPassword = useCallback(
    async (email: string, code: string, newPassword: string) =>
      isDemo ? undefined : service.confirmResetPassword(email, code, newPassword),
    [isDemo, service],
  );

  const updatePassword = useCallback(
    async (oldPassword: string, newPassword: string) =>
      isDemo ? undefined : service.updatePassword(oldPassword, newPassword),
    [isDemo, service],
  );

  const updateEmail = useCallback(
    async (newEmail: string): Promise<EmailChangeOutcome> => (isDemo ? 'done' : service.updateEmail(newEmail)),
    [isDemo, service],
  );

  const confirmEmail = useCallback(
    async (code: string) => {
      if (isDemo) return;
      await service.confirmEmail(code);
      await refresh();
    },
    [isDemo, service, refresh],
  );

  const signInWithGoogle = useCallback(async () => {
    if (isDemo) return;
    setRedirectError(null);
    await service.signInWithGoogle();
  }, [isDemo, service]);

  const signOut = useCallback(async () => {
    if (isDemo) {
      writeDemoFlag(false);
      setIsDemo(false);
      return;
    }
    try {
      await beforeSignOut?.();
    } catch (error) {
      console.error('Cleaning up before sign out failed; signing out anyway.', error);
    }
    try {
      await service.signOut();
    } catch (error) {
      console.error('Sign out failed; clearing the local session anyway.', error);
    }
    applyUser(null);
  }, [isDemo, service, applyUser, beforeSignOut]);

  const deleteUser = useCallback(async () => {
    if (isDemo) {
      writeDemoFlag(false);
      setIsDemo(false);
      return;
    }
    try {
      await service.deleteUser();
    } catch (error) {
      // The server deleted the Cognito user and refuses its tokens; only this browser's copy is left.
      console.error('Clearing the deleted account’s session failed; clearing the local state anyway.', error);
    }
    try {
      await afterAccountDeleted?.();
    } catch (error) {
      console.error('Cleaning up after the account’s deletion failed; signing out anyway.', error);
    }
    applyUser(null);
  }, [isDemo, service, applyUser, afterAccountDeleted]);

  const startDemo = useCallback(() => {
    writeDemoFlag(true);
    setIsDemo(true);
  }, []);

  const value = useMemo<AuthContextValue>(() => {
    const sessionUser = session.status === 'signedIn' ? session.user : null;
    const access: AppAccess = isDemo || sessionUser ? 'granted' : session.status === 'loading' ? 'loading' : 'denied';
    return {
      session,
      isDemo,
      user: isDemo ? { id: DEMO_USER.id, email: DEMO_USER.email, name: DEMO_USER.name } : sessionUser,
      access,
      googleSignInConfigured: service.googleSignInConfigured,
      redirectError,
      signIn,
      signUp,
      confirmSignUp,
      resendSignUpCode,
      resetPassword,
      confirmResetPassword,
      updatePassword,
      updateEmail,
      confirmEmail,
      signInWithGoogle,
      signOut,
      idToken: isDemo ? async () => null : () => service.idToken(),
      deleteUser,
      startDemo,
    };
  }, [
    session,
    isDemo,
    service,
    redirectError,
    signIn,
    signUp,
    confirmSignUp,
    resendSignUpCode,
    resetPassword,
    confirmResetPassword,
    updatePassword,
    updateEmail,
    confirmEmail,
    signInWithGoogle,
    signOut,
    deleteUser,
    startDemo,
  ]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}
