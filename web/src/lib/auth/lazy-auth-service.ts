import type { RuntimeConfig } from '@shared/schemas/runtime-config';
import { isRuntimeConfigSource, type RuntimeConfigSource } from '../runtime-config-source';
import type { AuthChange, AuthService } from './auth-service';

/** Amplify keeps every Cognito session key (tokens, last user, OAuth in flight) under this prefix in localStorage. */
const COGNITO_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/**
 * Whether Amplify has to run at boot: a stored Cognito session (any client, so this can be asked before the runtime
 * config arrives), or a return from the hosted UI carrying an OAuth `code` and `state` to complete.
 */
export function amplifyNeededAtBoot(storage: Pick<Storage, 'length' | 'key'> | undefined, search: string): boolean {
  const params = new URLSearchParams(search);
  if (params.has('code') && params.has('state')) return true;
  if (!storage) return false;
  for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(COGNITO_KEY_PREFIX)) return true;
  return false;
}

/**
 * An AuthService that loads Amplify (about a fifth of the landing page's JS) only when it is needed: at boot when
 * a session or an OAuth return is there, otherwise on the first sign-in, sign-up or Google redirect. Signed out,
 * the public pages never download it.
 */
export function createLazyAuthService(options: {
  /** Loaded, or still to load (a prerendered public page hydrates before it: then Google counts once it has arrived). */
  config: RuntimeConfig | RuntimeConfigSource;
  /** e.g. () => import('./amplify-auth-service').then((m) => m.createAmplifyAuthService(config, origin)) */
  load: () => Promise<AuthService>;
  /** Re-checked on every call, so a session written by another tab is picked up. */
  sessionMayExist: () => boolean;
}): AuthService {
  let loaded: Promise<AuthService> | undefined;
  let ready: AuthService | undefined;
  /** Each listener with its unsubscribe from the real service (a no-op until that has loaded). */
  const listeners = new Map<(change: AuthChange) => void, () => void>();
  const real = (): Promise<AuthService> =>
    (loaded ??= options.load().then(
      (service) => {
        ready = service;
        for (const listener of listeners.keys()) listeners.set(listener, service.subscribe(listener));
        return service;
      },
      (error: unknown) => {
        loaded = undefined;
        throw error;
      },
    ));
  const signedOutForSure = () => loaded === undefined && !options.sessionMayExist();
  if (options.sessionMayExist()) void real().catch(() => undefined);

  return {
    get googleSignInConfigured() {
      const config = isRuntimeConfigSource(options.config) ? options.config.current() : options.config;
      return Boolean(config?.oauthDomain);
    },
    signedOutAtStart: signedOutForSure,
    async currentUser() {
      if (signedOutForSure()) return null;
      try {
        return await (await real()).currentUser();
      } catch {
        return null;
      }
    },
    async idToken() {
      return signedOutForSure() ? null : (await real()).idToken();
    },
    signIn: async (email, password) => (await real()).signIn(email, password),
    signUp: async (email, password) => (await real()).signUp(email, password),
    confirmSignUp: async (email, code) => (await real()).confirmSignUp(email, code),
    resendSignUpCode: async (email) => (await real()).resendSignUpCode(email),
    resetPassword: async (email) => (await real()).resetPassword(email),
    confirmResetPassword: async (email, code, newPassword) =>
      (await real()).confirmResetPassword(email, code, newPassword),
    updatePassword: async (oldPassword, newPassword) => (await real()).updatePassword(oldPassword, newPassword),
    updateEmail: async (newEmail) => (await real()).updateEmail(newEmail),
    confirmEmail: async (code) => (await real()).confirmEmail(code),
    signInWithGoogle: async () => (await real()).signInWithGoogle(),
    async signOut() {
      if (!signedOutForSure()) await (await real()).signOut();
    },
    deleteUser: async () => (await real()).deleteUser(),
    subscribe(listener) {
      listeners.set(listener, ready ? ready.subscribe(listener) : () => undefined);
      return () => {
        listeners.get(listener)?.();
        listeners.delete(listener);
      };
    },
  };
}
