import { describe, expect, it, vi } from 'vitest';
import type { AuthChange, AuthService } from '@/lib/auth/auth-service';
import { amplifyNeededAtBoot, createLazyAuthService } from '@/lib/auth/lazy-auth-service';
import type { RuntimeConfig } from '@shared/schemas/runtime-config';

const config: RuntimeConfig = {
  mode: 'local',
  region: 'local',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  apiBaseUrl: '/api',
};

function fakeAmplify() {
  const listeners: ((change: AuthChange) => void)[] = [];
  const service: AuthService = {
    googleSignInConfigured: false,
    currentUser: vi.fn(async () => ({ id: 'u1', email: 'u1@example.com' })),
    idToken: vi.fn(async () => 'id-token'),
    signIn: vi.fn(async () => 'signedIn' as const),
    signUp: vi.fn(async () => 'confirmSignUp' as const),
    confirmSignUp: vi.fn(async () => undefined),
    resendSignUpCode: vi.fn(async () => undefined),
    resetPassword: vi.fn(async () => undefined),
    confirmResetPassword: vi.fn(async () => undefined),
    updatePassword: vi.fn(async () => undefined),
    updateEmail: vi.fn(async () => 'confirmCode' as const),
    confirmEmail: vi.fn(async () => undefined),
    signInWithGoogle: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
    deleteUser: vi.fn(async () => undefined),
    subscribe: vi.fn((listener) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    }),
  };
  return { service, listeners, load: vi.fn(async () => service) };
}

function storageWith(keys: string[]): Pick<Storage, 'length' | 'key'> {
  return { length: keys.length, key: (i: number) => keys[i] ?? null };
}

describe('amplifyNeededAtBoot', () => {
  it('is true with a stored Cognito session or an OAuth return, false otherwise', () => {
    expect(amplifyNeededAtBoot(storageWith(['CognitoIdentityServiceProvider.client.LastAuthUser']), '')).toBe(true);
    expect(amplifyNeededAtBoot(storageWith([]), '?code=abc&state=xyz')).toBe(true);
    expect(amplifyNeededAtBoot(storageWith(['trailbuddy.demo']), '?code=abc')).toBe(false);
    expect(amplifyNeededAtBoot(undefined, '')).toBe(false);
  });
});

describe('createLazyAuthService', () => {
  it('signed out with no stored session: answers without loading Amplify', async () => {
    const amplify = fakeAmplify();
    const auth = createLazyAuthService({ config, load: amplify.load, sessionMayExist: () => false });
    const listener = vi.fn();
    auth.subscribe(listener);
    expect(await auth.currentUser()).toBeNull();
    expect(await auth.idToken()).toBeNull();
    await auth.signOut();
    expect(amplify.load).not.toHaveBeenCalled();
  });

  it('loads Amplify on sign-in, then serves the session from it and forwards its events to earlier subscribers', async () => {
    const amplify = fakeAmplify();
    const auth = createLazyAuthService({ config, load: amplify.load, sessionMayExist: () => false });
    const listener = vi.fn();
    const unsubscribe = auth.subscribe(listener);
    expect(await auth.signIn('u1@example.com', 'pw')).toBe('signedIn');
    expect(amplify.service.signIn).toHaveBeenCalledWith('u1@example.com', 'pw');
    expect(await auth.currentUser()).toEqual({ id: 'u1', email: 'u1@example.com' });
    expect(await auth.idToken()).toBe('id-token');
    amplify.listeners.forEach((l) => l({ type: 'sessionChanged' }));
    expect(listener).toHaveBeenCalledWith({ type: 'sessionChanged' });
    unsubscribe();
    expect(amplify.listeners).toHaveLength(0);
    expect(amplify.load).toHaveBeenCalledTimes(1);
  });

  it('with a stored session: loads Amplify at once and asks it for the user', async () => {
    const amplify = fakeAmplify();
    const auth = createLazyAuthService({ config, load: amplify.load, sessionMayExist: () => true });
    expect(amplify.load).toHaveBeenCalledTimes(1);
    expect(await auth.currentUser()).toEqual({ id: 'u1', email: 'u1@example.com' });
  });

  it('says Google is configured from the runtime config, without loading anything', () => {
    const amplify = fakeAmplify();
    expect(
      createLazyAuthService({
        config: { ...config, oauthDomain: 'auth.example.com' },
        load: amplify.load,
        sessionMayExist: () => false,
      }).googleSignInConfigured,
    ).toBe(true);
    expect(amplify.load).not.toHaveBeenCalled();
  });

  it('a failed load can be retried', async () => {
    const amplify = fakeAmplify();
    amplify.load.mockRejectedValueOnce(new Error('chunk failed'));
    const auth = createLazyAuthService({ config, load: amplify.load, sessionMayExist: () => false });
    await expect(auth.signUp('a@b.co', 'pw')).rejects.toThrow('chunk failed');
    expect(await auth.signUp('a@b.co', 'pw')).toBe('confirmSignUp');
  });
});

describe('createLazyAuthService signedOutAtStart', () => {
  it('is true only while no session can exist and Amplify has not been loaded', async () => {
    const amplify = fakeAmplify();
    let sessionMayExist = false;
    const service = createLazyAuthService({ config, load: amplify.load, sessionMayExist: () => sessionMayExist });
    expect(service.signedOutAtStart?.()).toBe(true);
    sessionMayExist = true;
    expect(service.signedOutAtStart?.()).toBe(false);
    sessionMayExist = false;
    await service.signIn('a@example.com', 'pw');
    expect(service.signedOutAtStart?.()).toBe(false);
  });
});
