import { describe, expect, it } from 'vitest';
import { providerErrorMessage, signUpErrorMessage } from '@/features/auth/utils/auth-errors';

const named = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('signUpErrorMessage (spec core-app §8 and Cognito)', () => {
  it.each([
    // The Supabase-era database texts are gone: Cognito names its errors, and any other text is shown as it is.
    ['a message that mentions a duplicate key', new Error('duplicate key in the form'), 'duplicate key in the form'],
    ['a message that mentions invalid input', new Error('invalid input: name'), 'invalid input: name'],
    [
      "Cognito's existing account",
      named('UsernameExistsException', 'User already exists'),
      'An account with this email already exists',
    ],
    [
      "Cognito's password policy",
      named('InvalidPasswordException', 'Password did not conform with policy: Password must have symbol characters'),
      'Password did not conform with policy: Password must have symbol characters',
    ],
    [
      "Cognito's invalid parameter",
      named('InvalidParameterException', 'Invalid email address format.'),
      'Invalid email address format.',
    ],
    ['anything else', new Error('Network error'), 'Network error'],
    [
      'a plain object with a message',
      { name: 'LimitExceededException', message: 'Attempt limit exceeded' },
      'Attempt limit exceeded',
    ],
  ])('maps %s', (_, error, expected) => {
    expect(signUpErrorMessage(error)).toBe(expected);
  });

  it('falls back to a generic message when there is none', () => {
    expect(signUpErrorMessage(undefined)).toBe('Sign up failed. Please try again.');
  });
});

describe('providerErrorMessage', () => {
  it("returns the provider's message, or the fallback", () => {
    expect(providerErrorMessage(new Error('Incorrect username or password.'), 'x')).toBe(
      'Incorrect username or password.',
    );
    expect(providerErrorMessage('plain text', 'x')).toBe('plain text');
    expect(providerErrorMessage(null, 'Sign in failed.')).toBe('Sign in failed.');
  });
});
