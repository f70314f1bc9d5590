/** Sign-up and sign-in failures as users read them (spec core-app §8, plus Cognito's names). */

export const ACCOUNT_EXISTS = 'An account with this email already exists';
/** Cognito emails a code, not a link. */
export const SIGN_UP_SUCCESS = 'Check your email for the confirmation code!';
/** One answer for a wrong password and an unknown email, so the form does not reveal which accounts exist. */
export const WRONG_CREDENTIALS = 'Incorrect email or password.';

function describe(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  if (typeof error === 'object' && error !== null) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return { name: typeof name === 'string' ? name : '', message: typeof message === 'string' ? message : '' };
  }
  return { name: '', message: typeof error === 'string' ? error : '' };
}

export function signUpErrorMessage(error: unknown): string {
  const { name, message } = describe(error);
  if (name === 'UsernameExistsException') return ACCOUNT_EXISTS;
  // InvalidPasswordException and InvalidParameterException carry the rule that failed: show it as is.
  return message || 'Sign up failed. Please try again.';
}

/** Sign-in failures: wrong password and unknown email read the same; anything else is the provider's message. */
export function signInErrorMessage(error: unknown): string {
  const { name } = describe(error);
  if (name === 'NotAuthorizedException' || name === 'UserNotFoundException') return WRONG_CREDENTIALS;
  return providerErrorMessage(error, 'Sign in failed. Please try again.');
}

/**
 * 'Forgot password?' failures. An unknown email is not revealed either: the caller moves on to the code step
 * as if a code had been sent.
 */
export function isUnknownAccount(error: unknown): boolean {
  return describe(error).name === 'UserNotFoundException';
}

export const WRONG_CODE = 'That code is not right or has expired. Check the latest email, or send a new code.';

/** Confirming a reset: an unknown account reads like a wrong code (never 'no such user'). */
export function resetErrorMessage(error: unknown): string {
  const { name } = describe(error);
  if (name === 'CodeMismatchException' || name === 'ExpiredCodeException' || name === 'UserNotFoundException')
    return WRONG_CODE;
  return providerErrorMessage(error, 'Resetting the password failed. Please try again.');
}

/** Confirmation, reset and Google errors: the provider's own message. */
export function providerErrorMessage(error: unknown, fallback: string): string {
  return describe(error).message || fallback;
}
