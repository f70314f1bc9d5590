/**
 * The one password policy: the CDK user pool is created from it, the local Cognito emulator enforces it
 * (it would accept 'abc' otherwise), and the sign-up, reset and change-password forms show and check it.
 */
export const PASSWORD_POLICY = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

/** Cognito's longest password. */
export const PASSWORD_MAX_LENGTH = 256;

/** The characters Cognito counts as symbols. */
const SYMBOLS = new Set('^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ');

export interface PasswordRule {
  id: 'length' | 'lowercase' | 'uppercase' | 'digit' | 'symbol';
  /** Shown beside the password field, ticked when met. */
  label: string;
  /** Cognito's InvalidPasswordException wording for this rule. */
  cognitoMessage: string;
  met: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${PASSWORD_POLICY.minLength} characters`,
    cognitoMessage: 'Password not long enough',
    met: (p) => p.length >= PASSWORD_POLICY.minLength,
  },
  {
    id: 'lowercase',
    label: 'A lowercase letter',
    cognitoMessage: 'Password must have lowercase characters',
    met: (p) => /\p{Ll}/u.test(p),
  },
  {
    id: 'uppercase',
    label: 'An uppercase letter',
    cognitoMessage: 'Password must have uppercase characters',
    met: (p) => /\p{Lu}/u.test(p),
  },
  {
    id: 'digit',
    label: 'A number',
    cognitoMessage: 'Password must have numeric characters',
    met: (p) => /[0-9]/.test(p),
  },
  {
    id: 'symbol',
    label: 'A symbol, such as - ! ? or #',
    cognitoMessage: 'Password must have symbol characters',
    met: (p) => [...p].some((c) => SYMBOLS.has(c)),
  },
];

/** The rules `password` does not meet yet (empty when it is acceptable). */
export function unmetPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !rule.met(password));
}
