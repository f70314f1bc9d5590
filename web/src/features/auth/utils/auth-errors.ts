/** Sign-up and sign-in failures as users read them (spec core-app §8, plus Cognito's names). */

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const ACCOUNT_EXISTS = 'An account with this email already exists';
export const INVALID_FORMAT = 'Invalid email or password format';
export const DATABASE_ERROR = 'Database connection error. Please try again.';
export const SIGN_UP_SUCCESS = 'Check your email for the confirmation link!';

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
  if (name === 'UsernameExistsException' || message.includes('duplicate key')) return ACCOUNT_EXISTS;
  if (message.includes('invalid input')) return INVALID_FORMAT;
  if (message.includes('Database error')) return DATABASE_ERROR;
  // InvalidPasswordException and InvalidParameterException carry the rule that failed: show it as is.
  return message || 'Sign up failed. Please try again.';
}

/** Sign-in, confirmation and Google errors: the provider's own message. */
export function providerErrorMessage(error: unknown, fallback: string): string {
  return describe(error).message || fallback;
}
