/**
 * The boundary between the app and its identity provider. The app talks only to this interface;
 * `amplify-auth-service.ts` implements it with Cognito, and tests pass fakes.
 */
export interface AuthUser {
  id: string;
  email: string;
  /** Only the demo user has a display name. */
  name?: string;
  /** Cognito groups from the ID token's `cognito:groups` (e.g. 'moderators'); a hint for the UI, the server checks. */
  groups?: readonly string[];
}

/** `confirmSignUp`: the account exists but its email is not confirmed yet. */
export type SignInOutcome = 'signedIn' | 'confirmSignUp';
/** `done`: the pool confirmed the account by itself, so the user can sign in straight away. */
export type SignUpOutcome = 'confirmSignUp' | 'done';

export type EmailChangeOutcome = 'confirmCode' | 'done';

export type AuthChange = { type: 'sessionChanged' } | { type: 'redirectFailed'; message: string };

export interface AuthService {
  readonly googleSignInConfigured: boolean;
  /** True when it is certain without any I/O that nobody is signed in (no stored session): the app then starts signed out, not 'loading', as the prerendered pages do. */
  signedOutAtStart?(): boolean;
  /** The signed-in user from the current session, or null. Never throws. */
  currentUser(): Promise<AuthUser | null>;
  /** The ID token (the API's JWT authorizer audience is the app client), or null when signed out. */
  idToken(): Promise<string | null>;
  signIn(email: string, password: string): Promise<SignInOutcome>;
  signUp(email: string, password: string): Promise<SignUpOutcome>;
  confirmSignUp(email: string, code: string): Promise<void>;
  /** Emails the sign-up confirmation code again. */
  resendSignUpCode(email: string): Promise<void>;
  /** 'Forgot password?': emails a code that lets the user choose a new password. */
  resetPassword(email: string): Promise<void>;
  confirmResetPassword(email: string, code: string, newPassword: string): Promise<void>;
  /** The signed-in user changes their password (Cognito ChangePassword; the old one is required). */
  updatePassword(oldPassword: string, newPassword: string): Promise<void>;
  /** The signed-in user asks to change their email: Cognito emails a code to the new address ('confirmCode'), or changes it at once ('done'). */
  updateEmail(newEmail: string): Promise<EmailChangeOutcome>;
  /** Confirms the new email with the code sent to it. */
  confirmEmail(code: string): Promise<void>;
  /** Leaves the page for the Google sign-in; rejects when Google is not configured. */
  signInWithGoogle(): Promise<void>;
  signOut(): Promise<void>;
  /**
   * Ends the session of a user whose account the API has just deleted (DELETE /api/me deletes the Cognito user
   * on the server); the tokens left in this browser are refused by the API from then on.
   */
  deleteUser(): Promise<void>;
  /** Session changes from outside the app's own calls (redirect return, refresh, other tabs). */
  subscribe(listener: (change: AuthChange) => void): () => void;
}

export const GOOGLE_NOT_CONFIGURED_MESSAGE = 'Google sign-in is not configured for this environment.';
