import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignUp,
  confirmUserAttribute,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
  updatePassword,
  updateUserAttribute,
  type SignInInput,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { RuntimeConfig } from '@shared/schemas/runtime-config';
import { buildAmplifyConfig } from './amplify-config';
import { GOOGLE_NOT_CONFIGURED_MESSAGE, type AuthService } from './auth-service';

type AuthFlowType = NonNullable<NonNullable<SignInInput['options']>['authFlowType']>;

/**
 * Cognito through Amplify. Configures Amplify on creation; importing this module also registers
 * Amplify's OAuth listener (a side effect of `signInWithRedirect`), which must happen before
 * `Amplify.configure` so a Google redirect back to /dashboard completes.
 */
export function createAmplifyAuthService(config: RuntimeConfig, origin: string): AuthService {
  Amplify.configure(buildAmplifyConfig(config, origin));
  // The local Cognito emulator has no SRP; AWS gets SRP so the password never leaves the browser.
  const authFlowType: AuthFlowType = config.mode === 'local' ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH';

  return {
    googleSignInConfigured: Boolean(config.oauthDomain),

    async currentUser() {
      try {
        const { tokens } = await fetchAuthSession();
        const payload = tokens?.idToken?.payload;
        if (typeof payload?.sub !== 'string' || typeof payload.email !== 'string') return null;
        const claim = payload['cognito:groups'];
        const groups = Array.isArray(claim) ? claim.filter((group): group is string => typeof group === 'string') : [];
        return { id: payload.sub, email: payload.email, groups };
      } catch {
        return null;
      }
    },

    async idToken() {
      const { tokens } = await fetchAuthSession();
      return tokens?.idToken?.toString() ?? null;
    },

    async signIn(email, password) {
      const { isSignedIn, nextStep } = await signIn({ username: email, password, options: { authFlowType } });
      if (isSignedIn) return 'signedIn';
      if (nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
      throw new Error(`This account needs a sign-in step TrailBuddy does not support (${nextStep.signInStep}).`);
    },

    async signUp(email, password) {
      const { nextStep } = await signUp({ username: email, password, options: { userAttributes: { email } } });
      return nextStep.signUpStep === 'CONFIRM_SIGN_UP' ? 'confirmSignUp' : 'done';
    },

    async confirmSignUp(email, code) {
      await confirmSignUp({ username: email, confirmationCode: code });
    },

    async resendSignUpCode(email) {
      await resendSignUpCode({ username: email });
    },

    async resetPassword(email) {
      await resetPassword({ username: email });
    },

    async confirmResetPassword(email, code, newPassword) {
      await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
    },

    async updatePassword(oldPassword, newPassword) {
      await updatePassword({ oldPassword, newPassword });
    },

    async updateEmail(newEmail) {
      const { nextStep } = await updateUserAttribute({ userAttribute: { attributeKey: 'email', value: newEmail } });
      return nextStep.updateAttributeStep === 'CONFIRM_ATTRIBUTE_WITH_CODE' ? 'confirmCode' : 'done';
    },

    async confirmEmail(code) {
      await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
      // The ID token still names the old email until it is refreshed: refresh now so the app shows the new one.
      await fetchAuthSession({ forceRefresh: true });
    },

    async signInWithGoogle() {
      if (!config.oauthDomain) throw new Error(GOOGLE_NOT_CONFIGURED_MESSAGE);
      await signInWithRedirect({ provider: 'Google' });
    },

    async signOut() {
      await signOut();
    },

    async deleteUser() {
      // The API already deleted the Cognito user (AdminDeleteUser); what is left is this browser's session.
      await signOut();
    },

    subscribe(listener) {
      return Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signInWithRedirect_failure') {
          listener({
            type: 'redirectFailed',
            message: payload.data.error?.message ?? 'Google sign-in failed. Please try again.',
          });
        }
        listener({ type: 'sessionChanged' });
      });
    },
  };
}
