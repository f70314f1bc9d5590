import { ForbiddenError, UnauthorizedError } from './errors';

/** What the verified token says of the caller's email (functions/lib/http.ts sets `email` only once it is verified). */
export interface EmailClaims {
  email: string | undefined;
  emailUnverified?: true;
}

/**
 * The caller's verified email, for the routes that store it (the address the app mails); a token whose email is not
 * verified is refused (403 email_not_verified), one with no email at all must be signed in again (401).
 */
export function verifiedEmailOf(caller: EmailClaims): string {
  if (caller.email) return caller.email;
  if (caller.emailUnverified)
    throw new ForbiddenError('Verify your email address, then sign in again.', 'email_not_verified');
  throw new UnauthorizedError('Your session has no email; sign in again.');
}
