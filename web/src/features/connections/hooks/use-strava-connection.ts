import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConnectionSummary, SyncResponse } from '@shared/schemas/connections';
import { useApiClient } from '@/lib/api-client-context';
import { invalidateActivityData, queryKeys } from '@/lib/query-keys';
import { readyState, useServerQuery, type ReadyState } from '@/lib/server-query';
import { notifyImportStarted } from './use-import-jobs';

interface StravaConnections {
  /** The active Strava connection, or null when Strava is not connected. */
  connection: ConnectionSummary | null;
  activeConnections: ConnectionSummary[];
}

export type StravaConnectionState = ReadyState<StravaConnections>;

export interface StravaConnectionApi {
  state: StravaConnectionState;
  reload(): void;
  /** Rejects with the API's error; on success the connection reads as not connected. */
  disconnect(): Promise<void>;
  /** Rejects with the API's error; on success the last sync time is updated. */
  sync(): Promise<SyncResponse>;
}

/** The user's Strava connection, read once per screen and shared by the card and the lists beside it. */
export function useStravaConnection(): StravaConnectionApi {
  const client = useApiClient();
  const query = useServerQuery<StravaConnections>(queryKeys.connectionsAs('strava'), () =>
    client.connections().then(({ connections }) => {
      const activeConnections = connections.filter((connection) => connection.isActive);
      const connection = activeConnections.find((candidate) => candidate.provider === 'strava') ?? null;
      return { connection, activeConnections };
    }),
  );
  const { update } = query;
  const queryClient = useQueryClient();
  const activitiesChanged = useCallback(() => invalidateActivityData(queryClient), [queryClient]);
  const state: StravaConnectionState = readyState(query);

  const disconnect = useCallback(async () => {
    await client.disconnect('strava');
    update(({ activeConnections }) => ({
      connection: null,
      activeConnections: activeConnections.filter((c) => c.provider !== 'strava'),
    }));
    activitiesChanged();
  }, [client, update, activitiesChanged]);

  const sync = useCallback(async () => {
    const response = await client.sync('strava');
    if (response.kind === 'queued') notifyImportStarted();
    if (response.kind === 'synced') {
      const { lastSyncAt } = response.result;
      update((previous) =>
        previous.connection ? { ...previous, connection: { ...previous.connection, lastSyncAt } } : previous,
      );
      activitiesChanged();
    }
    return response;
  }, [client, update, activitiesChanged]);

  return { state, reload: query.reload, disconnect, sync };
}
