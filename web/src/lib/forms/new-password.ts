import * as z from 'zod';
import { unmetPasswordRules } from '@shared/password-policy';

/** Shown, and no request sent, while the password misses a rule of the pool's policy. */
export const PASSWORD_TOO_WEAK = 'Choose a password that meets every requirement listed.';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/**
 * A form with a new password and its confirmation (sign-up, reset, change), checked against the pool's one policy.
 * Its one problem is the form's, not a field's (the rules list beside the field shows which rule is unmet).
 */
export function withNewPassword<TShape extends z.ZodRawShape>(shape: TShape) {
  return z.object({ ...shape, password: z.string(), confirm: z.string() }).superRefine((values, context) => {
    const { password, confirm } = values as { password: string; confirm: string };
    if (unmetPasswordRules(password).length > 0)
      context.addIssue({ code: 'custom', message: PASSWORD_TOO_WEAK, path: [] });
    else if (password !== confirm) context.addIssue({ code: 'custom', message: PASSWORDS_DO_NOT_MATCH, path: [] });
  });
}
