import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '@shared/schemas/runtime-config';

// Amplify is mocked at its module boundary: these tests check what the app asks of it.
const amplify = vi.hoisted(() => ({
  configure: vi.fn(),
  signIn: vi.fn(),
  signUp: vi.fn(),
  confirmSignUp: vi.fn(),
  resendSignUpCode: vi.fn(),
  resetPassword: vi.fn(),
  confirmResetPassword: vi.fn(),
  updatePassword: vi.fn(),
  signOut: vi.fn(),
  deleteUser: vi.fn(),
  signInWithRedirect: vi.fn(),
  fetchAuthSession: vi.fn(),
  listen: vi.fn(),
}));

vi.mock('aws-amplify', () => ({ Amplify: { configure: amplify.configure } }));
vi.mock('aws-amplify/auth', () => ({
  signIn: amplify.signIn,
  signUp: amplify.signUp,
  confirmSignUp: amplify.confirmSignUp,
  resendSignUpCode: amplify.resendSignUpCode,
  resetPassword: amplify.resetPassword,
  confirmResetPassword: amplify.confirmResetPassword,
  updatePassword: amplify.updatePassword,
  signOut: amplify.signOut,
  deleteUser: amplify.deleteUser,
  signInWithRedirect: amplify.signInWithRedirect,
  fetchAuthSession: amplify.fetchAuthSession,
}));
vi.mock('aws-amplify/utils', () => ({ Hub: { listen: amplify.listen } }));

const { createAmplifyAuthService } = await import('@/lib/auth/amplify-auth-service');

const base: RuntimeConfig = {
  mode: 'local',
  region: 'ca-central-1',
  userPoolId: 'p',
  userPoolClientId: 'c',
  apiBaseUrl: '/api',
};
const origin = 'http://localhost:3000';

