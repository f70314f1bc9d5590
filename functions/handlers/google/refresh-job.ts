import { googleDeps } from '../../usecases/google-deps';
import { refreshGoogleConnections, type GoogleRefreshReport } from '../../usecases/google-refresh';

/** Scheduled (EventBridge, daily): re-read each active Google Fit connection's 30-day window. */
export const handler = async (): Promise<GoogleRefreshReport> => refreshGoogleConnections(await googleDeps());
