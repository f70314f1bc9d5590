export { AuthProvider, useAuth, type AppAccess, type AuthContextValue, type SessionState } from './auth-provider';
export {
  GOOGLE_NOT_CONFIGURED_MESSAGE,
  type AuthChange,
  type AuthService,
  type AuthUser,
  type SignInOutcome,
  type SignUpOutcome,
} from './auth-service';
export { searchRequestsDemo } from './demo-mode';
export {
  forgetReturnAfterRedirect,
  loginPathReturningTo,
  rememberReturnAfterRedirect,
  RETURN_TO_PARAM,
  returnAfterRedirect,
  safeReturnPath,
} from './return-path';