describe('createAmplifyAuthService', () => {
  beforeEach(() => {
    Object.values(amplify).forEach((fn) => fn.mockReset());
  });

  it('configures Amplify once, on creation', () => {
    createAmplifyAuthService(base, origin);
    expect(amplify.configure).toHaveBeenCalledTimes(1);
    expect(amplify.configure.mock.calls[0]?.[0]).toMatchObject({
      Auth: { Cognito: { userPoolId: 'p', userPoolClientId: 'c' } },
    });
  });

  it.each([
    ['local', 'USER_PASSWORD_AUTH'],
    ['aws', 'USER_SRP_AUTH'],
  ] as const)('signs in with %s mode using %s', async (mode, authFlowType) => {
    amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const service = createAmplifyAuthService({ ...base, mode }, origin);
    await expect(service.signIn('a@b.co', 'pw')).resolves.toBe('signedIn');
    expect(amplify.signIn).toHaveBeenCalledWith({ username: 'a@b.co', password: 'pw', options: { authFlowType } });
  });

  it('after the API deleted the account, only signs out here (the server deleted the Cognito user)', async () => {
    const service = createAmplifyAuthService(base, origin);
    amplify.signOut.mockResolvedValueOnce(undefined);
    await expect(service.deleteUser()).resolves.toBeUndefined();
    expect(amplify.signOut).toHaveBeenCalledTimes(1);
    expect(amplify.deleteUser).not.toHaveBeenCalled();
  });

  it('resends the sign-up code, and resets a password with the emailed code', async () => {
    const service = createAmplifyAuthService(base, origin);
    await service.resendSignUpCode('a@b.co');
    expect(amplify.resendSignUpCode).toHaveBeenCalledWith({ username: 'a@b.co' });
    await service.resetPassword('a@b.co');
    expect(amplify.resetPassword).toHaveBeenCalledWith({ username: 'a@b.co' });
    await service.confirmResetPassword('a@b.co', '123456', 'New-Trail-2027');
    expect(amplify.confirmResetPassword).toHaveBeenCalledWith({
      username: 'a@b.co',
      confirmationCode: '123456',
      newPassword: 'New-Trail-2027',
    });
  });

  it('reports an unconfirmed account instead of failing', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    await expect(createAmplifyAuthService(base, origin).signIn('a@b.co', 'pw')).resolves.toBe('confirmSignUp');
  });

  it('refuses sign-in steps the app does not support', async () => {
    amplify.signIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP' },
    });
    await expect(createAmplifyAuthService(base, origin).signIn('a@b.co', 'pw')).rejects.toThrow(
      /CONTINUE_SIGN_IN_WITH_TOTP_SETUP/,
    );
  });

  it('signs up with the email as username and attribute', async () => {
    amplify.signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    const service = createAmplifyAuthService(base, origin);
    await expect(service.signUp('new@b.co', 'Secret-123')).resolves.toBe('confirmSignUp');
    expect(amplify.signUp).toHaveBeenCalledWith({
      username: 'new@b.co',
      password: 'Secret-123',
      options: { userAttributes: { email: 'new@b.co' } },
    });
  });

  it('confirms sign-up with the code', async () => {
    amplify.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    await createAmplifyAuthService(base, origin).confirmSignUp('new@b.co', '123456');
    expect(amplify.confirmSignUp).toHaveBeenCalledWith({ username: 'new@b.co', confirmationCode: '123456' });
  });

  it('refuses Google sign-in without a hosted-UI domain, and redirects with one', async () => {
    await expect(createAmplifyAuthService(base, origin).signInWithGoogle()).rejects.toThrow(
      'Google sign-in is not configured for this environment.',
    );
    expect(amplify.signInWithRedirect).not.toHaveBeenCalled();

    const withGoogle = createAmplifyAuthService({ ...base, mode: 'aws', oauthDomain: 'tb.auth.example.com' }, origin);
    expect(withGoogle.googleSignInConfigured).toBe(true);
    await withGoogle.signInWithGoogle();
    expect(amplify.signInWithRedirect).toHaveBeenCalledWith({ provider: 'Google' });
  });

  it('reads the user from the ID token, and null without a session or on failure', async () => {
    const service = createAmplifyAuthService(base, origin);
    amplify.fetchAuthSession.mockResolvedValueOnce({
      tokens: { idToken: { payload: { sub: 'sub-1', email: 'a@b.co' }, toString: () => 'jwt' } },
    });
    await expect(service.currentUser()).resolves.toEqual({ id: 'sub-1', email: 'a@b.co', groups: [] });
    amplify.fetchAuthSession.mockResolvedValueOnce({
      tokens: {
        idToken: {
          payload: { sub: 'sub-2', email: 'm@b.co', 'cognito:groups': ['moderators'] },
          toString: () => 'jwt',
        },
      },
    });
    await expect(service.currentUser()).resolves.toEqual({ id: 'sub-2', email: 'm@b.co', groups: ['moderators'] });
    amplify.fetchAuthSession.mockResolvedValueOnce({ tokens: undefined });
    await expect(service.currentUser()).resolves.toBeNull();
    amplify.fetchAuthSession.mockRejectedValueOnce(new Error('offline'));
    await expect(service.currentUser()).resolves.toBeNull();
  });

  it('hands out the ID token as a string', async () => {
    amplify.fetchAuthSession.mockResolvedValueOnce({
      tokens: { idToken: { payload: {}, toString: () => 'header.payload.sig' } },
    });
    await expect(createAmplifyAuthService(base, origin).idToken()).resolves.toBe('header.payload.sig');
  });

  it('turns Hub auth events into session changes, and redirect failures into a message', () => {
    const stop = vi.fn();
    amplify.listen.mockReturnValue(stop);
    const listener = vi.fn();
    const unsubscribe = createAmplifyAuthService(base, origin).subscribe(listener);
    expect(amplify.listen).toHaveBeenCalledWith('auth', expect.any(Function));
    const hubCallback = amplify.listen.mock.calls[0]?.[1] as (capsule: { payload: unknown }) => void;

    hubCallback({ payload: { event: 'signedIn', data: { username: 'u', userId: 'id' } } });
    expect(listener).toHaveBeenLastCalledWith({ type: 'sessionChanged' });

    listener.mockClear();
    hubCallback({
      payload: {
        event: 'signInWithRedirect_failure',
        data: { error: { name: 'OAuthSignInException', message: 'access_denied' } },
      },
    });
    expect(listener).toHaveBeenCalledWith({ type: 'redirectFailed', message: 'access_denied' });
    expect(listener).toHaveBeenCalledWith({ type: 'sessionChanged' });

    unsubscribe();
    expect(stop).toHaveBeenCalled();
  });
});
