import { startTransition, useCallback, useEffect, useState } from 'react';
import { useChanged } from '@/lib/use-changed';
import type { ConnectionSummary, SyncResponse } from '@shared/schemas/connections';
import { useApiClient } from '@/lib/api-client-context';
import { notifyImportStarted } from './use-import-jobs';

export type StravaConnectionState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  /** `connection`: the active Strava connection, or null when Strava is not connected. */
  | { status: 'ready'; connection: ConnectionSummary | null; activeConnections: ConnectionSummary[] };

export interface StravaConnectionApi {
  state: StravaConnectionState;
  reload(): void;
  /** Rejects with the API's error; on success the connection reads as not connected. */
  disconnect(): Promise<void>;
  /** Rejects with the API's error; on success the last sync time is updated. */
  sync(): Promise<SyncResponse>;
  /** Changes whenever the user's activities may have changed (sync, disconnect), for lists to reload. */
  activitiesVersion: number;
}

/** The user's Strava connection, read once per screen and shared by the card and the lists beside it. */
export function useStravaConnection(): StravaConnectionApi {
  const client = useApiClient();
  const [state, setState] = useState<StravaConnectionState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [activitiesVersion, setActivitiesVersion] = useState(0);
  if (useChanged([client, attempt])) setState({ status: 'loading' });

  useEffect(() => {
    let current = true;
    client.connections().then(
      ({ connections }) => {
        if (!current) return;
        const activeConnections = connections.filter((connection) => connection.isActive);
        const connection = activeConnections.find((candidate) => candidate.provider === 'strava') ?? null;
        // A transition, as useQuery's data (web/src/lib/use-query.ts): the dashboard it completes renders in slices.
        startTransition(() => setState({ status: 'ready', connection, activeConnections }));
      },
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [client, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const disconnect = useCallback(async () => {
    await client.disconnect('strava');
    setState((previous) =>
      previous.status === 'ready'
        ? {
            status: 'ready',
            connection: null,
            activeConnections: previous.activeConnections.filter((c) => c.provider !== 'strava'),
          }
        : previous,
    );
    setActivitiesVersion((n) => n + 1);
  }, [client]);

  const sync = useCallback(async () => {
    const response = await client.sync('strava');
    if (response.kind === 'queued') notifyImportStarted();
    if (response.kind === 'synced') {
      const { lastSyncAt } = response.result;
      setState((previous) =>
        previous.status === 'ready' && previous.connection
          ? { ...previous, connection: { ...previous.connection, lastSyncAt } }
          : previous,
      );
      setActivitiesVersion((n) => n + 1);
    }
    return response;
  }, [client]);

  return { state, reload, disconnect, sync, activitiesVersion };
}
