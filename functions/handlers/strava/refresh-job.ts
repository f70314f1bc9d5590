import { stravaDeps } from '../../usecases/strava-deps';
import { refreshStravaConnections, type RefreshReport } from '../../usecases/strava-refresh';

/** Scheduled (EventBridge, daily): re-fetch each active connection's recent window and answer pending sync requests. */
export const handler = async (): Promise<RefreshReport> => refreshStravaConnections(await stravaDeps());
