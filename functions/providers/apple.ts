import type { AppleDeps } from '../usecases/apple-deps';
import { appleSyncNow } from './apple-sync-now';
import { appleWithdrawal } from './apple-withdrawal';
import type { Provider } from './provider';

export { APPLE_NOT_CONNECTED } from './apple-sync-now';

/** Apple Health: push-only (the Shortcut posts to /api/apple/ingest with our ingest token); no OAuth, nothing to pull. */
export const appleProvider: Provider<AppleDeps> = {
  ...appleSyncNow,
  ...appleWithdrawal,
  oauth: null,
  pull: null,
};
