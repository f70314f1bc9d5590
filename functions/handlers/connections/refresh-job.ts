import { refreshProviderConnections, type ProviderRefreshReport } from '../../usecases/provider-refresh';

/** Scheduled (EventBridge, daily): an import job over the recent window for every active connection of every provider. */
export const handler = async (): Promise<ProviderRefreshReport> => refreshProviderConnections(new Date());
